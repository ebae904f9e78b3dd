/** `/api/dashboard/subscribes` (decision 068): plans and current subscriptions. */
import { queryOptions } from "@tanstack/react-query";
import type {
  DashboardListOrder,
  DashboardPlan,
  DashboardPlanInput,
  DashboardPlans,
  DashboardSubscriptionRow,
  DashboardSubscriptionsPage,
} from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { keysetQueryOptions } from "./dashboard-api.ts";

export function dashboardPlansQueryOptions(viewerId: number | undefined) {
  return queryOptions({
    queryKey: ["dashboard", viewerId, "plans"] as const,
    queryFn: ({ signal }) =>
      api.get<DashboardPlans>("/api/dashboard/subscribes/plans", { signal, silent: true }),
    enabled: viewerId !== undefined,
  });
}

export function subscriptionsQueryOptions(
  viewerId: number | undefined,
  plan: string | null,
  order: DashboardListOrder,
) {
  return keysetQueryOptions<DashboardSubscriptionsPage>(
    ["dashboard", viewerId, "subscriptions", plan] as const,
    viewerId,
    "/api/dashboard/subscribes",
    { plan },
    order,
  );
}

/** Silent: the dialog shows the error. */
export function savePlan(code: string, input: DashboardPlanInput): Promise<DashboardPlan> {
  return api.put<DashboardPlan>(`/api/dashboard/subscribes/plans/${code}`, input, { silent: true });
}

export function stopAutoRenew(id: number): Promise<DashboardSubscriptionRow> {
  return api.post<DashboardSubscriptionRow>(`/api/dashboard/subscribes/${id}/cancel`);
}
