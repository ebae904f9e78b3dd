import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CatalogKind, CatalogModelsResponse } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { catalogQueryKey, keptForTheVisit, pathSegment } from "./catalog-query.ts";

/** Silent: the pickers say "could not load" in their own list. */
export function getCatalogModels(kind: CatalogKind, mark: string): Promise<CatalogModelsResponse> {
  return api.get<CatalogModelsResponse>(`/api/catalog/marks/${pathSegment(mark)}/models`, {
    query: { kind },
    silent: true,
  });
}

export function catalogModelsQueryOptions(kind: CatalogKind, mark: string) {
  return queryOptions({
    queryKey: catalogQueryKey(kind, "models", mark),
    queryFn: () => getCatalogModels(kind, mark),
    ...keptForTheVisit,
  });
}

/** The models of a mark (by slug); nothing is asked until a mark is chosen. */
export function useCatalogModels(kind: CatalogKind, mark: string | null | undefined) {
  return useQuery({ ...catalogModelsQueryOptions(kind, mark ?? ""), enabled: Boolean(mark) });
}
