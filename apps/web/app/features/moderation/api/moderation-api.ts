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

/**
 * The queries' keys. Each waits for the signed-in staff member (`userId`): the access token exists
 * only once the session is known in the browser.
 */
export const moderationKeys = {
  all: ["moderation"] as const,
  ads: (userId: number | undefined, filters: AdsFilters) => ["moderation", userId, "ads", filters] as const,
  ad: (userId: number | undefined, id: number) => ["moderation", userId, "ad", id] as const,
  photos: (userId: number | undefined) => ["moderation", userId, "photos"] as const,
  complaints: (userId: number | undefined, filters: ComplaintFilters) =>
    ["moderation", userId, "complaints", filters] as const,
};

/** The query without empty filters (`q=` would search for nothing). */
const withoutEmpty = (query: Record<string, string | number | null>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== null && value !== "")) as Record<
    string,
    string | number
  >;

export function moderationAdsQueryOptions(userId: number | undefined, filters: AdsFilters) {
  return infiniteQueryOptions({
    queryKey: moderationKeys.ads(userId, filters),
    enabled: userId !== undefined,
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

export function moderationAdQueryOptions(userId: number | undefined, id: number | null) {
  return queryOptions({
    queryKey: moderationKeys.ad(userId, id ?? 0),
    queryFn: ({ signal }) => api.get<DashboardAdDetail>(`/api/dashboard/ads/${id}`, { signal, silent: true }),
    enabled: userId !== undefined && id !== null,
  });
}

export function moderationPhotosQueryOptions(userId: number | undefined) {
  return infiniteQueryOptions({
    queryKey: moderationKeys.photos(userId),
    enabled: userId !== undefined,
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

export function moderationComplaintsQueryOptions(userId: number | undefined, filters: ComplaintFilters) {
  return infiniteQueryOptions({
    queryKey: moderationKeys.complaints(userId, filters),
    enabled: userId !== undefined,
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

export function removeAd(id: number, input: { reason: AdRejectReason; note: string }): Promise<unknown> {
  return api.post(`/api/ads/${id}/remove`, input, { silent: true });
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
