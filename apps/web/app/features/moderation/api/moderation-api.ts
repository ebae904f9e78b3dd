/** The dashboard's moderation calls (decision 066): `/api/dashboard/{ads,photos,complaints}` and the ad decisions. */
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type {
  AdRejectReason,
  AdStatus,
  ComplaintKind,
  ComplaintOutcome,
  ComplaintResolution,
  DashboardAdDetail,
  DashboardAdsResponse,
  DashboardComplaintsResponse,
  DashboardPhotosResponse,
  ModerationBulkResult,
  PhotoRejectReason,
  Vertical,
} from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

export const moderationPageSize = 20;

export interface AdsFilters {
  tab: "queue" | "search";
  q: string;
  status: AdStatus | null;
  vertical: Vertical | null;
}

export interface ComplaintFilters {
  kind: ComplaintKind | null;
  status: "new" | "resolved";
}

export const moderationKeys = {
  all: ["moderation"] as const,
  ads: (filters: AdsFilters) => ["moderation", "ads", filters] as const,
  ad: (id: number) => ["moderation", "ad", id] as const,
  photos: ["moderation", "photos"] as const,
  complaints: (filters: ComplaintFilters) => ["moderation", "complaints", filters] as const,
};

/** The query without empty filters (`q=` would search for nothing). */
const withoutEmpty = (query: Record<string, string | number | null>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== null && value !== "")) as Record<
    string,
    string | number
  >;

export function moderationAdsQueryOptions(filters: AdsFilters) {
  return infiniteQueryOptions({
    queryKey: moderationKeys.ads(filters),
    queryFn: ({ signal, pageParam }) =>
      api.get<DashboardAdsResponse>("/api/dashboard/ads", {
        signal,
        silent: true,
        query: withoutEmpty({ ...filters, cursor: pageParam, limit: moderationPageSize }),
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function moderationAdQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: moderationKeys.ad(id ?? 0),
    queryFn: ({ signal }) => api.get<DashboardAdDetail>(`/api/dashboard/ads/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

export function moderationPhotosQueryOptions() {
  return infiniteQueryOptions({
    queryKey: moderationKeys.photos,
    queryFn: ({ signal, pageParam }) =>
      api.get<DashboardPhotosResponse>("/api/dashboard/photos", {
        signal,
        silent: true,
        query: withoutEmpty({ cursor: pageParam, limit: moderationPageSize }),
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function moderationComplaintsQueryOptions(filters: ComplaintFilters) {
  return infiniteQueryOptions({
    queryKey: moderationKeys.complaints(filters),
    queryFn: ({ signal, pageParam }) =>
      api.get<DashboardComplaintsResponse>("/api/dashboard/complaints", {
        signal,
        silent: true,
        query: withoutEmpty({ ...filters, cursor: pageParam, limit: moderationPageSize }),
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

// Writes are silent: each screen shows its own error.
export function approveAds(ids: number[]): Promise<ModerationBulkResult> {
  return api.post<ModerationBulkResult>("/api/dashboard/ads/approve", { ids }, { silent: true });
}

export function rejectAd(id: number, input: { reason: AdRejectReason; note: string }): Promise<unknown> {
  return api.post(`/api/ads/${id}/reject`, input, { silent: true });
}

export function removeAd(id: number): Promise<unknown> {
  return api.post(`/api/ads/${id}/remove`, undefined, { silent: true });
}

export function approvePhotos(ids: number[]): Promise<ModerationBulkResult> {
  return api.post<ModerationBulkResult>("/api/dashboard/photos/approve", { ids }, { silent: true });
}

export function rejectPhoto(
  id: number,
  input: { reason: PhotoRejectReason; note: string },
): Promise<unknown> {
  return api.post(`/api/dashboard/photos/${id}/reject`, input, { silent: true });
}

export function resolveComplaint(
  kind: ComplaintKind,
  objectId: number,
  input: { outcome: ComplaintOutcome; note: string },
): Promise<ComplaintResolution> {
  return api.post<ComplaintResolution>(`/api/dashboard/complaints/${kind}/${objectId}/resolve`, input, {
    silent: true,
  });
}
