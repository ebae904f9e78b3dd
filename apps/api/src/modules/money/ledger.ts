/**
 * The ledger (decision 061): the one place a balance moves. Every movement is an immutable entry
 * written in the caller's transaction, beside its effect, and the wallet's cached balance changes in
 * the same statement order: one conditional UPDATE that refuses to take a balance below zero (on
 * PostgreSQL a concurrent UPDATE waits for the row and re-checks the condition on the new balance),
 * then the entry with the balance it left.
 */
import type { LedgerEntryKind } from "@unaa/contracts";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { ledgerEntries, wallets } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/** What an entry says besides its amount. */
export interface Movement {
  kind: LedgerEntryKind;
  paymentId?: string;
  /** What a purchase bought or a refund gave back (`ad:12:vip`). */
  reference?: string;
  reason?: string;
  staffId?: number;
}

/** The user's balance in tyiyn (0 without a wallet yet). */
export async function readBalance(db: Database, userId: number): Promise<number> {
  const [wallet] = await db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return wallet?.balance ?? 0;
}

/**
 * Moves the balance by `amount` tyiyn (negative: a debit) and records the entry, in `tx`. A debit the
 * balance cannot cover throws `BALANCE_INSUFFICIENT` and changes nothing.
 */
export async function moveBalance(
  tx: Database,
  userId: number,
  amount: number,
  movement: Movement,
): Promise<LedgerEntryRow> {
  if (!Number.isSafeInteger(amount) || amount === 0) throw new Error(`not a ledger amount: ${amount}`);
  await tx.insert(wallets).values({ userId }).onConflictDoNothing();
  const [wallet] = await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} + ${amount}`, updatedAt: new Date() })
    .where(and(eq(wallets.userId, userId), gte(wallets.balance, -amount)))
    .returning({ balance: wallets.balance });
  if (!wallet) throw new AppError("BALANCE_INSUFFICIENT");
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      userId,
      kind: movement.kind,
      amount,
      balanceAfter: wallet.balance,
      paymentId: movement.paymentId ?? null,
      reference: movement.reference ?? null,
      reason: movement.reason ?? null,
      staffId: movement.staffId ?? null,
    })
    .returning();
  if (!entry) throw new Error("ledger entry not written");
  return entry;
}

/** Adds `amount` (> 0) tyiyn to the balance. */
export function credit(
  tx: Database,
  userId: number,
  amount: number,
  movement: Movement,
): Promise<LedgerEntryRow> {
  if (amount <= 0) throw new Error(`a credit is positive: ${amount}`);
  return moveBalance(tx, userId, amount, movement);
}

/**
 * Takes `amount` (> 0) tyiyn from the balance for what `reference` names — the debit of paid
 * services and plans. Throws `BALANCE_INSUFFICIENT` rather than go below zero; call it in the
 * transaction that gives what was paid for.
 */
export function spend(
  tx: Database,
  userId: number,
  amount: number,
  kind: Extract<LedgerEntryKind, "purchase" | "plan_renewal">,
  reference: string,
): Promise<LedgerEntryRow> {
  if (amount <= 0) throw new Error(`a debit is positive: ${amount}`);
  return moveBalance(tx, userId, -amount, { kind, reference });
}
