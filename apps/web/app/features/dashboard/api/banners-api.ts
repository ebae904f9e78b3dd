/** `/api/dashboard/banners*` (decision 071): the campaigns, an image upload, create, change, delete. */
import type { Banner, BannerImage, BannerInput, BannerPage, BannerSlot } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { keysetQueryOptions } from "./dashboard-api.ts";

export const bannersKey = (viewerId: number | undefined) => ["dashboard", viewerId, "banners"] as const;

export function bannersQueryOptions(viewerId: number | undefined) {
  return keysetQueryOptions<BannerPage>(bannersKey(viewerId), viewerId, "/api/dashboard/banners");
}

export function uploadBannerImage(slot: BannerSlot, file: File) {
  const body = new FormData();
  body.append("file", file);
  return api.post<BannerImage>("/api/dashboard/banners/images", body, { query: { slot } });
}

export const saveBanner = (id: number | null, input: BannerInput) =>
  id === null
    ? api.post<Banner>("/api/dashboard/banners", input)
    : api.put<Banner>(`/api/dashboard/banners/${id}`, input);

export const deleteBanner = (id: number) => api.del<null>(`/api/dashboard/banners/${id}`);
