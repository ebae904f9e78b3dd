/**
 * The owner's calls on their ads (create form, edit form, "My ads"), through the one HTTP client.
 * Forms show their errors themselves, so every call is silent.
 */
import {
  type Ad,
  type AdInput,
  type AdStatus,
  adExtendWindowDays,
  type MyAd,
  type MyAdsResponse,
} from "@unaa/contracts";
import { api } from "../../lib/app-state.ts";

export function createAd(input: AdInput): Promise<Ad> {
  return api.post<Ad>("/api/ads", input, { silent: true });
}

export function updateAd(id: number, input: AdInput): Promise<Ad> {
  return api.put<Ad>(`/api/ads/${id}`, input, { silent: true });
}

/** What the owner may do to an ad from "My ads" (and publish from the form). */
export const adActions = ["publish", "archive", "sold", "extend"] as const;
export type AdAction = (typeof adActions)[number];

const DAY_MS = 86_400_000;

/** Where each action may start from (the API's rules, product.md section 4). */
const actionsFrom: Record<AdAction, readonly AdStatus[]> = {
  publish: ["draft", "archived", "rejected"],
  archive: ["pending", "active"],
  sold: ["active", "archived"],
  extend: ["active"],
};

type LifeCycle = Pick<MyAd, "status" | "expiresAt" | "extendedAt">;

/** In its last days an active ad warns its owner, who may extend it. */
export function isExpiring(ad: LifeCycle, now: Date): boolean {
  if (ad.status !== "active" || !ad.expiresAt) return false;
  return Date.parse(ad.expiresAt) - now.getTime() <= adExtendWindowDays * DAY_MS;
}

/** Days left, counted up: "expires in 1 day" on the last day. */
export function daysLeft(ad: LifeCycle, now: Date): number {
  const left = ad.expiresAt ? Date.parse(ad.expiresAt) - now.getTime() : 0;
  return Math.max(1, Math.ceil(left / DAY_MS));
}

/** The free extension: once, in the last days of an active ad. */
export function canExtend(ad: LifeCycle, now: Date): boolean {
  return isExpiring(ad, now) && ad.extendedAt === null;
}

export function canRun(ad: LifeCycle, action: AdAction, now: Date): boolean {
  return action === "extend" ? canExtend(ad, now) : actionsFrom[action].includes(ad.status);
}

export function runAdAction(id: number, action: AdAction): Promise<Ad> {
  return api.post<Ad>(`/api/ads/${id}/${action}`, undefined, { silent: true });
}

export function deleteAd(id: number): Promise<void> {
  return api.del<void>(`/api/ads/${id}`, { silent: true });
}

/** The statuses "My ads" has tabs for, in tab order (removed ads are the moderators'). */
export const myAdStatuses = ["active", "pending", "draft", "rejected", "archived", "sold"] as const;
export type MyAdStatus = (typeof myAdStatuses)[number];

export function fetchMyAds(
  status: MyAdStatus,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MyAdsResponse> {
  return api.get<MyAdsResponse>("/api/users/me/ads", { query: { status, cursor }, silent: true, signal });
}
