import type { AdPriceSummaryQuery, CatalogLevel, FieldDefinition, VerticalDefinition } from "@unaa/contracts";
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  lte,
  max,
  min,
  ne,
  type SQL,
  sql,
} from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type Database, keyRead, preparedPerHandle } from "../../db/client.ts";
import {
  adComplaints,
  adFavorites,
  adNotices,
  adPriceHistory,
  ads,
  adViews,
  businesses,
  catalogComplectations,
  catalogGenerations,
  catalogMarks,
  catalogModels,
  columnKeyOf,
  regions,
  type StoredAdPhoto,
  towns,
  userPhones,
  users,
} from "../../db/schema/index.ts";

/**
 * An ad as the code reads it. The generated search columns (a tsvector and a search key, kilobytes
 * per ad) only serve WHERE clauses: lists leave them in the database (`adRowColumns`).
 */
export type AdRow = Omit<typeof ads.$inferSelect, "searchVector" | "titleKey">;
export type AdInsert = typeof ads.$inferInsert;
const { searchVector: _searchVector, titleKey: _titleKey, ...adRowColumns } = getTableColumns(ads);

/**
 * What a list card shows: the first photo rather than all of them, no description or counters.
 * Lists read these columns only (rows stay small and the wide ones stay in TOAST).
 */
export const adCardColumns = {
  id: ads.id,
  vertical: ads.vertical,
  status: ads.status,
  title: ads.title,
  price: ads.price,
  currency: ads.currency,
  priceKgs: ads.priceKgs,
  priceUsd: ads.priceUsd,
  negotiable: ads.negotiable,
  regionId: ads.regionId,
  townId: ads.townId,
  abroadCountry: ads.abroadCountry,
  fields: ads.fields,
  publishedAt: ads.publishedAt,
  raisedAt: ads.raisedAt,
  oldPrice: ads.oldPrice,
  premiumUntil: ads.premiumUntil,
  vipUntil: ads.vipUntil,
  topUntil: ads.topUntil,
  urgentUntil: ads.urgentUntil,
  highlightUntil: ads.highlightUntil,
  cover: sql<StoredAdPhoto | null>`${ads.photos} -> 0`.as("cover"),
  photoCount: ads.photoCount,
  // Sort keys that cards do not show, for the next page's cursor.
  year: ads.year,
  mileage: ads.mileage,
  views: ads.views,
};
export type AdCardRow = {
  [K in keyof typeof adCardColumns]: K extends "cover" ? StoredAdPhoto | null : AdRow[K & keyof AdRow];
};

/** A whole row as a card row. */
export function cardRowOf(row: AdRow): AdCardRow {
  return { ...row, cover: row.photos[0] ?? null };
}

export function filterColumnOf(field: FieldDefinition): PgColumn | undefined {
  const column = (ads as unknown as Record<string, unknown>)[columnKeyOf(field)];
  return column && typeof column === "object" && "columnType" in column ? (column as PgColumn) : undefined;
}

export async function insertAd(db: Database, values: AdInsert): Promise<AdRow> {
  const [row] = await db.insert(ads).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateAdRow(db: Database, id: number, values: Partial<AdInsert>): Promise<AdRow> {
  const [row] = await db.update(ads).set(values).where(eq(ads.id, id)).returning();
  if (!row) throw new Error(`ad ${id} vanished`);
  return row;
}

/**
 * The busiest read (every ad page, every counted view): a 72-column select costs ~130 µs of Node to
 * build and PostgreSQL ~200 µs to parse each time.
 */
const adById = preparedPerHandle((db) =>
  db
    .select(adRowColumns)
    .from(ads)
    .where(eq(ads.id, sql.placeholder("id")))
    .prepare(keyRead("ads_by_id")),
);

export async function findAdById(db: Database, id: number): Promise<AdRow | undefined> {
  const [row] = await adById(db).execute({ id });
  return row;
}

/** Locks the row for a change, so two concurrent changes apply one after the other. */
export async function findAdForUpdate(db: Database, id: number): Promise<AdRow | undefined> {
  const [row] = await db.select(adRowColumns).from(ads).where(eq(ads.id, id)).for("update");
  return row;
}

/** How many ads a user has in each status (absent statuses: none). */
export async function countAdsByStatus(db: Database, userId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: ads.status, value: count() })
    .from(ads)
    .where(eq(ads.userId, userId))
    .groupBy(ads.status);
  return new Map(rows.map((row) => [row.status, row.value]));
}

