/** `/api/dashboard/*` (decision 065): the overview, the audit history and users. */
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type {
  AuditObjectType,
  DashboardListOrder,
  DashboardOverview,
  DashboardUser,
  DashboardUsersPage,
  HistoryPage,
  Role,
  StaffAction,
} from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import type { QueryValue } from "../../../lib/http-client.ts";

export interface HistoryFilters {
  staffId: number | null;
  action: StaffAction | null;
  objectType: AuditObjectType | null;
  objectId: string | null;
  /** `YYYY-MM-DD` days, inclusive. */
  from: string | null;
  to: string | null;
}

export const dashboardPageSize = 25;

/**
 * A dashboard list read in keyset pages of `dashboardPageSize` (`cursor` → `nextCursor`), as the
 * staff member `viewerId` (nothing is asked before the session is known). `query` holds the filters.
 */
export function keysetQueryOptions<TPage extends { nextCursor: string | null }>(
  queryKey: readonly unknown[],
  viewerId: number | undefined,
  path: string,
  query: Record<string, QueryValue> = {},
  order?: DashboardListOrder,
) {
  return infiniteQueryOptions({
    queryKey: order ? [...queryKey, order] : queryKey,
    queryFn: ({ signal, pageParam }) =>
      api.get<TPage>(path, {
        signal,
        silent: true,
        query: { ...query, order: order ?? null, cursor: pageParam, limit: dashboardPageSize },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: TPage) => page.nextCursor,
    enabled: viewerId !== undefined,
  });
}

/** The dashboard's query keys: each starts with the staff member's id (the caches are theirs). */
export const dashboardKeys = {
  all: (viewerId: number | undefined) => ["dashboard", viewerId] as const,
  overview: (viewerId: number | undefined) => ["dashboard", viewerId, "overview"] as const,
  history: (viewerId: number | undefined, filters: HistoryFilters) =>
    ["dashboard", viewerId, "history", filters] as const,
  users: (viewerId: number | undefined, q: string) => ["dashboard", viewerId, "users", q] as const,
  user: (viewerId: number | undefined, id: number) => ["dashboard", viewerId, "user", id] as const,
};

export function overviewQueryOptions(viewerId: number | undefined) {
  return queryOptions({
    queryKey: dashboardKeys.overview(viewerId),
    queryFn: ({ signal }) => api.get<DashboardOverview>("/api/dashboard/overview", { signal, silent: true }),
    enabled: viewerId !== undefined,
  });
}

export function historyQueryOptions(
  viewerId: number | undefined,
  filters: HistoryFilters,
  order: DashboardListOrder,
) {
  return keysetQueryOptions<HistoryPage>(
    dashboardKeys.history(viewerId, filters),
    viewerId,
    "/api/dashboard/history",
    { ...filters },
    order,
  );
}

export function usersQueryOptions(viewerId: number | undefined, q: string, order: DashboardListOrder) {
  return keysetQueryOptions<DashboardUsersPage>(
    dashboardKeys.users(viewerId, q),
    viewerId,
    "/api/dashboard/users",
    { q: q || null },
    order,
  );
}

export function userQueryOptions(viewerId: number | undefined, id: number) {
  return queryOptions({
    queryKey: dashboardKeys.user(viewerId, id),
    queryFn: ({ signal }) => api.get<DashboardUser>(`/api/dashboard/users/${id}`, { signal, silent: true }),
    enabled: viewerId !== undefined,
  });
}

/** Block or unblock with a reason. Silent: the dialog shows the error. */
export function decideBlock(id: number, block: boolean, reason: string): Promise<DashboardUser> {
  return api.post<DashboardUser>(
    `/api/dashboard/users/${id}/${block ? "block" : "unblock"}`,
    { reason },
    { silent: true },
  );
}

/** Silent: the form shows the error. */
export function saveRoles(id: number, roles: Role[]): Promise<DashboardUser> {
  return api.put<DashboardUser>(`/api/dashboard/users/${id}/roles`, { roles }, { silent: true });
}
