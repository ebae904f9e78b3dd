/**
 * Plans and subscriptions (decision 064): the queries, and the two functions other modules call —
 * the ads engine's limits (`activeAdLimits`) and the paid services' raise credits (`useRaiseCredit`).
 */
import { type AdLimits, verticals } from "@unaa/contracts";
import { and, asc, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { plans, subscriptions, users } from "../../db/schema/index.ts";

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionWithPlan = SubscriptionRow & { plan: PlanRow };

/** A subscription that still runs: renewing (`active`) or ending at `paid_until` (`cancelled`). */
const currentStatuses = ["active", "cancelled"];

export function findPlansOnSale(db: Database): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder), asc(plans.id));
}

export async function findPlanOnSale(db: Database, code: string): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.code, code), eq(plans.isActive, true)));
  return row;
}

/** The user's current subscription with its plan; `forUpdate` locks the subscription row. */
export async function findCurrentSubscription(
  db: Database,
  userId: number,
  forUpdate = false,
): Promise<SubscriptionWithPlan | undefined> {
  const query = db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, currentStatuses)));
  const [row] = forUpdate ? await query.for("update", { of: subscriptions }) : await query;
  return row && { ...row.subscription, plan: row.plan };
}

/** One subscription due at `at` (its paid month is over), locked; none if another worker took it. */
export async function lockDueSubscription(
  tx: Database,
  id: number,
  at: Date,
): Promise<SubscriptionWithPlan | undefined> {
  const [row] = await tx
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.id, id),
        inArray(subscriptions.status, currentStatuses),
        lte(subscriptions.paidUntil, at),
      ),
    )
    .for("update", { of: subscriptions });
  return row && { ...row.subscription, plan: row.plan };
}

export async function findDueSubscriptionIds(db: Database, at: Date): Promise<number[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, currentStatuses), lte(subscriptions.paidUntil, at)))
    .orderBy(asc(subscriptions.paidUntil));
  return rows.map((row) => row.id);
}

/**
 * Claims the renewal notices due at `at` (an active subscription ending within `windowMs`, not yet
 * told for this `paid_until`): one UPDATE … RETURNING, so two workers never send one twice.
 */
export async function claimRenewalNotices(
  db: Database,
  at: Date,
  windowMs: number,
): Promise<SubscriptionWithPlan[]> {
  const claimed = await db
    .update(subscriptions)
    .set({ renewalNoticeSentFor: sql`${subscriptions.paidUntil}` })
    .where(
      and(
        eq(subscriptions.status, "active"),
        gt(subscriptions.paidUntil, at),
        lte(subscriptions.paidUntil, new Date(at.getTime() + windowMs)),
        sql`${subscriptions.renewalNoticeSentFor} IS DISTINCT FROM ${subscriptions.paidUntil}`,
      ),
    )
    .returning();
  if (claimed.length === 0) return [];
  const planRows = await db
    .select()
    .from(plans)
    .where(
      inArray(
        plans.id,
        claimed.map((row) => row.planId),
      ),
    );
  const byId = new Map(planRows.map((plan) => [plan.id, plan]));
  return claimed.flatMap((row) => {
    const plan = byId.get(row.planId);
    return plan ? [{ ...row, plan }] : [];
  });
}

export async function insertSubscription(
  tx: Database,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await tx.insert(subscriptions).values(values).returning();
  if (!row) throw new Error("subscription not written");
  return row;
}

export async function updateSubscription(
  tx: Database,
  id: number,
  values: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow> {
  const [row] = await tx.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning();
  if (!row) throw new Error("subscription not found");
  return row;
}

/**
 * An account deletion's part (decision 032), in its transaction: the current plan ends now, so
 * nothing renews from the closed account's balance. Nothing to do after the commit.
 */
export async function endSubscriptionOfDeletedAccount(tx: Database, userId: number): Promise<undefined> {
  await tx
    .update(subscriptions)
    .set({ status: "lapsed", endedAt: new Date() })
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, currentStatuses)));
  return undefined;
}

/** Staff's list (dashboard → subscribes): the newest 100, optionally of one status. */
export async function findSubscriptions(
  db: Database,
  status: string | undefined,
): Promise<(SubscriptionWithPlan & { userId: number })[]> {
  const rows = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(status ? eq(subscriptions.status, status) : undefined)
    .orderBy(desc(subscriptions.id))
    .limit(100);
  return rows.map((row) => ({ ...row.subscription, plan: row.plan }));
}

/**
 * Serialises one user's plan purchases: the user's row is locked (`FOR NO KEY UPDATE`, which rows
 * referencing the user do not wait for) until the transaction ends.
 */
export async function lockUserForPurchase(tx: Database, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}

/**
 * The active-ad limits of the user per vertical (requirements P4.6, P6.4): the free limits, raised
 * to the current plan's where it gives more. What the ads engine checks before an ad takes a place.
 */
export async function activeAdLimits(db: Database, userId: number, freeLimits: AdLimits): Promise<AdLimits> {
  const [row] = await db
    .select({ adLimits: plans.adLimits })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, currentStatuses)));
  if (!row) return freeLimits;
  return Object.fromEntries(
    verticals.map((vertical) => [vertical, Math.max(freeLimits[vertical], row.adLimits[vertical] ?? 0)]),
  ) as AdLimits;
}

/**
 * Takes one of the current plan's raise credits of the month, in `tx` (the paid services' purchase
 * calls it before charging for a raise): true when there was one, false otherwise.
 */
export async function useRaiseCredit(tx: Database, userId: number): Promise<boolean> {
  const rows = await tx
    .update(subscriptions)
    .set({ raiseCreditsLeft: sql`${subscriptions.raiseCreditsLeft} - 1` })
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, currentStatuses),
        gt(subscriptions.raiseCreditsLeft, 0),
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}
