/** `/api/plans` and `/api/subscriptions` (decision 064): the plans on sale and the user's plan. */
import { queryOptions } from "@tanstack/react-query";
import type { MySubscription, PlanList, Subscription, Wallet } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

/** The plans' queries; the user's own start with their id (the caches are theirs). */
export const plansKeys = {
  plans: ["plans", "list"] as const,
  mine: (userId: number | undefined) => ["plans", userId, "mine"] as const,
  balance: (userId: number | undefined) => ["plans", userId, "balance"] as const,
};

export function plansQueryOptions() {
  return queryOptions({
    queryKey: plansKeys.plans,
    queryFn: ({ signal }) => api.get<PlanList>("/api/plans", { signal, silent: true }),
  });
}

export function mySubscriptionQueryOptions(userId: number | undefined) {
  return queryOptions({
    queryKey: plansKeys.mine(userId),
    queryFn: ({ signal }) => api.get<MySubscription>("/api/subscriptions/me", { signal, silent: true }),
    enabled: userId !== undefined,
  });
}

/** The balance a plan is paid from (the money feature shows it in full at /settings/balance). */
export function balanceQueryOptions(userId: number | undefined) {
  return queryOptions({
    queryKey: plansKeys.balance(userId),
    queryFn: ({ signal }) => api.get<Wallet>("/api/balance", { signal, silent: true }),
    enabled: userId !== undefined,
  });
}

/** Buys the plan's first month. Silent: the confirmation shows the error. */
export function subscribe(plan: string): Promise<Subscription> {
  return api.post<Subscription>("/api/subscriptions", { plan }, { silent: true });
}

export function changeRenewal(action: "cancel" | "resume"): Promise<Subscription> {
  return api.post<Subscription>(`/api/subscriptions/me/${action}`, undefined, { silent: true });
}
