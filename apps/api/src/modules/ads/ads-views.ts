/**
 * Ad views counted in memory and added to the ads' counters in batches (decision 045): a view
 * is a row of `ad_views` at once (one per visitor per day, requirements P4.7), but the counter on
 * the ad — a row with many indexes, `views` among them — is updated once per ad per flush, not once
 * per view. Until a flush, this process adds its pending views to the counts it shows.
 */
import type { Database } from "../../db/client.ts";
import { addAdViews } from "./ads.repository.ts";

export interface AdViewCounts {
  /** One more view of the ad, written with the next flush. */
  add(adId: number): void;
  /** Views of the ad this process has not written yet. */
  pendingOf(adId: number): number;
  /**
   * Writes the pending views (one statement) and resolves once they, and any flush before, are
   * written; a failed write keeps them for the next flush.
   */
  flush(): Promise<void>;
}

export function createAdViewCounts(db: Database): AdViewCounts {
  let pending = new Map<number, number>();
  /** Batches taken by a flush and not written yet: still counted by `pendingOf`. */
  const unwritten = new Set<Map<number, number>>();
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: Map<number, number>): Promise<void> {
    try {
      await addAdViews(db, [...batch]);
    } catch (error) {
      for (const [adId, views] of batch) pending.set(adId, (pending.get(adId) ?? 0) + views);
      throw error;
    } finally {
      unwritten.delete(batch);
    }
  }

  return {
    add(adId) {
      pending.set(adId, (pending.get(adId) ?? 0) + 1);
    },
    pendingOf(adId) {
      let views = pending.get(adId) ?? 0;
      for (const batch of unwritten) views += batch.get(adId) ?? 0;
      return views;
    },
    flush() {
      const batch = pending;
      pending = new Map();
      if (batch.size > 0) unwritten.add(batch);
      // One write at a time, in order: a flush resolves after every earlier one has finished.
      writing = writing.catch(() => undefined).then(() => (batch.size > 0 ? write(batch) : undefined));
      return writing;
    },
  };
}
