/**
 * Saved searches (issue 14, item 6; product.md section 5; decision 055): the user's followed
 * searches, and the jobs that find the new ads matching them. Matching runs when an ad goes live:
 * candidates by indexed columns (vertical, marks, models), then each confirmed by the ads search
 * itself restricted to the ad (`AdSearch.includes`) — one definition of what a filter means.
 */
import {
  type AdFilters,
  readSavedSearchQuery,
  type SavedSearch,
  type SavedSearchCreateInput,
  type SavedSearchFilters,
  type SavedSearchListResponse,
  type SavedSearchUpdateInput,
  savedSearchCreateInputSchema,
  savedSearchesMax,
  savedSearchTimeZone,
  type Vertical,
  verticalDefinitions,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { zodFieldErrors } from "../ads/ads-errors.ts";
import { createAdSearch } from "../ads/ads-search.ts";
import type { DigestGroup, SavedSearchAlerts } from "./saved-searches.alerts.ts";
import {
  countSavedSearchesOfUser,
  deleteSavedSearch,
  findCandidateSearches,
  findLiveAd,
  findSavedSearch,
  findSavedSearchByQuery,
  findSavedSearchesOfUser,
  insertMatches,
  insertSavedSearch,
  type SavedSearchRow,
  type SavedSearchWithCount,
  takeDigestMatches,
  updateSavedSearch,
} from "./saved-searches.repository.ts";

export interface SavedSearchesService {
  listSavedSearches(userId: number): Promise<SavedSearchListResponse>;
  /** Saves a list page's filters; the same search saved before is answered as it is (`created` false). */
  createSavedSearch(
    userId: number,
    input: SavedSearchCreateInput,
  ): Promise<{ savedSearch: SavedSearch; created: boolean }>;
  updateSavedSearch(userId: number, id: number, input: SavedSearchUpdateInput): Promise<SavedSearch>;
  deleteSavedSearch(userId: number, id: number): Promise<void>;
  /** Opening the search: its new-match count starts again from now. */
  markSavedSearchViewed(userId: number, id: number): Promise<SavedSearch>;
  /** The `saved-search-match` job: records the searches a live ad matches and sends instant alerts. */
  matchAd(adId: number, at?: Date): Promise<void>;
  /** The hourly digest job: the daily searches whose hour (Asia/Bishkek) it is. */
  sendDigests(at?: Date): Promise<void>;
}

/** The job that matches a live ad against the saved searches (`{ adId }`). */
export const savedSearchMatchJob = "saved-search-match";

/** The hour of `at` in Asia/Bishkek (0–23). */
export function digestHourAt(at: Date): number {
  const hour = new Intl.DateTimeFormat("en-GB", {
    timeZone: savedSearchTimeZone,
    hour: "2-digit",
    hourCycle: "h23",
  }).format(at);
  return Number(hour);
}

function present(row: SavedSearchWithCount): SavedSearch {
  return {
    id: row.id,
    vertical: row.vertical as Vertical,
    query: row.query,
    filters: row.filters,
    label: row.label,
    mode: row.mode as SavedSearch["mode"],
    digestHour: row.digestHour,
    channels: { inApp: row.inApp, email: row.email, push: row.push },
    newCount: row.newCount,
    createdAt: row.createdAt.toISOString(),
    lastViewedAt: row.lastViewedAt.toISOString(),
  };
}

/** The ids of a catalogue filter (`mark`, `model`) of the vertical, if it filters by them. */
function catalogIdsOf(vertical: Vertical, filters: SavedSearchFilters, level: "mark" | "model"): number[] {
  const field = verticalDefinitions[vertical].fields.find(
    (candidate) => candidate.kind === "catalog" && candidate.level === level,
  );
  const value = field ? filters[field.name] : undefined;
  return Array.isArray(value) ? value.map(Number) : [];
}

export function createSavedSearchesService(db: Database, alerts: SavedSearchAlerts): SavedSearchesService {
  const search = createAdSearch(db);

  async function ownSearch(userId: number, id: number): Promise<SavedSearchWithCount> {
    const found = await findSavedSearch(db, { id, userId });
    if (!found) throw new AppError("SAVED_SEARCH_NOT_FOUND");
    return found;
  }

  /** Whether the ad is among the saved search's ads, by the search's own SQL. */
  async function includes(saved: SavedSearchRow, adId: number): Promise<boolean> {
    const vertical = saved.vertical as Vertical;
    const read = readSavedSearchQuery(vertical, saved.filters);
    if (!read.success) return false; // A filter the vertical dropped since: it matches nothing.
    const filters = { ...read.filters, sort: "fresh", limit: 1 } as AdFilters;
    return search.includes(await search.bind(verticalDefinitions[vertical], filters), adId);
  }

  return {
    async listSavedSearches(userId) {
      const rows = await findSavedSearchesOfUser(db, userId);
      return { items: rows.map(present), max: savedSearchesMax };
    },

    async createSavedSearch(userId, rawInput) {
      const input = savedSearchCreateInputSchema.parse(rawInput);
      const read = readSavedSearchQuery(input.vertical, input.query);
      if (!read.success) {
        const errors = zodFieldErrors(read.error).map((error) => ({
          ...error,
          path: error.path ? `query.${error.path}` : "query",
        }));
        throw new AppError("VALIDATION_FAILED", { errors });
      }
      const existing = await findSavedSearchByQuery(db, userId, input.vertical, read.query);
      if (existing) return { savedSearch: present(await ownSearch(userId, existing.id)), created: false };
      if ((await countSavedSearchesOfUser(db, userId)) >= savedSearchesMax) {
        throw new AppError("SAVED_SEARCH_LIMIT_REACHED");
      }
      const row = await insertSavedSearch(db, {
        userId,
        vertical: input.vertical,
        filters: read.filters,
        query: read.query,
        markIds: catalogIdsOf(input.vertical, read.filters, "mark"),
        modelIds: catalogIdsOf(input.vertical, read.filters, "model"),
        label: input.label,
        mode: input.mode,
        digestHour: input.digestHour,
        inApp: input.channels.inApp,
        email: input.channels.email,
        push: input.channels.push,
      });
      // Saved by a parallel request meanwhile: that one is the answer.
      const id = row?.id ?? (await findSavedSearchByQuery(db, userId, input.vertical, read.query))?.id;
      if (id === undefined) throw new AppError("CONFLICT");
      return { savedSearch: present(await ownSearch(userId, id)), created: row !== undefined };
    },

    async updateSavedSearch(userId, id, input) {
      const changed = await updateSavedSearch(db, id, userId, {
        ...(input.label === undefined ? {} : { label: input.label }),
        ...(input.mode === undefined ? {} : { mode: input.mode }),
        ...(input.digestHour === undefined ? {} : { digestHour: input.digestHour }),
        ...(input.channels === undefined ? {} : input.channels),
      });
      if (!changed) throw new AppError("SAVED_SEARCH_NOT_FOUND");
      return present(await ownSearch(userId, id));
    },

    async deleteSavedSearch(userId, id) {
      if (!(await deleteSavedSearch(db, id, userId))) throw new AppError("SAVED_SEARCH_NOT_FOUND");
    },

    async markSavedSearchViewed(userId, id) {
      if (!(await updateSavedSearch(db, id, userId, { lastViewedAt: new Date() }))) {
        throw new AppError("SAVED_SEARCH_NOT_FOUND");
      }
      return present(await ownSearch(userId, id));
    },

    async matchAd(adId, at = new Date()) {
      const ad = await findLiveAd(db, adId);
      if (!ad) return;
      const candidates = await findCandidateSearches(db, ad);
      const matched: SavedSearchRow[] = [];
      for (const candidate of candidates) {
        if (await includes(candidate, ad.id)) matched.push(candidate);
      }
      // Only the searches this ad had not matched before (a re-publication alerts no one twice).
      const fresh = new Set(await insertMatches(db, ad.id, matched, at));
      for (const saved of matched) {
        if (!fresh.has(saved.id) || saved.mode !== "instant") continue;
        const current = await findSavedSearch(db, { id: saved.id });
        if (current) await alerts.instant(saved.userId, present(current), [{ id: ad.id, title: ad.title }]);
      }
    },

    async sendDigests(at = new Date()) {
      await db.transaction(async (tx) => {
        const matches = await takeDigestMatches(tx, digestHourAt(at), at);
        const bySearch = new Map<number, { id: number; title: string }[]>();
        for (const match of matches) {
          const list = bySearch.get(match.savedSearchId) ?? [];
          list.push({ id: match.adId, title: match.title });
          bySearch.set(match.savedSearchId, list);
        }
        const byUser = new Map<number, DigestGroup[]>();
        for (const [savedSearchId, matchedAds] of bySearch) {
          const saved = await findSavedSearch(tx, { id: savedSearchId });
          if (!saved) continue;
          const groups = byUser.get(saved.userId) ?? [];
          groups.push({ savedSearch: present(saved), ads: matchedAds });
          byUser.set(saved.userId, groups);
        }
        for (const [userId, groups] of byUser) await alerts.digest(userId, groups);
      });
    },
  };
}
