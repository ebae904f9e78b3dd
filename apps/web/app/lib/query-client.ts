/**
 * Server state in the browser (catalogue lists, ad lists, counts, My ads) lives in TanStack Query.
 * Each query's key, fetcher and options sit together in the feature's `api/` folder; pages seed
 * their queries with what the loader already rendered, so nothing is fetched again on first render.
 */
import { QueryClient } from "@tanstack/react-query";

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The HTTP client already retries what spec S7.4 allows, once; a second layer would repeat it.
        retry: false,
        // Lists change when the visitor acts (filters, "show more", an action), not when a tab regains focus.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * A new client for every server render (one request's data never reaches another visitor), one
 * client for the browser's whole visit.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}
