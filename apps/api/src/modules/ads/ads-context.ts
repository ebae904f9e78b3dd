/**
 * What every part of the ads service shares (ads.service.ts puts them together): the database, the
 * file storage, the clock, and the cached search answers to drop after a change.
 */
import type { Database } from "../../db/client.ts";
import type { FileStorage } from "../../lib/storage.ts";

export interface AdsContext {
  db: Database;
  storage: FileStorage;
  /** Any change of an ad shows in the next search of this process. */
  forgetSearches(): void;
  /**
   * An ad went live (published without moderation, approved): saved searches are matched against
   * it (decision 055). Called once the change is committed; never fails the change.
   */
  onAdLive(adId: number): Promise<void>;
}

export const DAY_MS = 86_400_000;

/**
 * Timestamps are written from the clock of the app at millisecond precision: a keyset cursor
 * carries the sort key as a JS date, which must compare equal to the stored value.
 */
export function now(): Date {
  return new Date();
}
