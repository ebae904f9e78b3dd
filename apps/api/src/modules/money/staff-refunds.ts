/**
 * An admin's refund of one purchase (issue 17, decision 068): part or all of what a `purchase` or
 * `plan_renewal` ledger entry took goes back to the buyer's balance as a `staff_refund` entry whose
 * reference names the purchase (`ledger:<entry id>`). What is still refundable is the price minus
 * what already went back: the automatic refund when staff removed the ad (decision 063,
 * `ad_purchases.refunded`) and earlier staff refunds. The refund does not change the service's effect.
 */
import type { DashboardRefund, DashboardRefundInput } from "@unaa/contracts";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { adPurchases, ledgerEntries } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { recordStaffAction } from "../audit/audit.ts";
import { credit } from "./ledger.ts";

/** The ledger kinds a staff refund can give back. */
export const refundableKinds = ["purchase", "plan_renewal"] as const;

/** The reference of a staff refund of the purchase entry `entryId`. */
export const staffRefundReference = (entryId: number) => `ledger:${entryId}`;

/** Tyiyn staff already gave back for the purchase entry `entryId`. */
export async function staffRefunded(tx: Database, entryId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.kind, "staff_refund"), eq(ledgerEntries.reference, staffRefundReference(entryId))),
    );
  return row?.total ?? 0;
}

/**
 * For the dashboard's list (a select from `ledger_entries`): the tyiyn still refundable of the row's
 * entry when it is a purchase or a plan renewal, null otherwise. Written out in SQL: the subqueries
 * read other rows of the same table, so every column is named with its table.
 */
export const refundableColumn: SQL<number | null> = sql<
  number | null
>`case when "ledger_entries"."kind" in ('purchase', 'plan_renewal')
  then -"ledger_entries"."amount"
    - coalesce((select sum(bought."refunded") from "ad_purchases" bought where bought."ledger_entry_id" = "ledger_entries"."id"), 0)
    - coalesce((select sum(given."amount") from "ledger_entries" given where given."kind" = 'staff_refund' and given."reference" = 'ledger:' || "ledger_entries"."id"), 0)
  end`.mapWith((value) => (value === null ? null : Number(value)));

/**
 * Refunds `input.amount` of the purchase entry `entryId` in one transaction: the purchase's ledger
 * row (and its `ad_purchases` row) locked, the credit, and the `refund` audit entry with the balance
 * before and after, and whose balance it is. `NOT_FOUND` when the entry is not a purchase; `REFUND_EXCEEDS_PURCHASE` (nothing
 * written) when the amount is more than what is still refundable.
 */
export function refundPurchase(
  db: Database,
  staffId: number,
  entryId: number,
  input: DashboardRefundInput,
  ip?: string,
): Promise<DashboardRefund & { userId: number }> {
  return db.transaction(async (tx) => {
    const [purchase] = await tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.id, entryId), inArray(ledgerEntries.kind, [...refundableKinds])))
      .for("update");
    if (!purchase) throw new AppError("NOT_FOUND");
    const [adPurchase] = await tx
      .select({ refunded: adPurchases.refunded })
      .from(adPurchases)
      .where(eq(adPurchases.ledgerEntryId, entryId))
      .for("update");
    const refundable = -purchase.amount - (adPurchase?.refunded ?? 0) - (await staffRefunded(tx, entryId));
    if (input.amount > refundable) throw new AppError("REFUND_EXCEEDS_PURCHASE");
    const moved = await credit(tx, purchase.userId, input.amount, {
      kind: "staff_refund",
      reference: staffRefundReference(entryId),
      reason: input.reason,
      staffId,
    });
    const balanceBefore = moved.balanceAfter - moved.amount;
    await recordStaffAction(tx, {
      staff: staffId,
      action: "refund",
      object: { type: "payment", id: entryId },
      before: { balance: balanceBefore, refundable },
      after: {
        balance: moved.balanceAfter,
        refundable: refundable - input.amount,
        amount: input.amount,
        reason: input.reason,
        userId: purchase.userId,
        entryId: moved.id,
      },
      ip,
    });
    return {
      entryId: moved.id,
      refundable: refundable - input.amount,
      balanceBefore,
      balanceAfter: moved.balanceAfter,
      userId: purchase.userId,
    };
  });
}
