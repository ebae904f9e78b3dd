import type {
  DashboardPlanInput,
  DashboardPlans,
  DashboardSubscriptionsPage,
  HistoryPage,
} from "@unaa/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { callAs } from "../ads/ads-test-kit.ts";
import { signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import { credit } from "../money/ledger.ts";

let harness: TestApp;
let moderator: TestClient;
let admin: TestClient;

beforeAll(async () => {
  harness = await createTestApp();
  moderator = (await signUpPersona(harness, "moderator")) as TestClient;
  admin = (await signUpPersona(harness, "admin")) as TestClient;
});
afterAll(async () => {
  await harness.close();
});

async function subscriber(plan: string): Promise<TestClient> {
  const client = await signUpUser(harness);
  await harness.database.db.transaction((tx) =>
    credit(tx, client.userId, 10_000_000, { kind: "adjustment", reason: "test" }),
  );
  const response = await callAs(harness, client)("POST", "/api/subscriptions", { plan });
  expect(response.statusCode, response.body).toBe(201);
  return client;
}

async function plansOf(client: TestClient): Promise<DashboardPlans> {
  const response = await callAs(harness, client)("GET", "/api/dashboard/subscribes/plans");
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("[S2.8] dashboard subscribes", () => {
  it("lists every plan; an admin edits one, audited as plan.change with before and after", async () => {
    const plans = (await plansOf(moderator)).items;
    expect(plans.length).toBeGreaterThanOrEqual(3);
    const plan = plans.at(-1);
    if (!plan) throw new Error("no plan");
    const input: DashboardPlanInput = {
      names: { ky: "Тест тариф", ru: "Тестовый тариф", en: "Test plan" },
      price: plan.price + 100,
      adLimits: { ...plan.adLimits, car: plan.adLimits.car + 1 },
      raiseCredits: plan.raiseCredits + 1,
      isActive: false,
    };
    const edited = await callAs(harness, admin)("PUT", `/api/dashboard/subscribes/plans/${plan.code}`, input);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ code: plan.code, ...input });
    expect((await plansOf(moderator)).items.find((item) => item.code === plan.code)).toMatchObject(input);
    // Off sale: the public list no longer has it.
    const onSale = (await callAs(harness, null)("GET", "/api/plans")).json<{ items: { code: string }[] }>();
    expect(onSale.items.map((item) => item.code)).not.toContain(plan.code);

    const history = (
      await callAs(harness, admin)(
        "GET",
        `/api/dashboard/history?action=plan.change&objectType=plan&objectId=${plan.code}`,
      )
    ).json<HistoryPage>();
    expect(history.items).toHaveLength(1);
    expect(history.items[0]?.before).toMatchObject({ price: plan.price, isActive: true });
    expect(history.items[0]?.after).toMatchObject({ price: plan.price + 100, isActive: false });
  });

  it("a bad plan edit is a 400 with field errors; an unknown plan 404; a moderator's edit 404", async () => {
    const [plan] = (await plansOf(admin)).items;
    if (!plan) throw new Error("no plan");
    const good: DashboardPlanInput = {
      names: plan.names,
      price: plan.price,
      adLimits: plan.adLimits,
      raiseCredits: plan.raiseCredits,
      isActive: true,
    };
    const bad = await callAs(harness, admin)("PUT", `/api/dashboard/subscribes/plans/${plan.code}`, {
      ...good,
      names: { ...good.names, ky: " " },
      price: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { path: string }) => error.path)).toEqual(
      expect.arrayContaining(["names.ky", "price"]),
    );
    expect(
      (await callAs(harness, admin)("PUT", "/api/dashboard/subscribes/plans/nope", good)).json().code,
    ).toBe("PLAN_NOT_FOUND");
    const byModerator = await callAs(harness, moderator)(
      "PUT",
      `/api/dashboard/subscribes/plans/${plan.code}`,
      good,
    );
    expect(byModerator.statusCode).toBe(404);
    expect(byModerator.json().code).toBe("ROUTE_NOT_FOUND");
  });

  it("lists current subscriptions by plan in keyset pages; an admin stops auto-renewal once, audited", async () => {
    const [cheap, other] = (await plansOf(admin)).items.filter((plan) => plan.isActive);
    if (!cheap || !other) throw new Error("two plans on sale expected");
    const first = await subscriber(cheap.code);
    const second = await subscriber(cheap.code);
    const elsewhere = await subscriber(other.code);

    const page = (
      await callAs(harness, moderator)("GET", `/api/dashboard/subscribes?plan=${cheap.code}&limit=1`)
    ).json<DashboardSubscriptionsPage>();
    expect(page.items.map((row) => row.user.id)).toEqual([second.userId]);
    expect(page.items[0]).toMatchObject({ plan: { code: cheap.code }, status: "active", autoRenew: true });
    const next = (
      await callAs(harness, moderator)(
        "GET",
        `/api/dashboard/subscribes?plan=${cheap.code}&limit=1&cursor=${page.nextCursor}`,
      )
    ).json<DashboardSubscriptionsPage>();
    expect(next.items.map((row) => row.user.id)).toEqual([first.userId]);
    const all = (
      await callAs(harness, moderator)("GET", `/api/dashboard/subscribes?plan=${cheap.code}`)
    ).json<DashboardSubscriptionsPage>();
    expect(all.items.map((row) => row.user.id)).not.toContain(elsewhere.userId);

    const id = page.items[0]?.id;
    expect(
      (await callAs(harness, moderator)("POST", `/api/dashboard/subscribes/${id}/cancel`)).statusCode,
    ).toBe(404);
    for (let time = 0; time < 2; time++) {
      const stopped = await callAs(harness, admin)("POST", `/api/dashboard/subscribes/${id}/cancel`);
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect(stopped.json()).toMatchObject({ id, status: "cancelled", autoRenew: false });
    }
    const mine = (await callAs(harness, second)("GET", "/api/subscriptions/me")).json();
    expect(mine.subscription).toMatchObject({ status: "cancelled", autoRenew: false });
    const history = (
      await callAs(harness, admin)(
        "GET",
        `/api/dashboard/history?action=subscription.cancel&objectType=subscription&objectId=${id}`,
      )
    ).json<HistoryPage>();
    expect(history.items).toHaveLength(1);
    expect(history.items[0]?.after).toMatchObject({ autoRenew: false, userId: second.userId });
    expect(
      (await callAs(harness, admin)("POST", "/api/dashboard/subscribes/99999999/cancel")).json().code,
    ).toBe("SUBSCRIPTION_NOT_FOUND");
  });
});
