/**
 * What an ad's page reads: the ad as the viewer may see it, its price history, similar ads, and the
 * view counted once per visitor per day.
 */
import {
  type Ad,
  type AdCard,
  type AdPriceHistory,
  type AdViewResponse,
  adSimilarLimit,
  type Currency,
  type Vertical,
  verticalDefinitions,
} from "@unaa/contracts";
import { AppError } from "../../errors.ts";
import {
  type AdRow,
  findAdById,
  findPriceHistory,
  findSimilarAdCards,
  insertAdView,
} from "./ads.repository.ts";
import { type AdViewer, findVisibleAd, isStaffViewer } from "./ads-access.ts";
import type { AdsContext } from "./ads-context.ts";
import { presentAd, toCard } from "./ads-presenters.ts";
import { createAdViewCounts } from "./ads-views.ts";

export interface AdPageReads {
  /** An active ad for anyone; any other state only for its owner and for moderators. */
  getAd(viewer: AdViewer | null, id: number): Promise<Ad>;
  /**
   * What an ad's page shows of it, reading the ad once: the ad as `getAd` gives it, its price
   * history, and similar ads (none unless the ad is active).
   */
  getAdPage(
    viewer: AdViewer | null,
    id: number,
  ): Promise<{ ad: Ad; priceHistory: AdPriceHistory; similar: AdCard[] }>;
  /** Every price of an ad `getAd` shows the viewer, oldest first (the ad page's price changes). */
  getPriceHistory(viewer: AdViewer | null, id: number): Promise<AdPriceHistory>;
  /** Active ads sharing the definition's `similarBy` fields with an active ad, freshest first. */
  findSimilarAds(id: number): Promise<AdCard[]>;
  /** One view per visitor per day, of an active ad, not by its owner. */
  countAdView(viewer: AdViewer | null, visitor: string, id: number): Promise<AdViewResponse>;
  /** Adds the views counted since the last flush to the ads' counters (every few seconds, and at close). */
  flushAdViews(): Promise<void>;
}

export function createAdPageReads(context: AdsContext): AdPageReads {
  const { db, storage } = context;
  const views = createAdViewCounts(db);

  const present = async (viewer: AdViewer | null, row: AdRow): Promise<Ad> => {
    const ad = await presentAd(context, row, viewer?.id ?? null, isStaffViewer(viewer));
    return { ...ad, views: ad.views + views.pendingOf(row.id) };
  };
  const priceHistoryOf = async (row: AdRow): Promise<AdPriceHistory> => {
    const rows = await findPriceHistory(db, row.id);
    return {
      items: rows.map((price) => ({
        ...price,
        currency: price.currency as Currency,
        changedAt: price.changedAt.toISOString(),
      })),
    };
  };
  const similarTo = async (row: AdRow): Promise<AdCard[]> => {
    const definition = verticalDefinitions[row.vertical as Vertical];
    const rows = await findSimilarAdCards(db, row, definition, adSimilarLimit);
    return rows.map((card) => toCard(card, storage));
  };

  return {
    async getAd(viewer, id) {
      return present(viewer, await findVisibleAd(db, viewer, id));
    },

    async getAdPage(viewer, id) {
      const row = await findVisibleAd(db, viewer, id);
      const [ad, priceHistory, similar] = await Promise.all([
        present(viewer, row),
        priceHistoryOf(row),
        row.status === "active" ? similarTo(row) : [],
      ]);
      return { ad, priceHistory, similar };
    },

    async getPriceHistory(viewer, id) {
      return priceHistoryOf(await findVisibleAd(db, viewer, id));
    },

    async findSimilarAds(id) {
      const row = await findAdById(db, id);
      if (row?.status !== "active") throw new AppError("AD_NOT_FOUND");
      return similarTo(row);
    },

    async countAdView(viewer, visitor, id) {
      const row = await findAdById(db, id);
      if (row?.status !== "active") throw new AppError("AD_NOT_FOUND");
      const shown = () => row.views + views.pendingOf(id);
      if (viewer?.id === row.userId) return { views: shown(), isCounted: false };
      // The day of Kyrgyzstan (UTC+6, no daylight saving), so "one per day" follows local midnight.
      const day = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
      const isCounted = await insertAdView(db, { adId: id, visitor, day });
      if (isCounted) views.add(id);
      return { views: shown(), isCounted };
    },

    flushAdViews: views.flush,
  };
}
