import type { CatalogKind, CatalogSearchResponse } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

/**
 * Marks and models matching what is typed (the search box). Silent and without a retry: the next
 * key press asks again, and the box says when the search failed.
 */
export function searchCatalog(
  q: string,
  kind: CatalogKind,
  signal: AbortSignal,
  limit = 8,
): Promise<CatalogSearchResponse> {
  return api.get<CatalogSearchResponse>("/api/catalog/search", {
    query: { q, kind, limit },
    signal,
    silent: true,
    retry: 0,
  });
}