export interface SellerRow {
  id: number;
  username: string;
  avatarKey: string | null;
  createdAt: Date;
  activeAds: number;
}

const sellerById = preparedPerHandle((db) =>
  db
    .select({
      id: users.id,
      username: users.username,
      avatarKey: users.avatarKey,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare(keyRead("seller_by_id")),
);

/** Through `ads_user_idx`. */
const activeAdsOfUser = preparedPerHandle((db) =>
  db
    .select({ value: count() })
    .from(ads)
    .where(and(eq(ads.userId, sql.placeholder("userId")), eq(ads.status, "active")))
    .prepare(keyRead("ads_active_of_user")),
);

/** The seller shown on an ad: the account and how many active ads it has across verticals. */
export async function findSeller(db: Database, userId: number): Promise<SellerRow | undefined> {
  const [[user], [active]] = await Promise.all([
    sellerById(db).execute({ userId }),
    activeAdsOfUser(db).execute({ userId }),
  ]);
  return user && { ...user, activeAds: active?.value ?? 0 };
}

/** Count and price range, in both currencies, of the active ads matching `where`. */
async function summarizePrices(db: Database, where: SQL | undefined) {
  const [row] = await db
    .select({
      count: count(),
      priceMinKgs: min(ads.priceKgs),
      priceMaxKgs: max(ads.priceKgs),
      priceMinUsd: min(ads.priceUsd),
      priceMaxUsd: max(ads.priceUsd),
    })
    .from(ads)
    .where(where);
  return row;
}

export async function deleteAdRow(db: Database, id: number): Promise<void> {
  await db.delete(ads).where(eq(ads.id, id));
}

/** Records the ad's price as it is now. */
export async function insertPriceHistory(db: Database, ad: AdRow): Promise<void> {
  await db.insert(adPriceHistory).values({
    adId: ad.id,
    price: ad.price,
    currency: ad.currency,
    priceKgs: ad.priceKgs,
    priceUsd: ad.priceUsd,
  });
}

const priceHistoryOfAd = preparedPerHandle((db) =>
  db
    .select({
      price: adPriceHistory.price,
      currency: adPriceHistory.currency,
      priceKgs: adPriceHistory.priceKgs,
      priceUsd: adPriceHistory.priceUsd,
      changedAt: adPriceHistory.createdAt,
    })
    .from(adPriceHistory)
    .where(eq(adPriceHistory.adId, sql.placeholder("adId")))
    .orderBy(asc(adPriceHistory.createdAt), asc(adPriceHistory.id))
    .prepare(keyRead("ad_price_history")),
);

/** Every price of an ad, oldest first. */
export async function findPriceHistory(db: Database, adId: number) {
  return priceHistoryOfAd(db).execute({ adId });
}

export interface CatalogEntryRef {
  id: number;
  name: string;
  parentId: number | null;
  kind: string | null;
  /** Other ways people write it: the Cyrillic name and the aliases ("Камри", "камрюха"). */
  spellings: string[];
}

function spellingsOf(row: { nameCyrillic?: string | null; aliases: string[] }): string[] {
  return [...(row.nameCyrillic ? [row.nameCyrillic] : []), ...row.aliases];
}

/**
 * One catalogue entry with its parent's id (and, for a mark, its kind) and other spellings. Hidden
 * entries count too.
 */
export async function findCatalogEntry(
  db: Database,
  level: CatalogLevel,
  id: number,
): Promise<CatalogEntryRef | undefined> {
  switch (level) {
    case "mark": {
      const [row] = await db
        .select({
          id: catalogMarks.id,
          name: catalogMarks.name,
          kind: catalogMarks.kind,
          nameCyrillic: catalogMarks.nameCyrillic,
          aliases: catalogMarks.aliases,
        })
        .from(catalogMarks)
        .where(eq(catalogMarks.id, id));
      return (
        row && { id: row.id, name: row.name, kind: row.kind, parentId: null, spellings: spellingsOf(row) }
      );
    }
    case "model": {
      const [row] = await db
        .select({
          id: catalogModels.id,
          name: catalogModels.name,
          parentId: catalogModels.markId,
          nameCyrillic: catalogModels.nameCyrillic,
          aliases: catalogModels.aliases,
        })
        .from(catalogModels)
        .where(eq(catalogModels.id, id));
      return (
        row && { id: row.id, name: row.name, parentId: row.parentId, kind: null, spellings: spellingsOf(row) }
      );
    }
    case "generation": {
      const [row] = await db
        .select({
          id: catalogGenerations.id,
          name: catalogGenerations.name,
          parentId: catalogGenerations.modelId,
          aliases: catalogGenerations.aliases,
        })
        .from(catalogGenerations)
        .where(eq(catalogGenerations.id, id));
      return (
        row && { id: row.id, name: row.name, parentId: row.parentId, kind: null, spellings: row.aliases }
      );
    }
    case "complectation": {
      const [row] = await db
        .select({
          id: catalogComplectations.id,
          name: catalogComplectations.name,
          parentId: catalogComplectations.generationId,
        })
        .from(catalogComplectations)
        .where(eq(catalogComplectations.id, id));
      return row && { ...row, kind: null, spellings: [] };
    }
  }
}

/** The region a town belongs to, or undefined for an unknown town. */
export async function findTownRegion(db: Database, townId: number): Promise<number | undefined> {
  const [row] = await db.select({ regionId: towns.regionId }).from(towns).where(eq(towns.id, townId));
  return row?.regionId;
}

export async function regionExists(db: Database, regionId: number): Promise<boolean> {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, regionId));
  return row !== undefined;
}

