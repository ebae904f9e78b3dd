/**
 * Lists of ads (requirements P5, decisions 012–019): the search of a vertical (filters of its
 * definition, sorts, keyset pages, the promoted block, the other verticals' counts when a text
 * search finds little), urgent ads, the owner's "My ads", and a catalogue entry's count and prices.
 * Search answers, totals and entries' summaries are kept a few seconds; any change of an ad drops
 * them (`forget`).
 */
import {
  type AdCardsPage,
  type AdFilters,
  type AdPriceSummary,
  type AdPriceSummaryQuery,
  type AdSearchResponse,
  type AdStatus,
  type AdVerticalCount,
  adExactCountLimit,
  adFilterSchemas,
  adOtherVerticalsBelow,
  adSorts,
  adStatuses,
  type MyAdsResponse,
  type ProfileAdsQuery,
  profileTabVerticals,
  type Vertical,
  verticalDefinitions,
  verticals,
} from "@unaa/contracts";
import { ads } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { createSearchCache } from "../../lib/search-cache.ts";
import { findLift } from "../services/service-lift.ts";
import {
  countAdsByStatus,
  findActiveAdCardsOfUser,
  findAdsOfUser,
  findUrgentAdCards,
  summarizeCatalogEntryPrices,
} from "./ads.repository.ts";
import { type AdsContext, now } from "./ads-context.ts";
import { decodeCursor, encodeCursor, pageOf, sortValueOf } from "./ads-cursors.ts";
import { zodFieldErrors } from "./ads-errors.ts";
import { toCard, toMyAd } from "./ads-presenters.ts";
import { type BoundSearch, createAdSearch, sortColumnOf } from "./ads-search.ts";

export interface AdLists {
  /** `query`: the raw query string, read by the vertical's filter schema. */
  searchAds(query: Record<string, unknown>): Promise<AdSearchResponse>;
  /** Active ads with the urgent badge in force, across verticals, freshest first (`/urgent`). */
  listUrgentAds(page: { cursor?: string; limit: number }): Promise<AdCardsPage>;
  /** The user's own ads in one status, newest first, with how many they have in each status. */
  listMyAds(
    userId: number,
    page: { status: AdStatus; cursor?: string; limit: number },
  ): Promise<MyAdsResponse>;
  /** A user's active ads of one profile tab's verticals, newest first (`/profile/{id}`, spec S2.5). */
  listUserAds(userId: number, query: ProfileAdsQuery): Promise<AdCardsPage>;
  /** How many active ads one catalogue entry has, and their price range in both currencies. */
  summarizeCatalogEntryAds(query: AdPriceSummaryQuery): Promise<AdPriceSummary>;
}

/** At most this many promoted ads head the first page of a search. */
const promotedMax = 6;

/**
 * Search answers are public and asked again and again (list pages, home strips, the filter panel's
 * live count), so one is reused for a few seconds; any change of an ad in this process drops them
 * all at once, so its owner sees it at once.
 */
const SEARCH_ANSWER_TTL_MS = 5_000;
const SEARCH_ANSWERS_MAX = 2_000;
/**
 * The total of a filter set serves every page and sort of it (and the filter panel's live count):
 * kept longer than an answer, dropped with them on any change.
 */
const SEARCH_COUNT_TTL_MS = 30_000;
const SEARCH_COUNTS_MAX = 5_000;
/**
 * A catalogue entry's count and price range (its page and its model list's heading): kept as long
 * as a total, dropped with it. At 1,000,000 ads a popular model's took 165–505 ms to compute.
 */
const ENTRY_SUMMARIES_MAX = 2_000;

/** The search answers, totals and catalogue entries' summaries of a process, dropped together. */
export function createSearchAnswers() {
  const answers = createSearchCache<AdSearchResponse>({
    maxEntries: SEARCH_ANSWERS_MAX,
    ttlMs: SEARCH_ANSWER_TTL_MS,
  });
  const counts = createSearchCache<{ total: number; isExact: boolean }>({
    maxEntries: SEARCH_COUNTS_MAX,
    ttlMs: SEARCH_COUNT_TTL_MS,
  });
  const summaries = createSearchCache<AdPriceSummary>({
    maxEntries: ENTRY_SUMMARIES_MAX,
    ttlMs: SEARCH_COUNT_TTL_MS,
  });
  return {
    answers,
    counts,
    summaries,
    forget(): void {
      answers.clear();
      counts.clear();
      summaries.clear();
    },
  };
}

export type SearchAnswers = ReturnType<typeof createSearchAnswers>;

