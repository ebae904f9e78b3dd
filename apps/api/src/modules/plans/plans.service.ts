/**
 * Seller plans (issue 16, item 4; product.md section 6; requirements P6.4; decision 064): the plans
 * on sale, a user's subscription — bought from the balance, cancelled to the end of the paid month,
 * resumed — and the renewal job: a notice 3 days before, the next month bought at `paid_until` when
 * the balance allows, a notice either way.
 */
import type {
  MySubscription,
  NotificationKind,
  NotificationPayloads,
  Plan,
  PlanList,
  SubscribeInput,
  Subscription,
  SubscriptionStatus,
} from "@unaa/contracts";
import { planRenewalNoticeDays, verticals } from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { countLiveAdsOfUser } from "../ads/ads.repository.ts";
import { credit, readBalance, spend } from "../money/ledger.ts";
import { readSettings } from "../settings/settings.service.ts";
import {
  activeAdLimits,
  claimRenewalNotices,
  findCurrentSubscription,
  findDueSubscriptionIds,
  findPlanOnSale,
  findPlansOnSale,
  findSubscriptions,
  insertSubscription,
  lockDueSubscription,
  lockUserForPurchase,
  type PlanRow,
  type SubscriptionRow,
  type SubscriptionWithPlan,
  updateSubscription,
} from "./plans.repository.ts";

type PlanNotice = Extract<NotificationKind, "planRenewalSoon" | "planRenewed" | "planRenewalFailed">;

export interface PlansServiceDeps {
  db: Database;
  /** `notify()` (decision 054); called after the commit. */
  notify<K extends PlanNotice>(userId: number, kind: K, payload: NotificationPayloads[K]): Promise<unknown>;
  log: { error(details: object, message: string): void };
}

export interface RenewalRun {
  noticed: number;
  renewed: number;
  failed: number;
  ended: number;
}

export interface PlansService {
  listPlans(): Promise<PlanList>;
  getMySubscription(userId: number): Promise<MySubscription>;
  /**
   * Buys the plan's first month from the balance. Another current plan is replaced at once: the
   * unused part of its paid month goes back to the balance first (pro rata by time).
   */
  subscribe(userId: number, input: SubscribeInput, at?: Date): Promise<Subscription>;
  /** Auto-renewal off: the plan runs to `paidUntil`, then ends. */
  cancel(userId: number): Promise<Subscription>;
  /** Auto-renewal on again, while the paid month runs. */
  resume(userId: number): Promise<Subscription>;
  listSubscriptions(status?: SubscriptionStatus): Promise<(Subscription & { userId: number })[]>;
  /** The renewal job (idempotent): notices, renewals and ends due at `at`. */
  runRenewals(at?: Date): Promise<RenewalRun>;
}

/** The plans' job: every 10 minutes. */
export const planRenewalJob = "plan-renewal";
export const subscribeLink = "/settings/subscribe";
const DAY_MS = 86_400_000;

/** The same day and time a month later (UTC); the 31st becomes the last day of a shorter month. */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export function presentPlan(row: PlanRow): Plan {
  return {
    code: row.code,
    names: row.names,
    price: row.price,
    adLimits: row.adLimits,
    raiseCredits: row.raiseCredits,
    features: row.features,
  };
}

function present(row: SubscriptionRow, plan: PlanRow): Subscription {
  return {
    id: row.id,
    plan: presentPlan(plan),
    status: row.status as SubscriptionStatus,
    autoRenew: row.status === "active",
    startedAt: row.startedAt.toISOString(),
    periodStart: row.periodStart.toISOString(),
    paidUntil: row.paidUntil.toISOString(),
    raiseCreditsLeft: row.raiseCreditsLeft,
  };
}

/** The part of the paid month not used by `at`, in tyiyn (rounded down). */
function unusedPart(current: SubscriptionRow, at: Date): number {
  const period = current.paidUntil.getTime() - current.periodStart.getTime();
  const left = current.paidUntil.getTime() - at.getTime();
  if (period <= 0 || left <= 0) return 0;
  return Math.min(current.periodPrice, Math.floor((current.periodPrice * left) / period));
}