/** Ads of a user that take a free place in a vertical: live or waiting for a moderator. */
export async function countLiveAdsOfUser(db: Database, userId: number, vertical: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(ads)
    .where(
      and(eq(ads.userId, userId), eq(ads.vertical, vertical), inArray(ads.status, ["active", "pending"])),
    );
  return row?.value ?? 0;
}

export async function hasConfirmedPhone(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userPhones.id })
    .from(userPhones)
    .where(and(eq(userPhones.userId, userId), isNotNull(userPhones.confirmedAt)))
    .limit(1);
  return row !== undefined;
}

export interface KeysetPage {
  where: SQL | undefined;
  sortColumn: PgColumn;
  direction: "asc" | "desc";
  /** The last row of the previous page: its sort value and id. */
  after: { value: string | number | null; id: number } | undefined;
  limit: number;
}

/**
 * The rows after a page's last one in keyset order `(sort key, id)`, both in the sort's direction, so
 * one index on (vertical, key, id) serves it forwards (asc, NULLs last) or backwards (desc, NULLs
 * first). `value` and `id` are values or placeholders; `isNull`: the last row had no sort key.
 */
export function keysetAfter(
  column: PgColumn,
  direction: "asc" | "desc",
  after: { isNull: boolean; value: unknown; id: unknown },
): SQL {
  const value = column.columnType === "PgTimestamp" ? sql`${after.value}::timestamptz` : sql`${after.value}`;
  if (direction === "asc") {
    return after.isNull
      ? sql`(${column} is null and ${ads.id} > ${after.id})`
      : sql`((${column}, ${ads.id}) > (${value}, ${after.id}) or ${column} is null)`;
  }
  return after.isNull
    ? sql`((${column} is null and ${ads.id} < ${after.id}) or ${column} is not null)`
    : sql`(${column}, ${ads.id}) < (${value}, ${after.id})`;
}

