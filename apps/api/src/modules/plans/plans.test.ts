import {
  type MySubscription,
  mySubscriptionSchema,
  type Notification,
  planListSchema,
  type Subscription,
  subscriptionListSchema,
  subscriptionSchema,
} from "@unaa/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { ledgerEntries, subscriptions } from "../../db/schema/index.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { callAs, setSetting, validBodies } from "../ads/ads-test-kit.ts";
import { GOOD_PASSWORD, signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import { credit, readBalance } from "../money/ledger.ts";
import { useRaiseCredit } from "./plans.repository.ts";
import { addMonth } from "./plans.service.ts";

let harness: TestApp;
let db: Database;
let bodies: Awaited<ReturnType<typeof validBodies>>;
/** The seeded plans' monthly prices (tyiyn). */
const start = { code: "start", price: 30_000, carLimit: 10, raiseCredits: 5 };
const pro = { code: "pro", price: 90_000 };
const MINUTE = 60_000;
const DAY = 86_400_000;

beforeAll(async () => {
  harness = await createTestApp({ JOB_WORKERS: "false" });
  db = harness.database.db;
  await setSetting(harness, "moderationMode", "post");
  bodies = await validBodies(harness);
});

afterAll(async () => {
  await harness?.close();
});

// ---- helpers ------------------------------------------------------------------------------------

async function newSeller(balance: number): Promise<TestClient> {
  const client = await signUpUser(harness);
  if (balance > 0) {
    await db.transaction((tx) => credit(tx, client.userId, balance, { kind: "adjustment", reason: "test" }));
  }
  return client;
}

async function buy(client: TestClient, plan: string): Promise<Subscription> {
  const response = await callAs(harness, client)("POST", "/api/subscriptions", { plan });
  expect(response.statusCode, response.body).toBe(201);
  return subscriptionSchema.parse(response.json());
}

async function mine(client: TestClient): Promise<MySubscription> {
  const response = await callAs(harness, client)("GET", "/api/subscriptions/me");
  expect(response.statusCode, response.body).toBe(200);
  return mySubscriptionSchema.parse(response.json());
}

async function notificationsOf(client: TestClient): Promise<Notification[]> {
  const response = await callAs(harness, client)("GET", "/api/notifications");
  return response.json<{ items: Notification[] }>().items;
}

async function entriesOf(userId: number) {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.id);
}

/** The cached balance equals the sum of the user's entries, and is not negative. */
async function expectLedgerInvariant(userId: number): Promise<number> {
  const [sum] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  const balance = await readBalance(db, userId);
  expect(balance).toBe(Number(sum?.total ?? 0));
  expect(balance).toBeGreaterThanOrEqual(0);
  return balance;
}

/** Runs the renewal job's work as if the clock read `at`. */
function renewAt(at: Date | number) {
  return harness.app.plans.runRenewals(new Date(at));
}

// ---- the plans on sale and buying ---------------------------------------------------------------

