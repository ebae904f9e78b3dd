/**
 * The ad life cycle (docs/requirements.md, P4): which action may start from which status, and the
 * free extension window. The API enforces it; the web shows only the actions it allows.
 */
import type { AdStatus } from "./ad-rules.ts";

/** Days before expiry from which the owner may extend an ad (once, free). */
export const adExtendWindowDays = 3;

const DAY_MS = 86_400_000;

/** What an owner may do to an ad from "My ads" (and publish from the form). */
export const adOwnerActions = ["publish", "archive", "sold", "extend"] as const;
export type AdOwnerAction = (typeof adOwnerActions)[number];

/** Every action that changes an ad's status or content: the owner's and the moderators'. */
export type AdAction = AdOwnerAction | "update" | "approve" | "reject" | "remove";

/**
 * Where each action may start from. A rejected ad is not published again as it was: an edit sends it
 * back to moderation (`pending`), whatever the moderation mode.
 */
export const adActionsFrom: Readonly<Record<AdAction, readonly AdStatus[]>> = {
  update: ["draft", "pending", "active", "archived", "rejected", "sold"],
  publish: ["draft", "archived"],
  archive: ["pending", "active"],
  sold: ["active", "archived"],
  extend: ["active"],
  approve: ["pending"],
  reject: ["pending", "active"],
  remove: ["draft", "pending", "active", "archived", "sold", "rejected"],
};

/** The fields of an ad the life cycle reads; dates as the API sends them or as the database holds them. */
export interface AdLifeCycleState {
  status: AdStatus;
  expiresAt: Date | string | null;
  extendedAt: Date | string | null;
}

function timeOf(value: Date | string): number {
  return typeof value === "string" ? Date.parse(value) : value.getTime();
}

/** In its last days an active ad warns its owner, who may extend it. */
export function isAdExpiring(ad: AdLifeCycleState, now: Date): boolean {
  if (ad.status !== "active" || ad.expiresAt === null) return false;
  return timeOf(ad.expiresAt) - now.getTime() <= adExtendWindowDays * DAY_MS;
}

/** The free extension: once, in the last days of an active ad. */
export function canExtendAd(ad: AdLifeCycleState, now: Date): boolean {
  return isAdExpiring(ad, now) && ad.extendedAt === null;
}

/** Whether `action` may start from the ad's status (and, for extend, within its window). */
export function canRunAdAction(ad: AdLifeCycleState, action: AdAction, now: Date): boolean {
  if (action === "extend") return canExtendAd(ad, now);
  return adActionsFrom[action].includes(ad.status);
}

/** Days left before expiry, counted up: "expires in 1 day" on the last day. */
export function adDaysLeft(ad: AdLifeCycleState, now: Date): number {
  const left = ad.expiresAt === null ? 0 : timeOf(ad.expiresAt) - now.getTime();
  return Math.max(1, Math.ceil(left / DAY_MS));
}