export function keysetOrder(column: PgColumn, direction: "asc" | "desc"): SQL[] {
  return direction === "asc"
    ? [sql`${column} asc nulls last`, sql`${ads.id} asc`]
    : [sql`${column} desc nulls first`, sql`${ads.id} desc`];
}

/**
 * One page in keyset order: the next page starts strictly after the previous page's last row (no
 * OFFSET, stable under inserts). Its condition and order, for whole rows or cards.
 */
function keysetPage({ where, sortColumn, direction, after }: KeysetPage) {
  const keyset = after && keysetAfter(sortColumn, direction, { ...after, isNull: after.value === null });
  return { where: and(where, keyset), order: keysetOrder(sortColumn, direction) };
}

export async function findAdsPage(db: Database, page: KeysetPage): Promise<AdRow[]> {
  const { where, order } = keysetPage(page);
  return db
    .select(adRowColumns)
    .from(ads)
    .where(where)
    .orderBy(...order)
    .limit(page.limit);
}

export async function findAdCardsPage(db: Database, page: KeysetPage): Promise<AdCardRow[]> {
  const { where, order } = keysetPage(page);
  return db
    .select(adCardColumns)
    .from(ads)
    .where(where)
    .orderBy(...order)
    .limit(page.limit);
}

/** The cards of these ads that are in one of `statuses`, in no particular order. */
export async function findAdCardsByIds(
  db: Database,
  ids: readonly number[],
  statuses: readonly string[],
): Promise<AdCardRow[]> {
  return db
    .select(adCardColumns)
    .from(ads)
    .where(and(inArray(ads.id, [...ids]), inArray(ads.status, [...statuses])));
}

/** Statements of similar ads by shape: the vertical and which of its `similarBy` fields the ad has. */
const similarAdCardsStatements = preparedPerHandle(
  (_db: Database) => new Map<string, { execute(values: Record<string, unknown>): Promise<AdCardRow[]> }>(),
);

/**
 * Active ads of the ad's vertical that share the values of its `similarBy` fields (the definition's),
 * the ad itself left out, freshest first. A named statement per shape: an ad page reads them on every
 * view, and planning a statement on `ads` (its many indexes weighed) cost PostgreSQL more than running
 * it (decision 097).
 */
export async function findSimilarAdCards(
  db: Database,
  ad: AdRow,
  definition: VerticalDefinition,
  limit: number,
): Promise<AdCardRow[]> {
  const shared: { name: string; column: PgColumn; value: unknown }[] = [];
  for (const name of definition.similarBy) {
    const field = definition.fields.find((candidate) => candidate.name === name);
    const column = field && filterColumnOf(field);
    const value = field && (ad as unknown as Record<string, unknown>)[columnKeyOf(field)];
    if (column && value !== null && value !== undefined) shared.push({ name, column, value });
  }
  const shape = [ad.vertical, ...shared.map(({ name }) => name)].join("_");
  const statements = similarAdCardsStatements(db);
  let statement = statements.get(shape);
  if (!statement) {
    statement = db
      .select(adCardColumns)
      .from(ads)
      .where(
        and(
          eq(ads.vertical, ad.vertical),
          eq(ads.status, "active"),
          ne(ads.id, sql.placeholder("id")),
          ...shared.map(({ name, column }) => eq(column, sql.placeholder(name))),
        ),
      )
      .orderBy(...keysetOrder(ads.raisedAt, "desc"))
      .limit(sql.placeholder("limit"))
      .prepare(`ads_similar_${shape}`);
    statements.set(shape, statement);
  }
  return statement.execute({
    id: ad.id,
    limit,
    ...Object.fromEntries(shared.map(({ name, value }) => [name, value])),
  });
}

/** Active ads of every vertical with the urgent badge in force at `now`, freshest first (keyset). */
export function findUrgentAdCards(
  db: Database,
  page: { now: Date; after: KeysetPage["after"]; limit: number },
): Promise<AdCardRow[]> {
  return findAdCardsPage(db, {
    where: and(eq(ads.status, "active"), gt(ads.urgentUntil, page.now)),
    sortColumn: ads.raisedAt,
    direction: "desc",
    after: page.after,
    limit: page.limit,
  });
}

