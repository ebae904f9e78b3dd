/**
 * Money (issue 16, items 1, 2 and 5; product.md section 6; decision 061): the wallet and its ledger,
 * top-ups through a provider, the provider's notices, and staff adjustments. Balances move only
 * through `ledger.ts`; a payment's status changes only here, under a row lock, so a notice delivered
 * any number of times at once credits once.
 */
import { randomUUID } from "node:crypto";
import type {
  AdjustmentInput,
  DashboardRefund,
  DashboardRefundInput,
  LedgerEntry,
  LedgerPage,
  LedgerQuery,
  NotificationPayloads,
  Payment,
  PaymentList,
  PaymentProvider,
  PaymentStatus,
  TopUpInput,
  TopUpResponse,
  Wallet,
} from "@unaa/contracts";
import { pendingPaymentsMax, walletCurrency } from "@unaa/contracts";
import { and, count, desc, eq, gte, isNull, lt, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { ledgerEntries, payments, users, wallets } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { bishkekDayEnd, bishkekDayStart } from "../../lib/bishkek-day.ts";
import { recordStaffAction } from "../audit/audit.ts";
import { type LedgerEntryRow, moveBalance, readBalance } from "./ledger.ts";
import { type PaymentProviderAdapter, type ProviderEvent, RejectedNotice } from "./payment-provider.ts";
import { type SandboxNoticeJob, sandboxNoticeJob } from "./sandbox-provider.ts";
import { refundPurchase } from "./staff-refunds.ts";

type PaymentRow = typeof payments.$inferSelect;

export interface MoneyLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MoneyServiceDeps {
  db: Database;
  /** The providers a top-up can use now (configured ones only). */
  providers: Partial<Record<PaymentProvider, PaymentProviderAdapter>>;
  sendJob(name: string, data: object): Promise<unknown>;
  /** The receipt (in-app and email, `notify()`); its failure is logged, never undoes the payment. */
  sendReceipt(userId: number, payload: NotificationPayloads["paymentReceipt"]): Promise<unknown>;
  log: MoneyLogger;
}

/** What a provider's notice did: moved the payment on, or found it there already. */
export type NoticeOutcome = "applied" | "duplicate" | "ignored";

export interface MoneyService {
  getWallet(userId: number): Promise<Wallet>;
  listLedger(userId: number, query: LedgerQuery): Promise<LedgerPage>;
  listPayments(userId: number, status?: PaymentStatus): Promise<PaymentList>;
  getPayment(userId: number, paymentId: string): Promise<Payment>;
  startTopUp(userId: number, input: TopUpInput): Promise<TopUpResponse>;
  /** The sandbox checkout's choice: its notice goes out through the job queue. */
  decideSandboxPayment(userId: number, paymentId: string, decision: "pay" | "decline"): Promise<string>;
  /** A verified notice of `provider`: checked against our payment (id, amount, currency), then applied once. */
  applyProviderEvent(provider: PaymentProvider, event: ProviderEvent): Promise<NoticeOutcome>;
  /** The reconciliation job: asks the providers about payments whose notice has not come. */
  reconcilePayments(now?: Date): Promise<void>;
  /** Audited (decision 065) with the staff member's IP; the user gets a receipt. */
  adjustBalance(staffId: number, input: AdjustmentInput, ip?: string): Promise<LedgerEntry>;
  /** Gives back part or all of a purchase (`refundPurchase`); the buyer gets a receipt. */
  refundPurchase(
    staffId: number,
    entryId: number,
    input: DashboardRefundInput,
    ip?: string,
  ): Promise<DashboardRefund>;
  userLedger(userId: number, query: LedgerQuery): Promise<{ wallet: Wallet; entries: LedgerPage }>;
}

/** The job that asks providers about pending payments (every 10 minutes). */
export const paymentReconcileJob = "payment-reconcile";
/** A pending payment is asked about after this long without a notice… */
const askAfterMs = 15 * 60_000;
/** …and given up (failed) after this long. */
const giveUpAfterMs = 24 * 3_600_000;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function presentEntry(row: LedgerEntryRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind as LedgerEntry["kind"],
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    paymentId: row.paymentId,
    reference: row.reference,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

function presentPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    provider: row.provider as Payment["provider"],
    amount: row.amount,
    currency: walletCurrency,
    status: row.status as PaymentStatus,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export function createMoneyService({
  db,
  providers,
  sendJob,
  sendReceipt,
  log,
}: MoneyServiceDeps): MoneyService {
  async function ownPayment(userId: number, paymentId: string): Promise<PaymentRow> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
    if (!row) throw new AppError("PAYMENT_NOT_FOUND");
    return row;
  }

  async function ledgerPage(userId: number, query: LedgerQuery): Promise<LedgerPage> {
    const conditions: SQL[] = [eq(ledgerEntries.userId, userId)];
    if (query.kind) conditions.push(eq(ledgerEntries.kind, query.kind));
    if (query.from) conditions.push(gte(ledgerEntries.createdAt, bishkekDayStart(query.from)));
    if (query.to) conditions.push(lt(ledgerEntries.createdAt, bishkekDayEnd(query.to)));
    if (query.cursor) conditions.push(lt(ledgerEntries.id, Number(query.cursor)));
    const rows = await db
      .select()
      .from(ledgerEntries)
      .where(and(...conditions))
      .orderBy(desc(ledgerEntries.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(presentEntry),
      nextCursor: rows.length > query.limit && last ? String(last.id) : null,
    };
  }

  function receiptLater(
    payment: PaymentRow,
    status: NotificationPayloads["paymentReceipt"]["status"],
    balance: number,
  ) {
    return () =>
      sendReceipt(payment.userId, {
        paymentId: payment.id,
        amount: payment.amount,
        status,
        balance,
        link: `/settings/balance?payment=${payment.id}`,
      }).catch((error: unknown) =>
        log.error({ err: error, paymentId: payment.id }, "payment receipt not sent"),
      );
  }

  /** The receipt of a staff movement of the balance, after its transaction; a failure is only logged. */
  function staffReceipt(
    userId: number,
    entryId: number,
    status: "adjusted" | "refundedToBalance",
    amount: number,
    balance: number,
    reason: string,
  ) {
    return sendReceipt(userId, {
      paymentId: String(entryId),
      amount,
      status,
      balance,
      reason,
      link: "/settings/balance",
    }).catch((error: unknown) => log.error({ err: error, entryId }, "balance receipt not sent"));
  }

  /** Moves a payment to `event.status` in `tx` (the row locked): the money, and the receipt to send after. */
  async function transition(
    tx: Database,
    payment: PaymentRow,
    event: ProviderEvent,
  ): Promise<{ outcome: NoticeOutcome; after?: () => Promise<unknown> }> {
    if (payment.status === event.status) return { outcome: "duplicate" };
    const completedAt = new Date();
    const providerPaymentId = event.providerPaymentId ?? payment.providerPaymentId;
    // A payment given up as failed can still be paid late: the money was taken, so it is credited.
    if (event.status === "paid" && (payment.status === "pending" || payment.status === "failed")) {
      await tx
        .update(payments)
        .set({ status: "paid", completedAt, providerPaymentId })
        .where(eq(payments.id, payment.id));
      const entry = await moveBalance(tx, payment.userId, payment.amount, {
        kind: "top_up",
        paymentId: payment.id,
      });
      return { outcome: "applied", after: receiptLater(payment, "paid", entry.balanceAfter) };
    }
    if (event.status === "failed" && payment.status === "pending") {
      await tx
        .update(payments)
        .set({ status: "failed", completedAt, providerPaymentId })
        .where(eq(payments.id, payment.id));
      return {
        outcome: "applied",
        after: receiptLater(payment, "failed", await readBalance(tx, payment.userId)),
      };
    }
    if (event.status === "refunded" && payment.status === "paid") {
      await tx.update(payments).set({ status: "refunded", completedAt }).where(eq(payments.id, payment.id));
      // The money went back to the card: the balance gives it back, as far as it still holds it.
      const [wallet] = await tx
        .select()
        .from(wallets)
        .where(eq(wallets.userId, payment.userId))
        .for("update");
      const take = Math.min(payment.amount, wallet?.balance ?? 0);
      if (take < payment.amount) {
        log.warn({ paymentId: payment.id, shortfall: payment.amount - take }, "refund exceeds the balance");
      }
      const balance =
        take > 0
          ? (await moveBalance(tx, payment.userId, -take, { kind: "refund", paymentId: payment.id }))
              .balanceAfter
          : 0;
      return { outcome: "applied", after: receiptLater(payment, "refunded", balance) };
    }
    log.warn({ paymentId: payment.id, from: payment.status, to: event.status }, "payment notice ignored");
    return { outcome: "ignored" };
  }

  const service: MoneyService = {
    async getWallet(userId) {
      return { balance: await readBalance(db, userId), currency: walletCurrency };
    },

    listLedger: ledgerPage,

    async listPayments(userId, status) {
      const rows = await db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), status ? eq(payments.status, status) : undefined))
        .orderBy(desc(payments.createdAt))
        .limit(20);
      return {
        items: rows.map(presentPayment),
        providers: Object.keys(providers) as PaymentProvider[],
      };
    },

    async getPayment(userId, paymentId) {
      return presentPayment(await ownPayment(userId, paymentId));
    },

    async startTopUp(userId, input) {
      const provider = providers[input.provider];
      if (!provider) throw new AppError("PAYMENT_PROVIDER_UNAVAILABLE");
      const [pending] = await db
        .select({ value: count() })
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.status, "pending")));
      if ((pending?.value ?? 0) >= pendingPaymentsMax) throw new AppError("PAYMENTS_PENDING_LIMIT");
      const [row] = await db
        .insert(payments)
        .values({
          id: randomUUID(),
          userId,
          provider: provider.name,
          amount: input.amount,
          currency: walletCurrency,
        })
        .returning();
      if (!row) throw new Error("payment not written");
      try {
        const started = await provider.createPayment({
          id: row.id,
          userId,
          amount: row.amount,
          currency: row.currency,
          description: `Unaa: balance top-up, account ${userId}`,
        });
        if (started.providerPaymentId) {
          await db
            .update(payments)
            .set({ providerPaymentId: started.providerPaymentId })
            .where(eq(payments.id, row.id));
        }
        return { payment: presentPayment(row), redirectUrl: started.redirectUrl };
      } catch (error) {
        log.error(
          { err: error, paymentId: row.id, provider: provider.name },
          "payment not started at the provider",
        );
        await db
          .update(payments)
          .set({ status: "failed", completedAt: new Date() })
          .where(eq(payments.id, row.id));
        throw new AppError("PAYMENT_PROVIDER_FAILED");
      }
    },

    async decideSandboxPayment(userId, paymentId, decision) {
      if (!providers.sandbox) throw new AppError("PAYMENT_NOT_FOUND");
      const payment = await ownPayment(userId, paymentId);
      if (payment.provider !== "sandbox") throw new AppError("PAYMENT_NOT_FOUND");
      const [decided] = await db
        .update(payments)
        .set({ sandboxDecision: decision })
        .where(
          and(eq(payments.id, paymentId), eq(payments.status, "pending"), isNull(payments.sandboxDecision)),
        )
        .returning();
      if (!decided) throw new AppError("PAYMENT_NOT_PENDING");
      await sendJob(sandboxNoticeJob, {
        paymentId,
        status: decision === "pay" ? "paid" : "failed",
        amount: payment.amount,
        currency: payment.currency,
      } satisfies SandboxNoticeJob);
      return `/settings/balance?payment=${paymentId}`;
    },

    async applyProviderEvent(provider, event) {
      if (!uuidPattern.test(event.paymentId)) throw new RejectedNotice("unknown payment");
      let after: (() => Promise<unknown>) | undefined;
      const outcome = await db.transaction(async (tx) => {
        const [payment] = await tx
          .select()
          .from(payments)
          .where(eq(payments.id, event.paymentId))
          .for("update");
        if (!payment || payment.provider !== provider) throw new RejectedNotice("unknown payment");
        if (payment.amount !== event.amount || payment.currency !== event.currency) {
          throw new RejectedNotice("amount or currency mismatch");
        }
        const result = await transition(tx, payment, event);
        after = result.after;
        return result.outcome;
      });
      await after?.();
      return outcome;
    },

    async reconcilePayments(now = new Date()) {
      const due = await db
        .select()
        .from(payments)
        .where(
          and(eq(payments.status, "pending"), lt(payments.createdAt, new Date(now.getTime() - askAfterMs))),
        )
        .orderBy(payments.createdAt)
        .limit(100);
      for (const payment of due) {
        const provider = providers[payment.provider as PaymentProvider];
        let status: ProviderEvent["status"] | "pending" = "pending";
        try {
          if (provider) status = await provider.queryStatus(payment);
        } catch (error) {
          log.warn({ err: error, paymentId: payment.id }, "payment status query failed");
        }
        if (status === "pending" && now.getTime() - payment.createdAt.getTime() < giveUpAfterMs) continue;
        await service.applyProviderEvent(payment.provider as PaymentProvider, {
          paymentId: payment.id,
          status: status === "pending" ? "failed" : status,
          amount: payment.amount,
          currency: payment.currency,
        });
      }
    },

    async adjustBalance(staffId, input, ip) {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
      if (!user) throw new AppError("NOT_FOUND");
      const entry = await db.transaction(async (tx) => {
        const moved = await moveBalance(tx, input.userId, input.amount, {
          kind: "adjustment",
          reason: input.reason,
          staffId,
        });
        await recordStaffAction(tx, {
          staff: staffId,
          action: "payment.adjustment",
          object: { type: "user", id: input.userId },
          before: { balance: moved.balanceAfter - moved.amount },
          after: {
            balance: moved.balanceAfter,
            amount: moved.amount,
            reason: input.reason,
            entryId: moved.id,
          },
          ip,
        });
        return moved;
      });
      await staffReceipt(input.userId, entry.id, "adjusted", entry.amount, entry.balanceAfter, input.reason);
      return presentEntry(entry);
    },

    async refundPurchase(staffId, entryId, input, ip) {
      const { userId, ...refund } = await refundPurchase(db, staffId, entryId, input, ip);
      await staffReceipt(
        userId,
        refund.entryId,
        "refundedToBalance",
        input.amount,
        refund.balanceAfter,
        input.reason,
      );
      return refund;
    },

    async userLedger(userId, query) {
      return { wallet: await service.getWallet(userId), entries: await ledgerPage(userId, query) };
    },
  };
  return service;
}
