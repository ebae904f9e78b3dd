import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type LedgerPage,
  ledgerPageSchema,
  type Notification,
  type Payment,
  paymentSchema,
  topUpResponseSchema,
  walletSchema,
} from "@unaa/contracts";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { parseConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { ledgerEntries, payments, wallets } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { openTestDatabase } from "../../test/test-database.ts";
import { callAs } from "../ads/ads-test-kit.ts";
import { signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import {
  freedomPayResultPath,
  hasValidPgSig,
  readFlatXml,
  signPg,
  writeFlatXml,
} from "./freedompay-provider.ts";
import { credit, moveBalance, readBalance, spend } from "./ledger.ts";
import {
  deliverSandboxNotice,
  type SandboxNoticeJob,
  sandboxNoticeBody,
  sandboxNoticeJob,
  sandboxSignatureHeader,
  sandboxWebhookPath,
  signSandboxBody,
} from "./sandbox-provider.ts";

const sandboxSecret = "sandbox-secret-for-tests-0123456789abcdef";
const merchantId = "548856";
const merchantKey = "merchant-secret-key";

let harness: TestApp;
let db: Database;
let admin: TestClient;
let moderator: TestClient;
let fakeFreedomPay: Server;
/** What the fake provider was asked, with whether its signature held. */
const providerCalls: { script: string; params: Record<string, string>; signed: boolean }[] = [];
/** What the fake answers `get_status2.php` with. */
let remoteStatus = "pending";

/** A local stand-in for Freedom Pay: checks each request's pg_sig as the provider does, answers signed XML. */
function startFakeFreedomPay(): Promise<string> {
  fakeFreedomPay = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const script = (request.url ?? "").replace(/^\//, "");
      const params = Object.fromEntries(new URLSearchParams(body));
      const signed = hasValidPgSig(script, params, merchantKey) && params.pg_merchant_id === merchantId;
      providerCalls.push({ script, params, signed });
      const answer: Record<string, string> = !signed
        ? { pg_status: "error", pg_error_code: "9998", pg_error_description: "Wrong signature" }
        : script === "init_payment.php"
          ? {
              pg_status: "ok",
              pg_payment_id: "7001",
              pg_redirect_url: `https://customer.freedompay.kg/pay.html?customer=${params.pg_order_id}`,
              pg_redirect_url_type: "need data",
            }
          : { pg_status: "ok", pg_payment_id: "7001", pg_payment_status: remoteStatus };
      response.setHeader("content-type", "application/xml");
      response.end(writeFlatXml(script, answer, merchantKey));
    });
  });
  return new Promise((resolve) => {
    fakeFreedomPay.listen(0, "127.0.0.1", () => {
      resolve(`http://127.0.0.1:${(fakeFreedomPay.address() as AddressInfo).port}`);
    });
  });
}

beforeAll(async () => {
  const apiUrl = await startFakeFreedomPay();
  harness = await createTestApp({
    JOB_WORKERS: "false",
    SANDBOX_WEBHOOK_SECRET: sandboxSecret,
    FREEDOMPAY_MERCHANT_ID: merchantId,
    FREEDOMPAY_SECRET_KEY: merchantKey,
    FREEDOMPAY_API_URL: apiUrl,
  });
  db = harness.database.db;
  admin = (await signUpPersona(harness, "admin")) as TestClient;
  moderator = (await signUpPersona(harness, "moderator")) as TestClient;
});

afterAll(async () => {
  await harness?.close();
  await new Promise((resolve) => fakeFreedomPay?.close(resolve));
});

// ---- helpers ------------------------------------------------------------------------------------

async function balanceOf(client: TestClient): Promise<number> {
  const response = await callAs(harness, client)("GET", "/api/balance");
  expect(response.statusCode).toBe(200);
  return walletSchema.parse(response.json()).balance;
}