/** A user's ads in one status, newest first by id (keyset). */
export function findAdsOfUser(
  db: Database,
  page: { userId: number; status: string; after: KeysetPage["after"]; limit: number },
): Promise<AdRow[]> {
  return findAdsPage(db, {
    where: and(eq(ads.userId, page.userId), eq(ads.status, page.status)),
    sortColumn: ads.id,
    direction: "desc",
    after: page.after,
    limit: page.limit,
  });
}

/**
 * A user's active ads in some verticals, newest first by id (keyset on `ads_user_idx`; the verticals
 * are a filter over the user's few active ads).
 */
export function findActiveAdCardsOfUser(
  db: Database,
  page: { userId: number; verticals: readonly string[]; after: KeysetPage["after"]; limit: number },
): Promise<AdCardRow[]> {
  return findAdCardsPage(db, {
    where: and(
      eq(ads.userId, page.userId),
      eq(ads.status, "active"),
      inArray(ads.vertical, [...page.verticals]),
    ),
    sortColumn: ads.id,
    direction: "desc",
    after: page.after,
    limit: page.limit,
  });
}

/** Count and price range, in both currencies, of a catalogue entry's active ads. */
export function summarizeCatalogEntryPrices(db: Database, entry: AdPriceSummaryQuery) {
  return summarizePrices(
    db,
    and(
      eq(ads.vertical, entry.vertical),
      eq(ads.status, "active"),
      eq(ads.markId, entry.mark),
      entry.model === undefined ? undefined : eq(ads.modelId, entry.model),
      entry.generation === undefined ? undefined : eq(ads.generationId, entry.generation),
    ),
  );
}

/** Counts a view unless this visitor's view of the ad was counted that day; answers the views. */
/** Notes that `visitor` saw the ad on `day`; false when that visit was noted already. */
export async function insertAdView(
  db: Database,
  view: { adId: number; visitor: string; day: string },
): Promise<boolean> {
  const inserted = await db
    .insert(adViews)
    .values(view)
    .onConflictDoNothing()
    .returning({ adId: adViews.adId });
  return inserted.length > 0;
}

/** Adds views to the ads' counters, `[ad id, views]` each: one statement, rows in id order. */
export async function addAdViews(
  db: Database,
  counts: readonly (readonly [number, number])[],
): Promise<void> {
  if (counts.length === 0) return;
  const sorted = [...counts].sort(([a], [b]) => a - b);
  // Two array literals (`{4,9}`), one text parameter each on both drivers, whatever the batch's size.
  const ids = `{${sorted.map(([id]) => id).join(",")}}`;
  const added = `{${sorted.map(([, views]) => views).join(",")}}`;
  await db.execute(sql`
    update ${ads} set views = ${ads.views} + counted.views
    from unnest(${ids}::int[], ${added}::int[]) as counted(id, views)
    where ${ads.id} = counted.id`);
}

export type AdComplaintRow = typeof adComplaints.$inferSelect;

/** Undefined when the user has already complained about the ad. */
export async function insertAdComplaint(
  db: Database,
  values: { adId: number; userId: number; reason: string; text: string },
): Promise<AdComplaintRow | undefined> {
  const [row] = await db.insert(adComplaints).values(values).onConflictDoNothing().returning();
  return row;
}

/** Adds a favourite and counts it on the ad; false when it was one already. */
export async function insertFavorite(db: Database, userId: number, adId: number): Promise<boolean> {
  const inserted = await db
    .insert(adFavorites)
    .values({ userId, adId })
    .onConflictDoNothing()
    .returning({ adId: adFavorites.adId });
  if (inserted.length === 0) return false;
  await db
    .update(ads)
    .set({ favorites: sql`${ads.favorites} + 1` })
    .where(eq(ads.id, adId));
  return true;
}

