/**
 * The catalogue calls of the browser (pickers, search box), through the one HTTP client. Lists are
 * kept for the visit: they change rarely, and a picker reopened should not wait again.
 */
import type {
  CatalogComplectationsResponse,
  CatalogGenerationsResponse,
  CatalogKind,
  CatalogMarksResponse,
  CatalogModelsResponse,
  CatalogSearchResponse,
} from "@unaa/contracts";
import { api, clientState } from "../../lib/app-state.ts";

const cache = new Map<string, Promise<unknown>>();

function slug(value: string): string {
  return encodeURIComponent(value);
}

/** One GET per address for the visit; a failed one is forgotten so the next try asks again. */
function getCached<T>(path: string, query: Record<string, string>): Promise<T> {
  const key = `${path}?${new URLSearchParams(query)}`;
  let pending = cache.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = api.get<T>(path, { query, silent: true });
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

/** Lists already in hand (from a page's loader) are put into the cache instead of fetched again. */
export function primeCatalogMarks(response: CatalogMarksResponse): void {
  const key = `/api/catalog/marks?${new URLSearchParams({ kind: response.kind })}`;
  if (!cache.has(key)) cache.set(key, Promise.resolve(response));
  rememberMarks(response);
}

/** The client state's marks map (spec section 3): car marks by slug, for labels anywhere. */
function rememberMarks(response: CatalogMarksResponse): void {
  if (response.kind !== "car") return;
  const current = clientState.getSnapshot().marks;
  if (Object.keys(current).length === response.items.length) return;
  clientState.setMarks(
    Object.fromEntries(response.items.map((mark) => [mark.slug, { slug: mark.slug, name: mark.name }])),
  );
}

export async function fetchCatalogMarks(kind: CatalogKind): Promise<CatalogMarksResponse> {
  const response = await getCached<CatalogMarksResponse>("/api/catalog/marks", { kind });
  rememberMarks(response);
  return response;
}

export function fetchCatalogModels(kind: CatalogKind, mark: string): Promise<CatalogModelsResponse> {
  return getCached(`/api/catalog/marks/${slug(mark)}/models`, { kind });
}

export function fetchCatalogGenerations(
  kind: CatalogKind,
  mark: string,
  model: string,
): Promise<CatalogGenerationsResponse> {
  return getCached(`/api/catalog/marks/${slug(mark)}/models/${slug(model)}/generations`, { kind });
}

export function fetchCatalogComplectations(
  kind: CatalogKind,
  mark: string,
  model: string,
  generation: string,
): Promise<CatalogComplectationsResponse> {
  return getCached(
    `/api/catalog/marks/${slug(mark)}/models/${slug(model)}/generations/${slug(generation)}/complectations`,
    { kind },
  );
}

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
