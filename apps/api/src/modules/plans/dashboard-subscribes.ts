/**
 * The dashboard's subscribes section (issue 17, decision 068): the plans with admins' edits, and the
 * current subscriptions with admins' stop of auto-renewal. Every change is audited in its own
 * transaction (decision 065).
 */
import type {
  DashboardPlan,
  DashboardPlanInput,
  DashboardPlans,
  DashboardSubscriptionRow,
  DashboardSubscriptionsPage,
  DashboardSubscriptionsQuery,
  SubscriptionStatus,
} from "@unaa/contracts";
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { plans, subscriptions, users } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { idKeyset } from "../../lib/id-keyset.ts";
import { recordStaffAction } from "../audit/audit.ts";
import type { StaffCaller } from "../dashboard/dashboard.service.ts";
import { type PlanRow, updateSubscription } from "./plans.repository.ts";
import { presentPlan } from "./plans.service.ts";

const presentDashboardPlan = (row: PlanRow): DashboardPlan => ({
  ...presentPlan(row),
  isActive: row.isActive,
});

/** What an edit can change, as the audit entry records it. */
const editable = ({ names, price, adLimits, raiseCredits, isActive }: PlanRow | DashboardPlanInput) => ({
  names,
  price,
  adLimits,
  raiseCredits,
  isActive,
});

export async function listDashboardPlans(db: Database): Promise<DashboardPlans> {
  const rows = await db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.id));
  return { items: rows.map(presentDashboardPlan) };
}

export async function editPlan(
  db: Database,
  caller: StaffCaller,
  code: string,
  input: DashboardPlanInput,
): Promise<DashboardPlan> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(plans).where(eq(plans.code, code)).for("update");
    if (!before) throw new AppError("PLAN_NOT_FOUND");
    const [after] = await tx.update(plans).set(editable(input)).where(eq(plans.id, before.id)).returning();
    if (!after) throw new Error("plan not updated");
    await recordStaffAction(tx, {
      staff: caller.id,
      action: "plan.change",
      object: { type: "plan", id: code },
      before: editable(before),
      after: editable(after),
      ip: caller.ip,
    });
    return presentDashboardPlan(after);
  });
}

function presentRow(row: {
  subscription: typeof subscriptions.$inferSelect;
  plan: Pick<PlanRow, "code" | "names">;
  username: string;
  deletedAt: Date | null;
}): DashboardSubscriptionRow {
  return {
    id: row.subscription.id,
    user: { id: row.subscription.userId, name: row.deletedAt ? "" : row.username },
    plan: { code: row.plan.code, names: row.plan.names },
    status: row.subscription.status as SubscriptionStatus,
    autoRenew: row.subscription.status === "active",
    startedAt: row.subscription.startedAt.toISOString(),
    paidUntil: row.subscription.paidUntil.toISOString(),
  };
}

const rowColumns = {
  subscription: subscriptions,
  plan: { code: plans.code, names: plans.names },
  username: users.username,
  deletedAt: users.deletedAt,
};

export async function listDashboardSubscriptions(
  db: Database,
  query: DashboardSubscriptionsQuery,
): Promise<DashboardSubscriptionsPage> {
  const conditions: SQL[] = [inArray(subscriptions.status, ["active", "cancelled"])];
  if (query.plan) conditions.push(eq(plans.code, query.plan));
  const keyset = idKeyset(subscriptions.id, query);
  if (keyset.after) conditions.push(keyset.after);
  const rows = await db
    .select(rowColumns)
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(...conditions))
    .orderBy(keyset.orderBy)
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map(presentRow);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? String(last.id) : null };
}

/** Stops a subscription's auto-renewal: it runs to the end of its paid month. Once: a second call changes nothing. */
export async function stopAutoRenew(
  db: Database,
  caller: StaffCaller,
  id: number,
): Promise<DashboardSubscriptionRow> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select(rowColumns)
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(and(eq(subscriptions.id, id), inArray(subscriptions.status, ["active", "cancelled"])))
      .for("update", { of: subscriptions });
    if (!found) throw new AppError("SUBSCRIPTION_NOT_FOUND");
    if (found.subscription.status !== "active") return presentRow(found);
    const updated = await updateSubscription(tx, id, { status: "cancelled" });
    await recordStaffAction(tx, {
      staff: caller.id,
      action: "subscription.cancel",
      object: { type: "subscription", id },
      before: { status: "active", autoRenew: true },
      after: { status: updated.status, autoRenew: false, userId: updated.userId, plan: found.plan.code },
      ip: caller.ip,
    });
    return presentRow({ ...found, subscription: updated });
  });
}