export async function deleteFavorite(db: Database, userId: number, adId: number): Promise<boolean> {
  const deleted = await db
    .delete(adFavorites)
    .where(and(eq(adFavorites.userId, userId), eq(adFavorites.adId, adId)))
    .returning({ adId: adFavorites.adId });
  if (deleted.length === 0) return false;
  await db
    .update(ads)
    .set({ favorites: sql`greatest(${ads.favorites} - 1, 0)` })
    .where(eq(ads.id, adId));
  return true;
}

export async function findFavoriteCount(db: Database, adId: number): Promise<number> {
  const [row] = await db.select({ favorites: ads.favorites }).from(ads).where(eq(ads.id, adId));
  return row?.favorites ?? 0;
}

/** The ids of a user's favourites, newest first (the user's `favoriteAds`). */
export async function findFavoriteAdIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ adId: adFavorites.adId })
    .from(adFavorites)
    .where(eq(adFavorites.userId, userId))
    .orderBy(desc(adFavorites.createdAt), desc(adFavorites.adId));
  return rows.map((row) => row.adId);
}

export async function findFavoriteAds(db: Database, userId: number, limit: number): Promise<AdCardRow[]> {
  const rows = await db
    .select({ ad: adCardColumns })
    .from(adFavorites)
    .innerJoin(ads, eq(ads.id, adFavorites.adId))
    .where(eq(adFavorites.userId, userId))
    .orderBy(desc(adFavorites.createdAt), desc(adFavorites.adId))
    .limit(limit);
  return rows.map((row) => row.ad);
}

/** A user's confirmed phones, the main one first. */
export async function findConfirmedPhones(db: Database, userId: number) {
  return db
    .select({ id: userPhones.id, phone: userPhones.phone, isMain: userPhones.isMain })
    .from(userPhones)
    .where(and(eq(userPhones.userId, userId), isNotNull(userPhones.confirmedAt)))
    .orderBy(desc(userPhones.isMain), asc(userPhones.id));
}

/** The owner of a business, if it exists. */
export async function findBusinessOwnerId(db: Database, businessId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ ownerId: businesses.ownerId })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row?.ownerId;
}

export async function incrementPhoneReveals(db: Database, adId: number): Promise<void> {
  await db
    .update(ads)
    .set({ phoneReveals: sql`${ads.phoneReveals} + 1` })
    .where(eq(ads.id, adId));
}

/**
 * Records the expiry warning of every active ad whose time is up within `window` ms after `now`
 * and that was not warned about this expiry time; answers how many were recorded.
 */
export async function insertExpiryWarnings(db: Database, now: Date, windowMs: number): Promise<number> {
  const until = new Date(now.getTime() + windowMs);
  const inserted = (await db.execute(sql`
    insert into ${adNotices} (user_id, ad_id, kind, expires_at)
    select user_id, id, 'expiry-warning', expires_at from ${ads}
    where status = 'active' and expires_at > ${now} and expires_at <= ${until}
    on conflict do nothing
    returning id`)) as unknown as { rows: unknown[] };
  return inserted.rows.length;
}

/** Archives every active ad whose time is up; answers how many. */
export async function archiveExpiredAdRows(db: Database, now: Date): Promise<number> {
  const rows = await db
    .update(ads)
    .set({ status: "archived", updatedAt: now })
    .where(and(eq(ads.status, "active"), lte(ads.expiresAt, now)))
    .returning({ id: ads.id });
  return rows.length;
}

/** A user's ads in these statuses, locked for a change (an account deletion). */
export async function lockAdsOfUser(db: Database, userId: number, statuses: readonly string[]) {
  return db
    .select({ id: ads.id, status: ads.status, hasRevision: isNotNull(ads.pendingRevision) })
    .from(ads)
    .where(and(eq(ads.userId, userId), inArray(ads.status, [...statuses])))
    .for("update");
}

/** Archives these ads for good: no expiry, no revision waiting for a moderator. */
export async function archiveAdRows(db: Database, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(ads)
    .set({ status: "archived", expiresAt: null, pendingRevision: null, updatedAt: now })
    .where(inArray(ads.id, [...ids]));
}
