import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CatalogKind, CatalogMarksResponse } from "@unaa/contracts";
import { api, clientState } from "../../../lib/app-state.ts";
import { catalogQueryKey, keptForTheVisit } from "./catalog-query.ts";

/** The client state's marks map (spec section 3): car marks by slug, for labels anywhere. */
export function rememberCarMarks(response: CatalogMarksResponse): void {
  if (response.kind !== "car") return;
  const current = clientState.getSnapshot().marks;
  if (Object.keys(current).length === response.items.length) return;
  clientState.setMarks(
    Object.fromEntries(response.items.map((mark) => [mark.slug, { slug: mark.slug, name: mark.name }])),
  );
}

/** Silent: the pickers say "could not load" in their own list. */
export async function getCatalogMarks(kind: CatalogKind): Promise<CatalogMarksResponse> {
  const response = await api.get<CatalogMarksResponse>("/api/catalog/marks", {
    query: { kind },
    silent: true,
  });
  rememberCarMarks(response);
  return response;
}

export function catalogMarksQueryOptions(kind: CatalogKind) {
  return queryOptions({
    queryKey: catalogQueryKey(kind, "marks"),
    queryFn: () => getCatalogMarks(kind),
    ...keptForTheVisit,
  });
}

/** The marks of a kind; `initialData`: the list a page's loader already has (no second request). */
export function useCatalogMarks(kind: CatalogKind, initialData?: CatalogMarksResponse) {
  return useQuery({ ...catalogMarksQueryOptions(kind), initialData });
}
