import type { CatalogKind } from "@unaa/contracts";

/**
 * Catalogue lists change rarely: each is asked once and kept for the visit, so a picker reopened
 * does not wait again. A failed one is not kept: the next picker that needs it asks again.
 */
export const keptForTheVisit = { staleTime: Infinity, gcTime: Infinity } as const;

/** `["catalog", kind, list, …slugs]`: every catalogue query of one kind shares the prefix. */
export function catalogQueryKey(kind: CatalogKind, list: string, ...slugs: string[]) {
  return ["catalog", kind, list, ...slugs] as const;
}

/** A slug as one segment of an API path. */
export function pathSegment(slug: string): string {
  return encodeURIComponent(slug);
}
