import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CatalogComplectationsResponse, CatalogKind } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { catalogQueryKey, keptForTheVisit, pathSegment } from "./catalog-query.ts";

/** Silent: the pickers say "could not load" in their own list. */
export function getCatalogComplectations(
  kind: CatalogKind,
  mark: string,
  model: string,
  generation: string,
): Promise<CatalogComplectationsResponse> {
  const generationPath = `/api/catalog/marks/${pathSegment(mark)}/models/${pathSegment(model)}/generations/${pathSegment(generation)}`;
  return api.get<CatalogComplectationsResponse>(`${generationPath}/complectations`, {
    query: { kind },
    silent: true,
  });
}

export function catalogComplectationsQueryOptions(
  kind: CatalogKind,
  mark: string,
  model: string,
  generation: string,
) {
  return queryOptions({
    queryKey: catalogQueryKey(kind, "complectations", mark, model, generation),
    queryFn: () => getCatalogComplectations(kind, mark, model, generation),
    ...keptForTheVisit,
  });
}

/** The versions of a generation (by slugs); nothing is asked until all three are chosen. */
export function useCatalogComplectations(
  kind: CatalogKind,
  mark: string | null | undefined,
  model: string | null | undefined,
  generation: string | null | undefined,
) {
  return useQuery({
    ...catalogComplectationsQueryOptions(kind, mark ?? "", model ?? "", generation ?? ""),
    enabled: Boolean(mark && model && generation),
  });
}