export function createAdLists({ db, storage }: AdsContext, cached: SearchAnswers): AdLists {
  const search = createAdSearch(db);

  /** How many active ads a search finds, kept a while for its other pages, sorts and the live count. */
  function countOf(bound: BoundSearch) {
    return cached.counts.get(`${bound.shape}|${JSON.stringify(bound.values)}`, () =>
      search.count(bound, adExactCountLimit),
    );
  }

  /** The words alone in each other vertical that has ads for them ("эвакуатор" on the cars tab). */
  async function countInOtherVerticals(vertical: Vertical, q: string): Promise<AdVerticalCount[]> {
    const others = verticals.filter((other) => other !== vertical);
    const counts = await Promise.all(
      others.map(async (other) => {
        const filters = adFilterSchemas[other].parse({ vertical: other, q }) as AdFilters;
        return {
          vertical: other,
          ...(await countOf(await search.bind(verticalDefinitions[other], filters))),
        };
      }),
    );
    return counts
      .filter((count) => count.total > 0)
      .map(({ vertical: other, total, isExact }) => ({ vertical: other, total, totalIsExact: isExact }));
  }

  return {
    async searchAds(query) {
      const vertical = query.vertical as Vertical;
      const parsed = adFilterSchemas[vertical].safeParse(query);
      if (!parsed.success) throw new AppError("VALIDATION_FAILED", { errors: zodFieldErrors(parsed.error) });
      const filters = parsed.data as AdFilters;
      return cached.answers.get(JSON.stringify(filters), async () => {
        const after =
          filters.cursor === undefined
            ? undefined
            : decodeCursor(filters.cursor, filters.sort, sortColumnOf(filters.sort));
        const bound = await search.bind(verticalDefinitions[vertical], filters);
        const [{ rows, promoted }, count] = await Promise.all([
          // Promoted ads head the first page only; the pages stay the complete keyset stream.
          search.findPage({
            bound,
            sort: filters.sort,
            after,
            limit: filters.limit + 1,
            promotedLimit: promotedMax,
          }),
          countOf(bound),
        ]);
        const { key } = adSorts[filters.sort];
        const isShort = filters.q !== undefined && after === undefined && count.total < adOtherVerticalsBelow;
        return {
          ...pageOf(
            rows,
            filters.limit,
            (row) => toCard(row, storage),
            (last) => encodeCursor(filters.sort, sortValueOf(last, key), last.id),
          ),
          promoted: promoted.map((row) => toCard(row, storage)),
          total: count.total,
          totalIsExact: count.isExact,
          otherVerticals: isShort && filters.q ? await countInOtherVerticals(vertical, filters.q) : [],
        };
      });
    },

    async listUrgentAds(page) {
      const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, "urgent", ads.raisedAt);
      const rows = await findUrgentAdCards(db, { now: now(), after, limit: page.limit + 1 });
      return pageOf(
        rows,
        page.limit,
        (row) => toCard(row, storage),
        (last) => encodeCursor("urgent", sortValueOf(last, "raisedAt"), last.id),
      );
    },

    async listMyAds(userId, page) {
      const after =
        page.cursor === undefined ? undefined : decodeCursor(page.cursor, `mine-${page.status}`, ads.id);
      const [rows, counted] = await Promise.all([
        findAdsOfUser(db, { userId, status: page.status, after, limit: page.limit + 1 }),
        countAdsByStatus(db, userId),
      ]);
      const counts = Object.fromEntries(
        adStatuses.map((status) => [status, counted.get(status) ?? 0]),
      ) as MyAdsResponse["counts"];
      // The newest ended paid service of each ad on the page, and how it worked (decision 063).
      const lift = await findLift(
        db,
        rows.slice(0, page.limit).map((row) => row.id),
        new Date(),
        1,
      );
      return {
        ...pageOf(
          rows,
          page.limit,
          (row) => toMyAd(row, storage, lift.get(row.id)?.[0] ?? null),
          (last) => encodeCursor(`mine-${page.status}`, last.id, last.id),
        ),
        counts,
      };
    },

    async listUserAds(userId, { tab, cursor, limit }) {
      const list = `profile-${tab}`;
      const after = cursor === undefined ? undefined : decodeCursor(cursor, list, ads.id);
      const rows = await findActiveAdCardsOfUser(db, {
        userId,
        verticals: profileTabVerticals[tab],
        after,
        limit: limit + 1,
      });
      return pageOf(
        rows,
        limit,
        (row) => toCard(row, storage),
        (last) => encodeCursor(list, last.id, last.id),
      );
    },

    summarizeCatalogEntryAds(query) {
      const key = JSON.stringify([query.vertical, query.mark, query.model, query.generation]);
      return cached.summaries.get(key, async () => {
        const summary = await summarizeCatalogEntryPrices(db, query);
        return {
          count: summary?.count ?? 0,
          priceMinKgs: summary?.priceMinKgs ?? null,
          priceMaxKgs: summary?.priceMaxKgs ?? null,
          priceMinUsd: summary?.priceMinUsd ?? null,
          priceMaxUsd: summary?.priceMaxUsd ?? null,
        };
      });
    },
  };
}