describe("plans and buying one", () => {
  it("[P6.4] lists the plans on sale, cheapest first, with the free limits they raise (public)", async () => {
    const response = await harness.app.inject({ method: "GET", url: "/api/plans" });
    expect(response.statusCode).toBe(200);
    const list = planListSchema.parse(response.json());
    expect(list.items.map((plan) => plan.code)).toEqual(["start", "pro", "business"]);
    const prices = list.items.map((plan) => plan.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const plan of list.items) expect(plan.adLimits.car).toBeGreaterThan(list.freeLimits.car);
    expect(list.items[0]?.names).toEqual({ ky: "Старт", ru: "Старт", en: "Start" });
  });

  it("[P6.4] buying a plan takes its first month from the balance and gives its limits and raise credits", async () => {
    const client = await newSeller(50_000);
    const before = Date.now();
    const subscription = await buy(client, start.code);
    expect(subscription).toMatchObject({
      status: "active",
      autoRenew: true,
      raiseCreditsLeft: start.raiseCredits,
      plan: { code: start.code, price: start.price },
    });
    const paidUntil = new Date(subscription.paidUntil).getTime();
    expect(paidUntil).toBe(addMonth(new Date(subscription.startedAt)).getTime());
    expect(paidUntil - before).toBeGreaterThan(27 * DAY);
    expect(await readBalance(db, client.userId)).toBe(50_000 - start.price);
    const [, purchase] = await entriesOf(client.userId);
    expect(purchase).toMatchObject({ kind: "purchase", amount: -start.price, reference: "plan:start" });
    const me = await mine(client);
    expect(me.subscription?.id).toBe(subscription.id);
    expect(me.limits.find((row) => row.vertical === "car")).toEqual({
      vertical: "car",
      used: 0,
      limit: start.carLimit,
    });
    await expectLedgerInvariant(client.userId);
  });

  it("[P6.4] a balance short of the price buys nothing: 409 BALANCE_INSUFFICIENT, no plan, balance unchanged", async () => {
    const client = await newSeller(start.price - 1);
    const response = await callAs(harness, client)("POST", "/api/subscriptions", { plan: start.code });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "BALANCE_INSUFFICIENT" });
    expect((await mine(client)).subscription).toBeNull();
    expect(await readBalance(db, client.userId)).toBe(start.price - 1);
    expect(await entriesOf(client.userId)).toHaveLength(1);
  });

  it("[P4.6] [P6.4] the ads engine's limit is the plan's: AD_LIMIT_REACHED at the free limit, more ads with a plan", async () => {
    await setSetting(harness, "freeAdLimits", { car: 1, commercial: 3, moto: 3, uslugi: 5 });
    try {
      const client = await newSeller(start.price);
      const ask = callAs(harness, client);
      const publishNew = async () => {
        const created = await ask("POST", "/api/ads", bodies.car);
        expect(created.statusCode, created.body).toBe(201);
        return ask("POST", `/api/ads/${created.json<{ id: number }>().id}/publish`);
      };
      expect((await publishNew()).statusCode).toBe(200);
      const refused = await publishNew();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: "AD_LIMIT_REACHED" });
      await buy(client, start.code);
      expect((await publishNew()).statusCode).toBe(200);
      expect((await mine(client)).limits.find((row) => row.vertical === "car")).toEqual({
        vertical: "car",
        used: 2,
        limit: start.carLimit,
      });
    } finally {
      await setSetting(harness, "freeAdLimits", { car: 3, commercial: 3, moto: 3, uslugi: 5 });
    }
  });

  it("[P6.4] changing plan starts the new one now: the unused part of the old month goes back first (pro rata)", async () => {
    const client = await newSeller(start.price + pro.price);
    const first = await buy(client, start.code);
    // Half the paid month later (the test moves the clock of the purchase, not of the machine).
    const half = new Date((new Date(first.periodStart).getTime() + new Date(first.paidUntil).getTime()) / 2);
    const changed = await harness.app.plans.subscribe(client.userId, { plan: pro.code }, half);
    expect(changed).toMatchObject({ status: "active", plan: { code: pro.code } });
    expect(changed.periodStart).toBe(half.toISOString());
    const entries = await entriesOf(client.userId);
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ["adjustment", start.price + pro.price],
      ["purchase", -start.price],
      ["refund", start.price / 2],
      ["purchase", -pro.price],
    ]);
    const [old] = await db.select().from(subscriptions).where(eq(subscriptions.id, first.id));
    expect(old?.status).toBe("lapsed");
    expect(await expectLedgerInvariant(client.userId)).toBe(start.price / 2);
  });

  it("[P6.4] ten parallel purchases with money for one buy one plan and never take the balance below zero", async () => {
    const client = await newSeller(start.price + 10);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        callAs(harness, client)("POST", "/api/subscriptions", { plan: start.code }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect(await expectLedgerInvariant(client.userId)).toBe(10);
    const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, client.userId));
    expect(rows).toHaveLength(1);
  });
});

// ---- cancel, resume, renewals -------------------------------------------------------------------