export function createPlansService({ db, notify, log }: PlansServiceDeps): PlansService {
  async function current(userId: number): Promise<SubscriptionWithPlan> {
    const found = await findCurrentSubscription(db, userId);
    if (!found) throw new AppError("SUBSCRIPTION_NOT_FOUND");
    return found;
  }

  /** A notice's failure is logged: the money has moved either way. */
  async function tell<K extends PlanNotice>(userId: number, kind: K, payload: NotificationPayloads[K]) {
    try {
      await notify(userId, kind, payload);
    } catch (error) {
      log.error({ err: error, userId, kind }, "plans: notice failed");
    }
  }

  /** Buys the next month of a due subscription, or ends it (cancelled, or the balance was short). */
  async function renewOne(id: number, at: Date): Promise<"renewed" | "failed" | "ended" | null> {
    const outcome = await db.transaction(async (tx) => {
      const due = await lockDueSubscription(tx, id, at);
      if (!due) return null; // Renewed or ended by another run.
      if (due.status === "cancelled") {
        await updateSubscription(tx, id, { status: "lapsed", endedAt: due.paidUntil });
        return { kind: "ended" as const, due };
      }
      const price = due.plan.price;
      try {
        // A savepoint: a short balance undoes only the debit's attempt.
        await tx.transaction((savepoint) =>
          spend(savepoint, due.userId, price, "plan_renewal", `plan:${due.plan.code}`),
        );
      } catch (error) {
        if (!(error instanceof AppError && error.code === "BALANCE_INSUFFICIENT")) throw error;
        await updateSubscription(tx, id, { status: "lapsed", endedAt: due.paidUntil });
        return { kind: "failed" as const, due };
      }
      // A month from where the last one ended; from now if the job was away for more than a month.
      const next = addMonth(due.paidUntil);
      const start = next > at ? due.paidUntil : at;
      const renewed = await updateSubscription(tx, id, {
        periodStart: start,
        paidUntil: next > at ? next : addMonth(at),
        periodPrice: price,
        raiseCreditsLeft: due.plan.raiseCredits,
      });
      return { kind: "renewed" as const, due: { ...renewed, plan: due.plan } };
    });
    if (!outcome) return null;
    const { due } = outcome;
    const base = { planNames: due.plan.names, price: due.plan.price, link: subscribeLink };
    const balance = await readBalance(db, due.userId);
    if (outcome.kind === "renewed") {
      await tell(due.userId, "planRenewed", { ...base, paidUntil: due.paidUntil.toISOString(), balance });
    } else if (outcome.kind === "failed") {
      await tell(due.userId, "planRenewalFailed", { ...base, balance });
    }
    return outcome.kind;
  }

  return {
    async listPlans() {
      const [rows, settings] = await Promise.all([findPlansOnSale(db), readSettings(db)]);
      return { items: rows.map(presentPlan), freeLimits: settings.freeAdLimits };
    },

    async getMySubscription(userId) {
      const settings = await readSettings(db);
      const [subscription, limits, used] = await Promise.all([
        findCurrentSubscription(db, userId),
        activeAdLimits(db, userId, settings.freeAdLimits),
        Promise.all(verticals.map((vertical) => countLiveAdsOfUser(db, userId, vertical))),
      ]);
      return {
        subscription: subscription ? present(subscription, subscription.plan) : null,
        limits: verticals.map((vertical, index) => ({
          vertical,
          used: used[index] ?? 0,
          limit: limits[vertical],
        })),
      };
    },

    async subscribe(userId, input, at = new Date()) {
      const plan = await findPlanOnSale(db, input.plan);
      if (!plan) throw new AppError("PLAN_NOT_FOUND");
      const purchase = db.transaction(async (tx) => {
        await lockUserForPurchase(tx, userId);
        const previous = await findCurrentSubscription(tx, userId, true);
        if (previous?.planId === plan.id) throw new AppError("SUBSCRIPTION_EXISTS");
        if (previous) {
          const unused = unusedPart(previous, at);
          if (unused > 0)
            await credit(tx, userId, unused, { kind: "refund", reference: `plan:${previous.plan.code}` });
          await updateSubscription(tx, previous.id, { status: "lapsed", endedAt: at });
        }
        await spend(tx, userId, plan.price, "purchase", `plan:${plan.code}`);
        return insertSubscription(tx, {
          userId,
          planId: plan.id,
          status: "active",
          startedAt: at,
          periodStart: at,
          paidUntil: addMonth(at),
          periodPrice: plan.price,
          raiseCreditsLeft: plan.raiseCredits,
        });
      });
      // The user's row lock orders one user's purchases; the index is the last line.
      const row = await purchase.catch((error: unknown) => {
        if (isUniqueViolation(error, "subscriptions_one_current_per_user"))
          throw new AppError("SUBSCRIPTION_EXISTS");
        throw error;
      });
      return present(row, plan);
    },

    async cancel(userId) {
      const found = await current(userId);
      if (found.status === "cancelled") return present(found, found.plan);
      return present(await updateSubscription(db, found.id, { status: "cancelled" }), found.plan);
    },

    async resume(userId) {
      const found = await current(userId);
      if (found.status === "active") return present(found, found.plan);
      return present(await updateSubscription(db, found.id, { status: "active" }), found.plan);
    },

    async listSubscriptions(status) {
      const rows = await findSubscriptions(db, status);
      return rows.map((row) => ({ ...present(row, row.plan), userId: row.userId }));
    },

    async runRenewals(at = new Date()) {
      const run: RenewalRun = { noticed: 0, renewed: 0, failed: 0, ended: 0 };
      for (const due of await claimRenewalNotices(db, at, planRenewalNoticeDays * DAY_MS)) {
        await tell(due.userId, "planRenewalSoon", {
          planNames: due.plan.names,
          price: due.plan.price,
          paidUntil: due.paidUntil.toISOString(),
          balance: await readBalance(db, due.userId),
          link: subscribeLink,
        });
        run.noticed += 1;
      }
      for (const id of await findDueSubscriptionIds(db, at)) {
        const outcome = await renewOne(id, at);
        if (outcome) run[outcome] += 1;
      }
      return run;
    },
  };
}
