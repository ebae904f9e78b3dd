/** `/api/dashboard/regions` (decision 067): the regions and towns dictionary. */
import { queryOptions } from "@tanstack/react-query";
import type { DashboardRegions, PlaceEdit, TownAdd } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

export const regionsKey = (viewerId: number | undefined) => ["dashboard", viewerId, "regions"] as const;

export function regionsQueryOptions(viewerId: number | undefined) {
  return queryOptions({
    queryKey: regionsKey(viewerId),
    queryFn: ({ signal }) => api.get<DashboardRegions>("/api/dashboard/regions", { signal, silent: true }),
    enabled: viewerId !== undefined,
  });
}

/** A region's or town's names, order and visibility. Silent: the form shows the error. */
export function savePlace(kind: "region" | "town", id: number, input: PlaceEdit): Promise<DashboardRegions> {
  return api.put<DashboardRegions>(`/api/dashboard/${kind === "region" ? "regions" : "towns"}/${id}`, input, {
    silent: true,
  });
}

/** Silent: the form shows the error (`TOWN_SLUG_TAKEN` beside the slug). */
export function addTown(regionId: number, input: TownAdd): Promise<DashboardRegions> {
  return api.post<DashboardRegions>(`/api/dashboard/regions/${regionId}/towns`, input, { silent: true });
}