describe("renewals (the clock moved in the job's call, not slept)", () => {
  it("[P6.4] cancel keeps the plan to the end of the paid month, then it ends without a charge", async () => {
    const client = await newSeller(start.price * 2);
    const bought = await buy(client, start.code);
    const cancelled = await callAs(harness, client)("POST", "/api/subscriptions/me/cancel");
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", autoRenew: false });
    const paidUntil = new Date(bought.paidUntil).getTime();
    await renewAt(paidUntil - MINUTE);
    const meBefore = await mine(client);
    expect(meBefore.subscription?.status).toBe("cancelled");
    expect(meBefore.limits.find((row) => row.vertical === "car")?.limit).toBe(start.carLimit);
    expect((await notificationsOf(client)).some((item) => item.kind === "planRenewalSoon")).toBe(false);
    await renewAt(paidUntil + MINUTE);
    const meAfter = await mine(client);
    expect(meAfter.subscription).toBeNull();
    expect(meAfter.limits.find((row) => row.vertical === "car")?.limit).toBe(3);
    expect(await readBalance(db, client.userId)).toBe(start.price);
    const resumed = await callAs(harness, client)("POST", "/api/subscriptions/me/resume");
    expect(resumed.statusCode).toBe(404);
    expect(resumed.json()).toMatchObject({ code: "SUBSCRIPTION_NOT_FOUND" });
  });

  it("[P6.4] resume turns renewal on again while the month runs; cancel and resume twice are harmless", async () => {
    const client = await newSeller(start.price);
    await buy(client, start.code);
    const ask = callAs(harness, client);
    expect((await ask("POST", "/api/subscriptions/me/cancel")).json()).toMatchObject({ status: "cancelled" });
    expect((await ask("POST", "/api/subscriptions/me/cancel")).json()).toMatchObject({ status: "cancelled" });
    expect((await ask("POST", "/api/subscriptions/me/resume")).json()).toMatchObject({
      status: "active",
      autoRenew: true,
    });
    expect((await ask("POST", "/api/subscriptions/me/resume")).statusCode).toBe(200);
  });

  it("[P6.4] [P9.2] renewal moves the money, extends paid_until by a month, resets raise credits, and tells the user — once however often the job runs", async () => {
    const client = await newSeller(start.price * 2 + 500);
    const bought = await buy(client, start.code);
    expect(await db.transaction((tx) => useRaiseCredit(tx, client.userId))).toBe(true);
    const paidUntil = new Date(bought.paidUntil);
    await Promise.all([renewAt(paidUntil.getTime() + MINUTE), renewAt(paidUntil.getTime() + MINUTE)]);
    await renewAt(paidUntil.getTime() + 2 * MINUTE);
    const me = await mine(client);
    expect(me.subscription).toMatchObject({
      status: "active",
      periodStart: paidUntil.toISOString(),
      paidUntil: addMonth(paidUntil).toISOString(),
      raiseCreditsLeft: start.raiseCredits,
    });
    const renewals = (await entriesOf(client.userId)).filter((entry) => entry.kind === "plan_renewal");
    expect(renewals).toEqual([
      expect.objectContaining({ amount: -start.price, reference: "plan:start", balanceAfter: 500 }),
    ]);
    const told = (await notificationsOf(client)).filter((item) => item.kind === "planRenewed");
    expect(told).toHaveLength(1);
    expect(told[0]?.payload).toMatchObject({
      price: start.price,
      balance: 500,
      paidUntil: addMonth(paidUntil).toISOString(),
      link: "/settings/subscribe",
    });
    expect(await expectLedgerInvariant(client.userId)).toBe(500);
  });

  it("[P6.4] [P9.2] a renewal the balance cannot pay ends the plan with a notice, and takes nothing", async () => {
    const client = await newSeller(start.price + start.price - 1);
    const bought = await buy(client, start.code);
    const paidUntil = new Date(bought.paidUntil).getTime();
    const run = await renewAt(paidUntil + MINUTE);
    expect(run.failed).toBeGreaterThanOrEqual(1);
    expect((await mine(client)).subscription).toBeNull();
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, bought.id));
    expect(row).toMatchObject({ status: "lapsed", endedAt: new Date(bought.paidUntil) });
    expect(await readBalance(db, client.userId)).toBe(start.price - 1);
    expect((await entriesOf(client.userId)).some((entry) => entry.kind === "plan_renewal")).toBe(false);
    const failed = (await notificationsOf(client)).filter((item) => item.kind === "planRenewalFailed");
    expect(failed).toHaveLength(1);
    expect(failed[0]?.payload).toMatchObject({ price: start.price, balance: start.price - 1 });
    // Buying again after a top-up works: the lapsed row is history.
    await db.transaction((tx) => credit(tx, client.userId, 1, { kind: "adjustment", reason: "test" }));
    expect((await buy(client, start.code)).status).toBe("active");
  });

  it("[P6.4] [P9.2] the renewal notice goes out 3 days before, once per paid month", async () => {
    const client = await newSeller(start.price * 2);
    const bought = await buy(client, start.code);
    const paidUntil = new Date(bought.paidUntil).getTime();
    await renewAt(paidUntil - 4 * DAY);
    const soon = () =>
      notificationsOf(client).then((items) => items.filter((item) => item.kind === "planRenewalSoon"));
    expect(await soon()).toHaveLength(0);
    await Promise.all([renewAt(paidUntil - 3 * DAY + MINUTE), renewAt(paidUntil - 2 * DAY)]);
    await renewAt(paidUntil - DAY);
    const notices = await soon();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.payload).toMatchObject({
      planNames: { ky: "Старт", ru: "Старт", en: "Start" },
      price: start.price,
      paidUntil: bought.paidUntil,
      balance: start.price,
    });
    // The email goes out too (on by default for plan notices).
    const emails = await harness.app.jobs.boss.fetch<{ userId: number; kind: string }>("notification-email", {
      batchSize: 100,
    });
    expect(
      emails.filter((job) => job.data.userId === client.userId && job.data.kind === "planRenewalSoon"),
    ).toHaveLength(1);
    // Renewed, the next month gets its own notice.
    await renewAt(paidUntil + MINUTE);
    await renewAt(addMonth(new Date(paidUntil)).getTime() - 2 * DAY);
    expect(await soon()).toHaveLength(2);
  });
});

