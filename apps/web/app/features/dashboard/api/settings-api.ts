/** `/api/dashboard/settings` (decision 069): the site settings as the API describes them. */
import { queryOptions } from "@tanstack/react-query";
import type { DashboardSettings } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

export const settingsQueryKey = (viewerId: number | undefined) =>
  ["dashboard", viewerId, "settings"] as const;

export function settingsQueryOptions(viewerId: number | undefined) {
  return queryOptions({
    queryKey: settingsQueryKey(viewerId),
    queryFn: ({ signal }) => api.get<DashboardSettings>("/api/dashboard/settings", { signal, silent: true }),
    enabled: viewerId !== undefined,
  });
}

/** Changes one setting; the answer is every setting afresh. */
export function saveSetting(key: string, value: unknown): Promise<DashboardSettings> {
  return api.put<DashboardSettings>(`/api/dashboard/settings/${encodeURIComponent(key)}`, { value });
}
