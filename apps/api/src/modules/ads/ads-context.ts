/**
 * What every part of the ads service shares (ads.service.ts puts them together): the database, the
 * file storage, the clock, and the cached search answers to drop after a change.
 */
import type { Database } from "../../db/client.ts";
import type { FileStorage } from "../../lib/storage.ts";
import type { AdRow } from "./ads.repository.ts";

/**
 * What other domains hear about ads once a change is committed (notifications, saved searches). A listener's
 * failure is its own: it must not throw into the request.
 */
export interface AdEvents {
  /** A moderator approved or rejected an ad or its waiting edit. */
  moderated(
    ad: AdRow,
    decision:
      | { action: "approve" }
      | { action: "reject" | "remove"; reason: string | null; note: string | null },
  ): Promise<void>;
  /** A live ad's price went down (in base units). */
  priceDropped(before: AdRow, after: AdRow): Promise<void>;
  /** An ad went live (published without moderation, approved): saved searches are matched (055). */
  wentLive(adId: number): Promise<void>;
}

export interface AdsContext {
  db: Database;
  storage: FileStorage;
  /** Any change of an ad shows in the next search, in every process (decision 081). */
  forgetSearches(): void;
  events?: AdEvents;
}

/** A live ad now asks less than before (both prices given, compared in som). */
export function isPriceDrop(before: AdRow, after: AdRow): boolean {
  return after.status === "active" && before.price > 0 && after.price > 0 && after.priceKgs < before.priceKgs;
}

export const DAY_MS = 86_400_000;

/**
 * Timestamps are written from the clock of the app at millisecond precision: a keyset cursor
 * carries the sort key as a JS date, which must compare equal to the stored value.
 */
export function now(): Date {
  return new Date();
}