describe("a closed account", () => {
  it("[P6.4] deleting the account ends its plan: nothing renews from its balance", async () => {
    const client = await newSeller(start.price * 2);
    const bought = await buy(client, start.code);
    const deleted = await callAs(harness, client)("DELETE", "/api/user/me", { password: GOOD_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    await renewAt(new Date(bought.paidUntil).getTime() + MINUTE);
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, bought.id));
    expect(row?.status).toBe("lapsed");
    expect(await readBalance(db, client.userId)).toBe(start.price);
  });
});

// ---- raise credits, refusals, staff -------------------------------------------------------------

describe("raise credits, bad input and staff", () => {
  it("[P6.4] useRaiseCredit takes the plan's monthly credits one by one, then answers false", async () => {
    const client = await newSeller(start.price);
    await buy(client, start.code);
    const taken = [];
    for (let index = 0; index <= start.raiseCredits; index += 1) {
      taken.push(await db.transaction((tx) => useRaiseCredit(tx, client.userId)));
    }
    expect(taken).toEqual([...Array(start.raiseCredits).fill(true), false]);
    expect((await mine(client)).subscription?.raiseCreditsLeft).toBe(0);
    const without = await newSeller(0);
    expect(await db.transaction((tx) => useRaiseCredit(tx, without.userId))).toBe(false);
  });

  it("[P6.4] refuses bad input with field errors, an unknown plan with 404, the same plan twice with 409", async () => {
    const client = await newSeller(start.price);
    const ask = callAs(harness, client);
    for (const body of [
      {},
      { plan: 5 },
      { plan: "" },
      { plan: "PRO!" },
      { plan: "a".repeat(40) },
      { plan: "pro", x: 1 },
    ]) {
      const response = await ask("POST", "/api/subscriptions", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
      expect(response.json<{ errors: unknown[] }>().errors.length).toBeGreaterThan(0);
    }
    for (const url of [
      "/api/subscriptions",
      "/api/subscriptions/me/cancel",
      "/api/subscriptions/me/resume",
    ]) {
      const malformed = await harness.app.inject({
        method: "POST",
        url,
        headers: { authorization: `Bearer ${client.accessToken}`, "content-type": "application/json" },
        payload: '{"plan":',
      });
      expect(malformed.statusCode, url).toBe(400);
      expect(malformed.json<{ code: string }>().code, url).toMatch(/^[A-Z_]+$/);
    }
    const unknown = await ask("POST", "/api/subscriptions", { plan: "platinum" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "PLAN_NOT_FOUND" });
    expect((await ask("POST", "/api/subscriptions/me/cancel")).statusCode).toBe(404);
    await buy(client, start.code);
    const again = await ask("POST", "/api/subscriptions", { plan: start.code });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "SUBSCRIPTION_EXISTS" });
    const badStatus = await callAs(harness, await signUpPersona(harness, "admin"))(
      "GET",
      "/api/subscriptions?status=paused",
    );
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()).toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("[P6.4] staff read the subscriptions by status (dashboard → subscribes)", async () => {
    const client = await newSeller(start.price);
    const bought = await buy(client, start.code);
    const moderator = await signUpPersona(harness, "moderator");
    const response = await callAs(harness, moderator)("GET", "/api/subscriptions?status=active");
    expect(response.statusCode).toBe(200);
    const list = subscriptionListSchema.parse(response.json());
    expect(list.items.every((item) => item.status === "active")).toBe(true);
    expect(list.items.find((item) => item.id === bought.id)).toMatchObject({ userId: client.userId });
    const [row] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, client.userId), eq(subscriptions.status, "active")));
    expect(row?.id).toBe(bought.id);
  });
});
