/**
 * The ads service (issue 5, decisions 009–025): one object for routes and page loaders, put together
 * from one part per responsibility, each in its own file: the life cycle, moderation, the ad page's
 * reads, favourites, contacts (phones, complaints) and lists. The parts share a context (the
 * database, the storage, the search answers to drop after a change); rules live in the parts,
 * queries in ads.repository.ts and ads-search.ts, presentation in ads-presenters.ts.
 */
import type { Database } from "../../db/client.ts";
import type { CacheDrops } from "../../lib/cache-drops.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { type AdContacts, createAdContacts, type PhoneRevealLimits } from "./ads-contacts.service.ts";
import type { AdEvents, AdsContext } from "./ads-context.ts";
import { type AdFavorites, createAdFavorites } from "./ads-favorites.service.ts";
import { type AdLifeCycle, createAdLifeCycle } from "./ads-life-cycle.service.ts";
import { type AdLists, createAdLists, createSearchAnswers } from "./ads-lists.service.ts";
import { type AdModeration, createAdModeration } from "./ads-moderation.service.ts";
import { type AdPageReads, createAdPageReads } from "./ads-page.service.ts";

export type AdsService = AdLifeCycle &
  AdModeration &
  AdPageReads &
  AdFavorites &
  AdContacts &
  AdLists & {
    /** Drops the cached search answers in every process (a change made outside ads: a paid service). */
    forgetSearches(): void;
  };

export function createAdsService(
  db: Database,
  limits: PhoneRevealLimits,
  storage: FileStorage,
  cacheDrops: CacheDrops,
  events?: AdEvents,
): AdsService {
  const searchAnswers = createSearchAnswers();
  const forgetSearches = cacheDrops.register("ad-searches", searchAnswers.forget);
  const context: AdsContext = {
    db,
    storage,
    forgetSearches,
    ...(events ? { events } : {}),
  };
  return {
    ...createAdLifeCycle(context),
    ...createAdModeration(context),
    ...createAdPageReads(context),
    ...createAdFavorites(context),
    ...createAdContacts(context, limits),
    ...createAdLists(context, searchAnswers),
    forgetSearches,
  };
}
