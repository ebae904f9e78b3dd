/** The businesses API of the web: the directory's pages, a business's ads, saving and deleting the own one. */
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type {
  AdSearchResponse,
  BusinessDirectoryResponse,
  BusinessInput,
  OwnBusiness,
  Vertical,
} from "@unaa/contracts";
import { api } from "../../lib/app-state.ts";
import { seededPages } from "../ads/api/seeded-pages.ts";

const listKeys = {
  directory: (filters: DirectoryFilters) => ["businesses", "directory", filters] as const,
  ads: (businessId: number, vertical: Vertical, filters: Record<string, string>) =>
    ["businesses", businessId, "ads", vertical, filters] as const,
};

/** The directory's filters as the page's address carries them. */
export interface DirectoryFilters {
  q?: string;
  kind?: string;
  regionId?: string;
}

export const directoryPageSize = 20;

function getDirectory(filters: DirectoryFilters, cursor: string | null, signal: AbortSignal) {
  return api.get<BusinessDirectoryResponse>("/api/businesses", {
    query: { ...filters, cursor, limit: directoryPageSize },
    signal,
    silent: true,
  });
}

/** The directory: the loader's first page, then "show more" by cursor. */
export function useDirectory(filters: DirectoryFilters, first: BusinessDirectoryResponse) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: listKeys.directory(filters),
      queryFn: ({ pageParam, signal }) => getDirectory(filters, pageParam, signal),
      ...seededPages(first),
    }),
  );
}

export const businessAdsPageSize = 12;

/**
 * The business's ads of a vertical with its filters: the loader's first page while the filters are
 * those it loaded with, then fetched.
 */
export function useBusinessAds(
  businessId: number,
  vertical: Vertical,
  filters: Record<string, string>,
  first: AdSearchResponse | null,
) {
  const fetchPage = (cursor: string | null, signal: AbortSignal) =>
    api.get<AdSearchResponse>("/api/ads", {
      query: { vertical, ...filters, businessId, cursor, limit: businessAdsPageSize },
      signal,
      silent: true,
    });
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: listKeys.ads(businessId, vertical, filters),
      queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
      ...(first
        ? seededPages(first)
        : {
            initialPageParam: null as string | null,
            getNextPageParam: (page: AdSearchResponse) => page.nextCursor,
          }),
    }),
  );
}

export function saveBusiness(id: number | null, input: BusinessInput): Promise<OwnBusiness> {
  return id === null
    ? api.post<OwnBusiness>("/api/businesses", input, { silent: true })
    : api.put<OwnBusiness>(`/api/businesses/${id}`, input, { silent: true });
}

export function deleteBusiness(id: number): Promise<void> {
  return api.del<void>(`/api/businesses/${id}`, { silent: true });
}

export function revealBusinessPhones(id: number): Promise<{ phones: string[] }> {
  return api.post<{ phones: string[] }>(`/api/businesses/${id}/phones`, undefined, { silent: true });
}
