/** Queries of saved searches and their matches (decision 055). */
import { and, asc, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { ads, savedSearches, savedSearchMatches } from "../../db/schema/index.ts";

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type SavedSearchInsert = typeof savedSearches.$inferInsert;

/** Matches since the search was last opened, of ads still live. */
// Written out: drizzle leaves columns of a one-table query unqualified, ambiguous in a subquery.
const newCount = sql<number>`(
  select count(*)::int from saved_search_matches m
  join ads a on a.id = m.ad_id and a.status = 'active'
  where m.saved_search_id = "saved_searches"."id" and m.matched_at > "saved_searches"."last_viewed_at"
)`;
export type SavedSearchWithCount = SavedSearchRow & { newCount: number };

const withCount = { row: savedSearches, newCount };

export async function findSavedSearchesOfUser(db: Database, userId: number): Promise<SavedSearchWithCount[]> {
  const rows = await db
    .select(withCount)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.id));
  return rows.map(({ row, newCount: counted }) => ({ ...row, newCount: Number(counted) }));
}

export async function findSavedSearch(
  db: Database,
  where: { id: number; userId?: number },
): Promise<SavedSearchWithCount | undefined> {
  const [found] = await db
    .select(withCount)
    .from(savedSearches)
    .where(
      and(
        eq(savedSearches.id, where.id),
        where.userId === undefined ? undefined : eq(savedSearches.userId, where.userId),
      ),
    );
  return found && { ...found.row, newCount: Number(found.newCount) };
}

export async function findSavedSearchByQuery(
  db: Database,
  userId: number,
  vertical: string,
  query: string,
): Promise<SavedSearchRow | undefined> {
  const [found] = await db
    .select()
    .from(savedSearches)
    .where(
      and(
        eq(savedSearches.userId, userId),
        eq(savedSearches.vertical, vertical),
        eq(savedSearches.query, query),
      ),
    );
  return found;
}

export async function countSavedSearchesOfUser(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  return Number(row?.total ?? 0);
}

/** Inserts a search; undefined when the user already has the same one (saved meanwhile). */
export async function insertSavedSearch(db: Database, values: SavedSearchInsert) {
  const [row] = await db.insert(savedSearches).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateSavedSearch(
  db: Database,
  id: number,
  userId: number,
  values: Partial<SavedSearchInsert>,
): Promise<boolean> {
  const rows = await db
    .update(savedSearches)
    .set(values)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

export async function deleteSavedSearch(db: Database, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** The ad a match is about, if it is live. */
export async function findLiveAd(db: Database, adId: number) {
  const [ad] = await db
    .select({
      id: ads.id,
      userId: ads.userId,
      vertical: ads.vertical,
      title: ads.title,
      markId: ads.markId,
      modelId: ads.modelId,
    })
    .from(ads)
    .where(and(eq(ads.id, adId), eq(ads.status, "active")));
  return ad;
}

/**
 * The saved searches an ad may match, by indexed columns only: of its vertical, not its owner's,
 * and whose marks and models (if they name any) include the ad's. The search itself decides.
 */
export async function findCandidateSearches(
  db: Database,
  ad: { vertical: string; userId: number; markId: number | null; modelId: number | null },
): Promise<SavedSearchRow[]> {
  const anyOrHas = (column: PgColumn, id: number | null) =>
    id === null
      ? sql`${column} = '{}'::integer[]`
      : sql`(${column} = '{}'::integer[] or ${column} @> array[${id}::integer])`;
  return db
    .select()
    .from(savedSearches)
    .where(
      and(
        eq(savedSearches.vertical, ad.vertical),
        ne(savedSearches.userId, ad.userId),
        anyOrHas(savedSearches.markIds, ad.markId),
        anyOrHas(savedSearches.modelIds, ad.modelId),
      ),
    );
}

/**
 * Records that searches matched an ad, once per search: the searches newly matched. A search that
 * is not `daily` has nothing left to send later (`instant` is alerted now, `off` never).
 */
export async function insertMatches(
  db: Database,
  adId: number,
  searches: readonly SavedSearchRow[],
  at: Date,
): Promise<number[]> {
  if (searches.length === 0) return [];
  const rows = await db
    .insert(savedSearchMatches)
    .values(
      searches.map((search) => ({
        savedSearchId: search.id,
        adId,
        matchedAt: at,
        alertedAt: search.mode === "daily" ? null : at,
      })),
    )
    .onConflictDoNothing()
    .returning({ savedSearchId: savedSearchMatches.savedSearchId });
  return rows.map((row) => row.savedSearchId);
}

/**
 * Marks the unalerted matches of live ads of the `daily` searches due at `hour` as alerted, and
 * returns them: the digests to send. In the caller's transaction, so a failed send leaves them due.
 */
export async function takeDigestMatches(db: Database, hour: number, at: Date) {
  const due = db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.mode, "daily"), eq(savedSearches.digestHour, hour)));
  const taken = await db
    .update(savedSearchMatches)
    .set({ alertedAt: at })
    .where(and(isNull(savedSearchMatches.alertedAt), inArray(savedSearchMatches.savedSearchId, due)))
    .returning({ savedSearchId: savedSearchMatches.savedSearchId, adId: savedSearchMatches.adId });
  if (taken.length === 0) return [];
  const live = await db
    .select({ id: ads.id, title: ads.title })
    .from(ads)
    .where(
      and(
        inArray(
          ads.id,
          taken.map((match) => match.adId),
        ),
        eq(ads.status, "active"),
      ),
    );
  const titles = new Map(live.map((ad) => [ad.id, ad.title]));
  return taken.flatMap((match) => {
    const title = titles.get(match.adId);
    return title === undefined ? [] : [{ ...match, title }];
  });
}