async function ledgerOf(client: TestClient, query = ""): Promise<LedgerPage> {
  const response = await callAs(harness, client)("GET", `/api/balance/ledger${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ledgerPageSchema.parse(response.json());
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

async function startTopUp(client: TestClient, amount = 50_000, provider = "sandbox") {
  const response = await callAs(harness, client)("POST", "/api/payments", { amount, provider });
  expect(response.statusCode, response.body).toBe(201);
  return topUpResponseSchema.parse(response.json());
}

async function paymentOf(client: TestClient, id: string): Promise<Payment> {
  const response = await callAs(harness, client)("GET", `/api/payments/${id}`);
  expect(response.statusCode).toBe(200);
  return paymentSchema.parse(response.json());
}

/** Works the queued sandbox notices here (the test app runs no workers), as the queue would. */
async function workSandboxNotices(): Promise<number> {
  const { boss } = harness.app.jobs;
  const jobs = await boss.fetch<SandboxNoticeJob>(sandboxNoticeJob, { batchSize: 50 });
  for (const job of jobs) {
    await deliverSandboxNotice((request) => harness.app.inject(request), sandboxSecret, job.data);
    await boss.complete(sandboxNoticeJob, job.id);
  }
  return jobs.length;
}

function sendSandboxNotice(
  notice: SandboxNoticeJob,
  options: { secret?: string; at?: Date; body?: string } = {},
) {
  const body = options.body ?? sandboxNoticeBody(notice);
  return harness.app.inject({
    method: "POST",
    url: sandboxWebhookPath,
    headers: {
      "content-type": "application/json",
      [sandboxSignatureHeader]: signSandboxBody(options.secret ?? sandboxSecret, body, options.at),
    },
    payload: body,
  });
}

/** A new pending sandbox payment of the client, its notice not yet sent. */
async function pendingSandboxPayment(client: TestClient, amount = 50_000) {
  const { payment } = await startTopUp(client, amount);
  return {
    payment,
    notice: { paymentId: payment.id, status: "paid", amount, currency: "KGS" } as SandboxNoticeJob,
  };
}

async function notificationsOf(client: TestClient): Promise<Notification[]> {
  const response = await callAs(harness, client)("GET", "/api/notifications");
  return response.json<{ items: Notification[] }>().items;
}

// ---- the sandbox provider -----------------------------------------------------------------------

describe("top-up through the sandbox provider", () => {
  it("[P6.1] pays at the sandbox checkout: the signed notice, sent by the job queue, credits the balance once, with a receipt", async () => {
    const client = await signUpUser(harness);
    const started = await startTopUp(client, 75_000);
    expect(started.redirectUrl).toBe(`/sandbox-pay/${started.payment.id}`);
    expect(started.payment).toMatchObject({ status: "pending", amount: 75_000, provider: "sandbox" });
    const decided = await callAs(harness, client)("POST", `/api/payments/${started.payment.id}/sandbox`, {
      decision: "pay",
    });
    expect(decided.statusCode).toBe(202);
    expect(decided.json()).toEqual({ returnUrl: `/settings/balance?payment=${started.payment.id}` });
    // Nothing moves before the provider's notice arrives; a delivery the webhook does not take with a
    // 2xx fails the job, which the queue retries.
    expect(await balanceOf(client)).toBe(0);
    await expect(
      deliverSandboxNotice(async () => ({ statusCode: 503 }), sandboxSecret, {
        paymentId: started.payment.id,
        status: "paid",
        amount: 75_000,
        currency: "KGS",
      }),
    ).rejects.toThrow("sandbox notice answered 503");
    expect(await workSandboxNotices()).toBe(1);
    expect((await paymentOf(client, started.payment.id)).status).toBe("paid");
    expect(await balanceOf(client)).toBe(75_000);
    const ledger = await ledgerOf(client);
    expect(ledger.items).toHaveLength(1);
    expect(ledger.items[0]).toMatchObject({
      kind: "top_up",
      amount: 75_000,
      balanceAfter: 75_000,
      paymentId: started.payment.id,
    });
    const receipt = (await notificationsOf(client)).find((item) => item.kind === "paymentReceipt");
    expect(receipt?.payload).toMatchObject({
      paymentId: started.payment.id,
      status: "paid",
      balance: 75_000,
    });
    // The email receipt is queued for delivery too (emails of receipts are on by default).
    const emails = await harness.app.jobs.boss.fetch<{ userId: number; kind: string }>("notification-email", {
      batchSize: 100,
    });
    expect(
      emails.some((job) => job.data.userId === client.userId && job.data.kind === "paymentReceipt"),
    ).toBe(true);
    await expectLedgerInvariant(client.userId);
    // The checkout cannot be used twice.
    const again = await callAs(harness, client)("POST", `/api/payments/${started.payment.id}/sandbox`, {
      decision: "decline",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("PAYMENT_NOT_PENDING");
  });

  it("[P6.1] a declined checkout fails the payment and leaves the balance; others cannot see or decide it", async () => {
    const client = await signUpUser(harness);
    const stranger = await signUpUser(harness);
    const { payment } = await startTopUp(client);
    expect((await callAs(harness, stranger)("GET", `/api/payments/${payment.id}`)).statusCode).toBe(404);
    const theirs = await callAs(harness, stranger)("POST", `/api/payments/${payment.id}/sandbox`, {
      decision: "pay",
    });
    expect(theirs.statusCode).toBe(404);
    await callAs(harness, client)("POST", `/api/payments/${payment.id}/sandbox`, { decision: "decline" });
    await workSandboxNotices();
    expect((await paymentOf(client, payment.id)).status).toBe("failed");
    expect(await balanceOf(client)).toBe(0);
    const list = await callAs(harness, client)("GET", "/api/payments?status=failed");
    expect(list.json().items.map((item: Payment) => item.id)).toEqual([payment.id]);
    expect(list.json().providers).toEqual(["sandbox", "freedompay"]);
  });

  it("[P6.1] refuses unsigned, tampered, stale or foreign-signed notices (400), logs them, and credits nothing", async () => {
    const client = await signUpUser(harness);
    const { payment, notice } = await pendingSandboxPayment(client);
    const body = sandboxNoticeBody(notice);
    const cases = [
      await sendSandboxNotice(notice, { secret: "another-secret-another-secret-000000" }),
      await sendSandboxNotice(notice, { at: new Date(Date.now() - 10 * 60_000) }),
      // Signed, then changed on the way.
      await harness.app.inject({
        method: "POST",
        url: sandboxWebhookPath,
        headers: {
          "content-type": "application/json",
          [sandboxSignatureHeader]: signSandboxBody(sandboxSecret, body),
        },
        payload: body.replace('"amount":50000', '"amount":5000000'),
      }),
      await harness.app.inject({
        method: "POST",
        url: sandboxWebhookPath,
        headers: { "content-type": "application/json" },
        payload: body,
      }),
      await harness.app.inject({
        method: "POST",
        url: sandboxWebhookPath,
        headers: { "content-type": "application/json", [sandboxSignatureHeader]: "t=1,v1=zz" },
        payload: body,
      }),
    ];
    for (const response of cases) {
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("WEBHOOK_REJECTED");
    }
    expect((await paymentOf(client, payment.id)).status).toBe("pending");
    expect(await balanceOf(client)).toBe(0);
  });

  it("[P6.1] refuses a correctly signed notice whose amount, currency or payment is not ours", async () => {
    const client = await signUpUser(harness);
    const { payment, notice } = await pendingSandboxPayment(client);
    const wrong = [
      { ...notice, amount: notice.amount + 100 },
      { ...notice, amount: notice.amount - 100 },
      { ...notice, currency: "USD" },
      { ...notice, paymentId: "00000000-0000-4000-8000-000000000000" },
      { ...notice, paymentId: "not-a-uuid" },
    ];
    for (const bad of wrong) {
      const response = await sendSandboxNotice(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().code).toBe("WEBHOOK_REJECTED");
    }
    // A Freedom Pay payment is not the sandbox's to report.
    const other = await startTopUp(client, 50_000, "freedompay");
    const foreign = await sendSandboxNotice({ ...notice, paymentId: other.payment.id });
    expect(foreign.statusCode).toBe(400);
    expect((await paymentOf(client, payment.id)).status).toBe("pending");
    expect(await balanceOf(client)).toBe(0);
  });

  it("[P6.1] 100 concurrent deliveries of one notice credit exactly once", async () => {
    const client = await signUpUser(harness);
    const { payment, notice } = await pendingSandboxPayment(client, 123_400);
    const body = sandboxNoticeBody(notice);
    const answers = await Promise.all(Array.from({ length: 100 }, () => sendSandboxNotice(notice, { body })));
    const outcomes = answers.map((answer) => answer.json().outcome);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(outcomes.filter((outcome) => outcome === "applied")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "duplicate")).toHaveLength(99);
    const credits = await db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment.id));
    expect(credits).toHaveLength(1);
    expect(await balanceOf(client)).toBe(123_400);
    expect(await expectLedgerInvariant(client.userId)).toBe(123_400);
    const receipts = (await notificationsOf(client)).filter((item) => item.kind === "paymentReceipt");
    expect(receipts).toHaveLength(1);
  });

  it("[P6.1] a refund notice takes the top-up back, never below zero", async () => {
    const client = await signUpUser(harness);
    const { payment, notice } = await pendingSandboxPayment(client, 60_000);
    expect((await sendSandboxNotice(notice)).statusCode).toBe(200);
    await db.transaction((tx) => spend(tx, client.userId, 45_000, "purchase", "ad:1:vip"));
    const refunded = await sendSandboxNotice({ ...notice, status: "refunded" });
    expect(refunded.json()).toEqual({ outcome: "applied" });
    expect((await paymentOf(client, payment.id)).status).toBe("refunded");
    expect(await expectLedgerInvariant(client.userId)).toBe(0);
    const kinds = (await ledgerOf(client)).items.map((item) => [item.kind, item.amount]);
    expect(kinds).toEqual([
      ["refund", -15_000],
      ["purchase", -45_000],
      ["top_up", 60_000],
    ]);
    expect((await sendSandboxNotice({ ...notice, status: "refunded" })).json()).toEqual({
      outcome: "duplicate",
    });
  });

  it("[P6.1] the reconciliation job asks about silent payments and gives up on abandoned ones", async () => {
    const client = await signUpUser(harness);
    const decided = await pendingSandboxPayment(client, 50_000);
    const abandoned = await pendingSandboxPayment(client, 70_000);
    // The checkout's choice was made, but its notice was lost.
    await db.update(payments).set({ sandboxDecision: "pay" }).where(eq(payments.id, decided.payment.id));
    await harness.app.money.reconcilePayments(new Date(Date.now() + 20 * 60_000));
    expect((await paymentOf(client, decided.payment.id)).status).toBe("paid");
    expect((await paymentOf(client, abandoned.payment.id)).status).toBe("pending");
    await harness.app.money.reconcilePayments(new Date(Date.now() + 25 * 3_600_000));
    expect((await paymentOf(client, abandoned.payment.id)).status).toBe("failed");
    expect(await expectLedgerInvariant(client.userId)).toBe(50_000);
  });

  it("[P6.1] at most 5 unfinished top-ups at once", async () => {
    const client = await signUpUser(harness);
    for (let index = 0; index < 5; index++) await startTopUp(client);
    const sixth = await callAs(harness, client)("POST", "/api/payments", {
      amount: 50_000,
      provider: "sandbox",
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe("PAYMENTS_PENDING_LIMIT");
  });
});

describe("refused notices in the log", () => {
  it("[P6.1] names the provider, the reason and the payment, never the signature, body or key", async () => {
    const lines: string[] = [];
    const config = parseConfig({
      NODE_ENV: "test",
      DATA_DIR: "./data",
      JOB_WORKERS: "false",
      SANDBOX_WEBHOOK_SECRET: sandboxSecret,
    });
    const database = await openTestDatabase({ seeded: true });
    const app = await createApp({
      config,
      database,
      logger: { level: "warn", stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const notice = {
        paymentId: "00000000-0000-4000-8000-000000000001",
        status: "paid",
        amount: 100,
        currency: "KGS",
      };
      const body = sandboxNoticeBody(notice as SandboxNoticeJob);
      const signature = signSandboxBody("a-forged-key-a-forged-key-a-forged-key", body);
      const response = await app.inject({
        method: "POST",
        url: sandboxWebhookPath,
        headers: { "content-type": "application/json", [sandboxSignatureHeader]: signature },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
      const refusal = lines
        .map((line) => JSON.parse(line))
        .find((entry) => entry.msg === "payment notice refused");
      expect(refusal).toMatchObject({ provider: "sandbox", reason: "signature mismatch" });
      const all = lines.join("\n");
      for (const secret of [signature.split("v1=")[1] ?? "", sandboxSecret, body])
        expect(all).not.toContain(secret);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

// ---- Freedom Pay --------------------------------------------------------------------------------

describe("top-up through Freedom Pay (a local fake that checks signatures as the provider does)", () => {
  function resultForm(params: Record<string, string>, key = merchantKey): string {
    const signed = { ...params, pg_salt: "a1b2c3" };
    return new URLSearchParams({ ...signed, pg_sig: signPg("result", signed, key) }).toString();
  }
  const postResult = (body: string) =>
    harness.app.inject({
      method: "POST",
      url: freedomPayResultPath,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: body,
    });

  it("[P6.1] init_payment.php is signed by the protocol and answers the provider's redirect", async () => {
    const client = await signUpUser(harness);
    const started = await startTopUp(client, 25_050_00, "freedompay");
    const call = providerCalls.at(-1);
    expect(call).toMatchObject({ script: "init_payment.php", signed: true });
    expect(call?.params).toMatchObject({
      pg_order_id: started.payment.id,
      pg_amount: "25050",
      pg_currency: "KGS",
      pg_merchant_id: merchantId,
      pg_result_url: expect.stringMatching(/\/api\/payments\/webhooks\/freedompay\/result$/),
    });
    expect(started.redirectUrl).toBe(
      `https://customer.freedompay.kg/pay.html?customer=${started.payment.id}`,
    );
  });

  it("[P6.1] the result notice credits once when its pg_sig holds, and is refused otherwise", async () => {
    const client = await signUpUser(harness);
    const { payment } = await startTopUp(client, 30_000, "freedompay");
    const fields = {
      pg_order_id: payment.id,
      pg_payment_id: "7001",
      pg_amount: "300.00",
      pg_currency: "KGS",
      pg_result: "1",
      pg_merchant_id: merchantId,
    };
    const forged = await postResult(resultForm(fields, "not-the-key"));
    expect(forged.statusCode).toBe(400);
    expect(readFlatXml(forged.body).pg_status).toBe("rejected");
    const mismatch = await postResult(resultForm({ ...fields, pg_amount: "3000.00" }));
    expect(mismatch.statusCode).toBe(400);
    expect(await balanceOf(client)).toBe(0);
    const accepted = await postResult(resultForm(fields));
    expect(accepted.statusCode).toBe(200);
    const answer = readFlatXml(accepted.body);
    expect(answer.pg_status).toBe("ok");
    // Our answer is signed too, as the provider checks it.
    expect(hasValidPgSig("result", answer, merchantKey)).toBe(true);
    expect((await postResult(resultForm(fields))).statusCode).toBe(200);
    expect(await balanceOf(client)).toBe(30_000);
    expect((await paymentOf(client, payment.id)).status).toBe("paid");
  });

  it("[P6.1] the status query (get_status2.php) settles a payment whose notice never came", async () => {
    const client = await signUpUser(harness);
    const { payment } = await startTopUp(client, 40_000, "freedompay");
    remoteStatus = "success";
    await harness.app.money.reconcilePayments(new Date(Date.now() + 20 * 60_000));
    remoteStatus = "pending";
    expect(providerCalls.some((call) => call.script === "get_status2.php" && call.signed)).toBe(true);
    expect((await paymentOf(client, payment.id)).status).toBe("paid");
    expect(await balanceOf(client)).toBe(40_000);
  });
});

