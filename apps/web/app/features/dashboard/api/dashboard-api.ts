/** `/api/dashboard/*` (decision 065): the overview, the audit history and users. */
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type {
  AuditObjectType,
  DashboardOverview,
  DashboardUser,
  DashboardUsersPage,
  HistoryPage,
  Role,
  StaffAction,
} from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

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

export function historyQueryOptions(viewerId: number | undefined, filters: HistoryFilters) {
  return infiniteQueryOptions({
    queryKey: dashboardKeys.history(viewerId, filters),
    queryFn: ({ signal, pageParam }) =>
      api.get<HistoryPage>("/api/dashboard/history", {
        signal,
        silent: true,
        query: { ...filters, cursor: pageParam, limit: dashboardPageSize },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: viewerId !== undefined,
  });
}

export function usersQueryOptions(viewerId: number | undefined, q: string) {
  return infiniteQueryOptions({
    queryKey: dashboardKeys.users(viewerId, q),
    queryFn: ({ signal, pageParam }) =>
      api.get<DashboardUsersPage>("/api/dashboard/users", {
        signal,
        silent: true,
        query: { q: q || null, cursor: pageParam, limit: dashboardPageSize },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: viewerId !== undefined,
  });
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
