import type {
  AuditEntry,
  DashboardPaymentsPage,
  HistoryPage,
  Notification,
  NotificationPayloads,
} from "@unaa/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adPurchases, ledgerEntries } from "../../db/schema/index.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { callAs, createPublished, setSetting, validBodies } from "../ads/ads-test-kit.ts";
import { signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import { credit, readBalance, spend } from "./ledger.ts";

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

const adjust = (client: TestClient, body: object) =>
  callAs(harness, client)("POST", "/api/dashboard/payments/adjustments", body);

async function pageOf(client: TestClient, query: string): Promise<DashboardPaymentsPage> {
  const response = await callAs(harness, client)("GET", `/api/dashboard/payments?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The balance receipts the user was sent, newest first. */
async function receiptsOf(client: TestClient): Promise<NotificationPayloads["paymentReceipt"][]> {
  const response = await callAs(harness, client)("GET", "/api/notifications");
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<{ items: Notification[] }>()
    .items.flatMap((item) => (item.kind === "paymentReceipt" ? [item.payload] : []));
}

describe("[S2.8] dashboard payments", () => {
  it("an admin credits and debits a balance; the answer and the audit entry hold the balance before and after", async () => {
    const user = await signUpUser(harness);
    const credited = await adjust(admin, { userId: user.userId, amount: 12_000, reason: "Goodwill credit" });
    expect(credited.statusCode, credited.body).toBe(201);
    expect(credited.json()).toMatchObject({ balanceBefore: 0, balanceAfter: 12_000 });
    const debited = await adjust(admin, { userId: user.userId, amount: -2_000, reason: "Chargeback debit" });
    expect(debited.statusCode, debited.body).toBe(201);
    expect(debited.json()).toMatchObject({ balanceBefore: 12_000, balanceAfter: 10_000 });

    const history = (
      await callAs(harness, admin)(
        "GET",
        `/api/dashboard/history?action=payment.adjustment&objectType=user&objectId=${user.userId}`,
      )
    ).json<HistoryPage>();
    expect(history.items.map((entry: AuditEntry) => [entry.before, entry.after])).toEqual([
      [
        { balance: 12_000 },
        expect.objectContaining({ balance: 10_000, amount: -2_000, reason: "Chargeback debit" }),
      ],
      [
        { balance: 0 },
        expect.objectContaining({ balance: 12_000, amount: 12_000, reason: "Goodwill credit" }),
      ],
    ]);
    // The user hears of both, with the reason.
    expect(await receiptsOf(user)).toEqual([
      {
        paymentId: String(debited.json().entryId),
        status: "adjusted",
        amount: -2_000,
        balance: 10_000,
        reason: "Chargeback debit",
        link: "/settings/balance",
      },
      {
        paymentId: String(credited.json().entryId),
        status: "adjusted",
        amount: 12_000,
        balance: 12_000,
        reason: "Goodwill credit",
        link: "/settings/balance",
      },
    ]);
  });

  it("a debit below zero is refused with 409 BALANCE_INSUFFICIENT and changes nothing", async () => {
    const user = await signUpUser(harness);
    await adjust(admin, { userId: user.userId, amount: 500, reason: "Small credit" });
    const refused = await adjust(admin, { userId: user.userId, amount: -501, reason: "Too large debit" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("BALANCE_INSUFFICIENT");
    const page = await pageOf(admin, `user=${user.userId}`);
    expect(page.items.map((row) => row.amount)).toEqual([500]);
  });

  it("a reason shorter than 5 characters, a zero or fractional amount are 400 field errors", async () => {
    const user = await signUpUser(harness);
    for (const [body, field] of [
      [{ userId: user.userId, amount: 100, reason: "abcd" }, "reason"],
      [{ userId: user.userId, amount: 100 }, "reason"],
      [{ userId: user.userId, amount: 0, reason: "Zero amount" }, "amount"],
      [{ userId: user.userId, amount: 1.5, reason: "Half tyiyn" }, "amount"],
    ] as const) {
      const response = await adjust(admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(field);
    }
    expect((await pageOf(admin, `user=${user.userId}`)).items).toEqual([]);
  });

  it("moderators read the list but their adjustment is 404 and writes nothing", async () => {
    const user = await signUpUser(harness);
    const response = await adjust(moderator, {
      userId: user.userId,
      amount: 100,
      reason: "Not allowed here",
    });
    expect(response.statusCode).toBe(404);
    expect((await pageOf(moderator, `user=${user.userId}`)).items).toEqual([]);
    const asUser = await callAs(harness, user)("GET", "/api/dashboard/payments");
    expect(asUser.statusCode).toBe(404);
  });

  it("lists movements newest first with who adjusted and why, filtered by kind, user and period, in keyset pages", async () => {
    const user = await signUpUser(harness);
    for (const amount of [100, 200, 300]) {
      await adjust(admin, { userId: user.userId, amount, reason: `Credit of ${amount}` });
    }
    const first = await pageOf(moderator, `user=${user.userId}&kind=adjustment&limit=2`);
    expect(first.items.map((row) => row.amount)).toEqual([300, 200]);
    expect(first.items[0]).toMatchObject({
      user: { id: user.userId, name: user.username },
      kind: "adjustment",
      balanceAfter: 600,
      staff: { id: admin.userId },
      reason: "Credit of 300",
      provider: null,
    });
    expect(first.nextCursor).not.toBeNull();
    const second = await pageOf(
      moderator,
      `user=${user.userId}&kind=adjustment&limit=2&cursor=${first.nextCursor}`,
    );
    expect(second.items.map((row) => row.amount)).toEqual([100]);
    expect(second.nextCursor).toBeNull();

    expect((await pageOf(moderator, `user=${user.userId}&kind=top_up`)).items).toEqual([]);
    expect((await pageOf(moderator, `user=${user.userId}&to=2020-01-01`)).items).toEqual([]);
    expect((await pageOf(moderator, `user=${user.userId}&providerRef=nothing-like-this`)).items).toEqual([]);
    const byPhone = await pageOf(
      moderator,
      `user=${encodeURIComponent(user.login.slice(-7))}&kind=adjustment`,
    );
    expect(byPhone.items.some((row) => row.user.id === user.userId)).toBe(true);

    const badRange = await callAs(harness, moderator)(
      "GET",
      "/api/dashboard/payments?from=2026-02-02&to=2026-01-01",
    );
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().errors.map((error: { path: string }) => error.path)).toContain("to");
  });
});

const refund = (client: TestClient, entryId: number, body: object) =>
  callAs(harness, client)("POST", `/api/dashboard/payments/${entryId}/refund`, body);

/** A buyer who paid `price` tyiyn for `kind` (the ledger's debit, as a purchase writes it); its entry id. */
async function buyer(price: number, kind: "purchase" | "plan_renewal" = "plan_renewal") {
  const user = await signUpUser(harness);
  const db = harness.database.db;
  const entry = await db.transaction(async (tx) => {
    await credit(tx, user.userId, 10_000, { kind: "adjustment", reason: "test", staffId: admin.userId });
    return spend(tx, user.userId, price, kind, kind === "purchase" ? "ad:1:vip" : "plan:pro");
  });
  return { user, entryId: entry.id };
}

/** The user's ledger is the balance: the sum of its entries, and the last entry's balance after. */
async function expectLedgerConsistent(userId: number) {
  const db = harness.database.db;
  const [sum] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  const balance = await readBalance(db, userId);
  expect(sum?.total).toBe(balance);
  const page = await pageOf(admin, `user=${userId}`);
  expect(page.items[0]?.balanceAfter).toBe(balance);
  return balance;
}

describe("[S2.8] dashboard payments: an admin refunds a purchase", () => {
  it("[S2.8] a full refund credits the buyer with a staff_refund tied to the purchase, audited with the balance before and after", async () => {
    const { user, entryId } = await buyer(3_000);
    expect((await pageOf(admin, `user=${user.userId}&kind=plan_renewal`)).items[0]).toMatchObject({
      id: entryId,
      refundable: 3_000,
    });
    const response = await refund(admin, entryId, { amount: 3_000, reason: "Plan did not work" });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ refundable: 0, balanceBefore: 7_000, balanceAfter: 10_000 });
    const page = await pageOf(admin, `user=${user.userId}`);
    expect(page.items[0]).toMatchObject({
      id: response.json().entryId,
      kind: "staff_refund",
      amount: 3_000,
      reference: `ledger:${entryId}`,
      staff: { id: admin.userId },
      reason: "Plan did not work",
      refundable: null,
    });
    expect(page.items.find((row) => row.id === entryId)?.refundable).toBe(0);
    expect(await expectLedgerConsistent(user.userId)).toBe(10_000);
    expect(await receiptsOf(user)).toEqual([
      {
        paymentId: String(response.json().entryId),
        status: "refundedToBalance",
        amount: 3_000,
        balance: 10_000,
        reason: "Plan did not work",
        link: "/settings/balance",
      },
    ]);

    const history = (
      await callAs(harness, admin)(
        "GET",
        `/api/dashboard/history?action=refund&objectType=payment&objectId=${entryId}`,
      )
    ).json<HistoryPage>();
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({
      staff: { id: admin.userId },
      before: { balance: 7_000, refundable: 3_000 },
      after: expect.objectContaining({
        balance: 10_000,
        refundable: 0,
        amount: 3_000,
        reason: "Plan did not work",
        userId: user.userId,
      }),
    });
  });

  it("[S2.8] partial refunds add up to the price; one tyiyn more is 409 REFUND_EXCEEDS_PURCHASE and writes nothing", async () => {
    const { user, entryId } = await buyer(5_000, "purchase");
    for (const [amount, left] of [
      [1_000, 4_000],
      [2_500, 1_500],
    ] as const) {
      const response = await refund(admin, entryId, { amount, reason: "Partial refund" });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().refundable).toBe(left);
    }
    const exceeding = await refund(admin, entryId, { amount: 1_501, reason: "One tyiyn too many" });
    expect(exceeding.statusCode).toBe(409);
    expect(exceeding.json().code).toBe("REFUND_EXCEEDS_PURCHASE");
    expect(await expectLedgerConsistent(user.userId)).toBe(5_000 + 3_500);
    const audited = (
      await callAs(harness, admin)(
        "GET",
        `/api/dashboard/history?action=refund&objectType=payment&objectId=${entryId}`,
      )
    ).json<HistoryPage>();
    expect(audited.items).toHaveLength(2);

    const rest = await refund(admin, entryId, { amount: 1_500, reason: "The rest of it" });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ refundable: 0, balanceAfter: 10_000 });
    expect((await refund(admin, entryId, { amount: 1, reason: "Nothing is left" })).statusCode).toBe(409);
    expect(await expectLedgerConsistent(user.userId)).toBe(10_000);
  });

  it("[S2.8] an entry that is not a purchase, or none at all, is 404; bad input is 400 field errors", async () => {
    const { user } = await buyer(1_000);
    const [adjustment] = (await pageOf(admin, `user=${user.userId}&kind=adjustment`)).items;
    expect(adjustment).toBeDefined();
    const notPurchase = await refund(admin, adjustment?.id ?? 0, { amount: 100, reason: "Not a purchase" });
    expect(notPurchase.statusCode).toBe(404);
    expect(notPurchase.json().code).toBe("NOT_FOUND");
    expect((await refund(admin, 2_000_000_000, { amount: 100, reason: "No such entry" })).statusCode).toBe(
      404,
    );

    const { entryId } = await buyer(1_000);
    for (const [body, field] of [
      [{ amount: 100, reason: "abcd" }, "reason"],
      [{ amount: 0, reason: "Zero amount" }, "amount"],
      [{ amount: -100, reason: "Negative amount" }, "amount"],
      [{ amount: 1.5, reason: "Half tyiyn" }, "amount"],
      [{ reason: "No amount at all" }, "amount"],
    ] as const) {
      const response = await refund(admin, entryId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(field);
    }
    expect(await expectLedgerConsistent(user.userId)).toBe(9_000);
  });

  it("[S2.8] a moderator's refund is 404 and writes nothing", async () => {
    const { user, entryId } = await buyer(2_000);
    const response = await refund(moderator, entryId, { amount: 500, reason: "Not allowed here" });
    expect(response.statusCode).toBe(404);
    expect((await pageOf(moderator, `user=${user.userId}&kind=staff_refund`)).items).toEqual([]);
    expect(await readBalance(harness.database.db, user.userId)).toBe(8_000);
  });

  it("[S2.8] the automatic refund on removal and an admin's refund never give back more than the price together", async () => {
    const db = harness.database.db;
    await setSetting(harness, "moderationMode", "post");
    const seller = await signUpUser(harness);
    await db.transaction((tx) =>
      credit(tx, seller.userId, 200_000, { kind: "adjustment", reason: "test", staffId: admin.userId }),
    );
    const ad = await createPublished(harness, seller, (await validBodies(harness)).car);
    const bought = await callAs(harness, seller)("POST", `/api/services/car/${ad.id}`, {
      service: "vip",
      days: 7,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const [purchase] = await db.select().from(adPurchases).where(eq(adPurchases.adId, ad.id));
    const entryId = purchase?.ledgerEntryId ?? 0;
    const price = purchase?.price ?? 0;
    expect(price).toBeGreaterThan(0);

    // The admin gives back all but 100 tyiyn; the removal right after would refund nearly the whole price.
    expect(
      (await refund(admin, entryId, { amount: price - 100, reason: "Goodwill refund" })).statusCode,
    ).toBe(201);
    const removed = await callAs(harness, moderator)("POST", `/api/ads/${ad.id}/remove`);
    expect(removed.statusCode, removed.body).toBe(200);
    const given = await db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.userId, seller.userId),
          sql`${ledgerEntries.kind} in ('service_refund', 'staff_refund')`,
        ),
      );
    expect(given.reduce((sum, row) => sum + row.amount, 0)).toBe(price);
    const after = (await pageOf(admin, `user=${seller.userId}&kind=purchase`)).items[0];
    expect(after).toMatchObject({ id: entryId, refundable: 0 });
    expect((await refund(admin, entryId, { amount: 1, reason: "Nothing is left" })).json().code).toBe(
      "REFUND_EXCEEDS_PURCHASE",
    );
    expect(await expectLedgerConsistent(seller.userId)).toBe(200_000);
  });
});