// ---- the ledger ---------------------------------------------------------------------------------

describe("the ledger", () => {
  it("[P6.1] 50 parallel purchases never take the balance below zero", async () => {
    const client = await signUpUser(harness);
    await db.transaction((tx) =>
      credit(tx, client.userId, 10 * 7_000, { kind: "adjustment", reason: "test" }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        db.transaction((tx) => spend(tx, client.userId, 7_000, "purchase", `ad:${index}:raise`)),
      ),
    );
    const refused = results.filter((result) => result.status === "rejected");
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(10);
    for (const result of refused) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
      expect(((result as PromiseRejectedResult).reason as AppError).code).toBe("BALANCE_INSUFFICIENT");
    }
    expect(await expectLedgerInvariant(client.userId)).toBe(0);
  });

  it("[P6.1] any sequence of movements keeps the balance equal to the sum of entries, never negative (property)", async () => {
    const client = await signUpUser(harness);
    const operation = fc.oneof(
      fc.record({ op: fc.constant("credit" as const), amount: fc.integer({ min: 1, max: 100_000 }) }),
      fc.record({ op: fc.constant("spend" as const), amount: fc.integer({ min: 1, max: 100_000 }) }),
      fc.record({ op: fc.constant("adjust" as const), amount: fc.integer({ min: -100_000, max: 100_000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        let expected = await readBalance(db, client.userId);
        for (const { op, amount } of operations) {
          const delta = op === "spend" ? -amount : amount;
          const attempt = db.transaction(async (tx) => {
            if (op === "credit") await credit(tx, client.userId, amount, { kind: "top_up" });
            else if (op === "spend") await spend(tx, client.userId, amount, "purchase", "ad:1:raise");
            else if (amount !== 0)
              await moveBalance(tx, client.userId, amount, { kind: "adjustment", reason: "p" });
          });
          if (delta !== 0 && expected + delta < 0) {
            await expect(attempt).rejects.toMatchObject({ code: "BALANCE_INSUFFICIENT" });
          } else {
            await attempt;
            expected += delta;
          }
          expect(await expectLedgerInvariant(client.userId)).toBe(expected);
        }
      }),
      { numRuns: 25, seed: 20_261_126 },
    );
  });

  it("[P6.1] entries are immutable history: each keeps the balance it left", async () => {
    const client = await signUpUser(harness);
    await db.transaction((tx) => credit(tx, client.userId, 1_000, { kind: "top_up" }));
    await db.transaction((tx) => spend(tx, client.userId, 300, "purchase", "ad:5:top"));
    const items = (await ledgerOf(client)).items;
    expect(items.map((item) => [item.amount, item.balanceAfter])).toEqual([
      [-300, 700],
      [1_000, 1_000],
    ]);
    const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, client.userId));
    expect(wallet?.balance).toBe(700);
  });

  it("[P6.1] lists the ledger newest first by keyset pages, filtered by kind and by day", async () => {
    const client = await signUpUser(harness);
    for (let index = 1; index <= 5; index++) {
      await db.transaction((tx) => credit(tx, client.userId, index * 100, { kind: "top_up" }));
    }
    await db.transaction((tx) => spend(tx, client.userId, 50, "purchase", "ad:9:urgent"));
    const first = await ledgerOf(client, "?limit=4");
    expect(first.items.map((item) => item.amount)).toEqual([-50, 500, 400, 300]);
    const second = await ledgerOf(client, `?limit=4&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.amount)).toEqual([200, 100]);
    expect(second.nextCursor).toBeNull();
    expect((await ledgerOf(client, "?kind=purchase")).items.map((item) => item.amount)).toEqual([-50]);
    // Days are Bishkek's: an entry at 20:00 UTC belongs to the next day there.
    const [entry] = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, client.userId))
      .limit(1);
    await db
      .update(ledgerEntries)
      .set({ createdAt: new Date("2026-03-01T20:00:00Z") })
      .where(eq(ledgerEntries.id, entry?.id ?? 0));
    expect((await ledgerOf(client, "?from=2026-03-02&to=2026-03-02")).items).toHaveLength(1);
    expect((await ledgerOf(client, "?from=2026-03-01&to=2026-03-01")).items).toHaveLength(0);
  });
});

// ---- staff --------------------------------------------------------------------------------------

describe("staff adjustments (dashboard → payments)", () => {
  it("[P6.1] an admin adjusts a balance with a reason; it never goes below zero; moderators read, users are told nothing", async () => {
    const client = await signUpUser(harness);
    const asAdmin = callAs(harness, admin);
    const added = await asAdmin("POST", "/api/payments/adjustments", {
      userId: client.userId,
      amount: 5_000,
      reason: "Goodwill for a failed raise",
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      kind: "adjustment",
      amount: 5_000,
      reason: "Goodwill for a failed raise",
    });
    const tooMuch = await asAdmin("POST", "/api/payments/adjustments", {
      userId: client.userId,
      amount: -5_001,
      reason: "Chargeback",
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe("BALANCE_INSUFFICIENT");
    const read = await callAs(harness, moderator)("GET", `/api/payments/users/${client.userId}/ledger`);
    expect(read.statusCode).toBe(200);
    expect(read.json().wallet.balance).toBe(5_000);
    expect(read.json().entries.items).toHaveLength(1);
    const byModerator = await callAs(harness, moderator)("POST", "/api/payments/adjustments", {
      userId: client.userId,
      amount: 1,
      reason: "Not allowed",
    });
    expect(byModerator.statusCode).toBe(404);
    expect(
      (await callAs(harness, client)("GET", `/api/payments/users/${client.userId}/ledger`)).statusCode,
    ).toBe(404);
    const nobody = await asAdmin("POST", "/api/payments/adjustments", {
      userId: 2_000_000_000,
      amount: 1,
      reason: "No such user",
    });
    expect(nobody.statusCode).toBe(404);
    await expectLedgerInvariant(client.userId);
  });
});

// ---- bad input ----------------------------------------------------------------------------------

describe("bad input", () => {
  it("[P6.1] answers every money endpoint's bad input with a 4xx and field errors, never a 500", async () => {
    const client = await signUpUser(harness);
    const call = callAs(harness, client);
    const { payment } = await startTopUp(client);
    const cases: [ReturnType<typeof call>, number, string?][] = [
      [call("POST", "/api/payments", { amount: 4_900, provider: "sandbox" }), 400, "amount"],
      [call("POST", "/api/payments", { amount: 50_050, provider: "sandbox" }), 400, "amount"],
      [call("POST", "/api/payments", { amount: 10_000_100, provider: "sandbox" }), 400, "amount"],
      [call("POST", "/api/payments", { amount: 500.5, provider: "sandbox" }), 400, "amount"],
      [call("POST", "/api/payments", { amount: "50000", provider: "sandbox" }), 400, "amount"],
      [call("POST", "/api/payments", { amount: 50_000, provider: "bitcoin" }), 400, "provider"],
      [call("POST", "/api/payments", { amount: 50_000, provider: "sandbox", extra: 1 }), 400],
      [call("GET", "/api/balance/ledger?kind=gift"), 400, "kind"],
      [call("GET", "/api/balance/ledger?from=2026-13-01"), 400, "from"],
      [call("GET", "/api/balance/ledger?from=2026-03-05&to=2026-03-01"), 400, "to"],
      [call("GET", "/api/balance/ledger?cursor=abc"), 400, "cursor"],
      [call("GET", "/api/balance/ledger?limit=500"), 400, "limit"],
      [call("GET", "/api/payments?status=lost"), 400, "status"],
      [call("GET", "/api/payments/12"), 400, "id"],
      [call("POST", `/api/payments/${payment.id}/sandbox`, { decision: "maybe" }), 400, "decision"],
      [call("POST", "/api/payments/not-a-uuid/sandbox", { decision: "pay" }), 400, "id"],
      [
        callAs(harness, admin)("POST", "/api/payments/adjustments", {
          userId: client.userId,
          amount: 0,
          reason: "x",
        }),
        400,
        "amount",
      ],
      [
        callAs(harness, admin)("POST", "/api/payments/adjustments", { userId: client.userId, amount: 10 }),
        400,
        "reason",
      ],
      [
        callAs(harness, admin)("POST", "/api/payments/adjustments", {
          userId: -1,
          amount: 10,
          reason: "Bad id",
        }),
        400,
        "userId",
      ],
      [callAs(harness, moderator)("GET", "/api/payments/users/abc/ledger"), 400, "userId"],
    ];
    for (const [pending, status, path] of cases) {
      const response = await pending;
      expect(response.statusCode, response.body).toBe(status);
      if (path) expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    const garbage = await harness.app.inject({
      method: "POST",
      url: sandboxWebhookPath,
      headers: { "content-type": "application/json", [sandboxSignatureHeader]: "nonsense" },
      payload: "{not json",
    });
    expect(garbage.statusCode).toBe(400);
    const huge = await harness.app.inject({
      method: "POST",
      url: freedomPayResultPath,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `pg_sig=${"a".repeat(20_000)}`,
    });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    const empty = await harness.app.inject({
      method: "POST",
      url: freedomPayResultPath,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(empty.statusCode).toBe(400);
  });
});
