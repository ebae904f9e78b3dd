import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CatalogGenerationsResponse, CatalogKind } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { catalogQueryKey, keptForTheVisit, pathSegment } from "./catalog-query.ts";

/** Silent: the pickers say "could not load" in their own list. */
export function getCatalogGenerations(
  kind: CatalogKind,
  mark: string,
  model: string,
): Promise<CatalogGenerationsResponse> {
  return api.get<CatalogGenerationsResponse>(
    `/api/catalog/marks/${pathSegment(mark)}/models/${pathSegment(model)}/generations`,
    { query: { kind }, silent: true },
  );
}

export function catalogGenerationsQueryOptions(kind: CatalogKind, mark: string, model: string) {
  return queryOptions({
    queryKey: catalogQueryKey(kind, "generations", mark, model),
    queryFn: () => getCatalogGenerations(kind, mark, model),
    ...keptForTheVisit,
  });
}

/** The generations of a model (by slugs); nothing is asked until mark and model are chosen. */
export function useCatalogGenerations(
  kind: CatalogKind,
  mark: string | null | undefined,
  model: string | null | undefined,
) {
  return useQuery({
    ...catalogGenerationsQueryOptions(kind, mark ?? "", model ?? ""),
    enabled: Boolean(mark && model),
  });
}
