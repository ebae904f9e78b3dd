import {
  adSearchKeySql,
  type FieldDefinition,
  type Vertical,
  verticalDefinitions,
  verticals,
} from "@unaa/contracts";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";
import { regions, towns } from "./regions.ts";
import { users } from "./users.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** The typed column of a filterable field: its name, or `<name>Id` for a catalogue reference. */
export function columnKeyOf(field: FieldDefinition): string {
  return field.kind === "catalog" ? `${field.name}Id` : field.name;
}

/** The table's columns of these keys, as an index takes them (at least one). */
function indexColumns<T extends Record<string, unknown>>(table: T, keys: ReadonlySet<string>) {
  const [first, ...rest] = [...keys].map((key) => table[key] as PgColumn);
  if (!first) throw new Error("an index needs a column");
  return [first, ...rest] as const;
}

/** The columns list filters read: every `multi` field of every definition, and the place. */
function listFilterColumns<T extends Record<string, unknown>>(table: T) {
  const keys = new Set(["regionId", "townId"]);
  for (const vertical of verticals) {
    for (const field of verticalDefinitions[vertical].fields) {
      if (field.filter === "multi" || field.filter === "boolean") keys.add(columnKeyOf(field));
    }
  }
  return indexColumns(table, keys);
}

/**
 * The verticals whose searches are counted from an index of their own (decision 091): the one
 * that holds most ads. Every index of `ads` adds to the planning of every search statement (four
 * count indexes: +0.08–0.09 ms a page statement at 1,000,000 ads, one: +0.03–0.04 ms); the other
 * verticals hold far fewer ads, and their counts keep the GIN index.
 */
export const countIndexedVerticals: readonly Vertical[] = ["car"];

/** The name of a vertical's count index. */
export const countIndexOf = (vertical: Vertical) => `ads_${vertical}_count_idx`;

/**
 * The columns a count of one vertical's search may test, at most 32 (an index's limit): the place,
 * every filterable field of its definition, the price in both currencies, photos and abroad.
 */
function countColumns<T extends Record<string, unknown>>(table: T, vertical: Vertical) {
  const keys = new Set(["regionId", "townId"]);
  for (const field of verticalDefinitions[vertical].fields) if (field.filter) keys.add(columnKeyOf(field));
  for (const key of ["priceKgs", "priceUsd", "photoCount", "abroadCountry"]) keys.add(key);
  if (keys.size > 32) throw new Error(`${vertical}: ${keys.size} count columns, an index takes 32`);
  return indexColumns(table, keys);
}

/** Only active ads are searched, so the search indexes hold only them. */
const isActive = sql`status = 'active'`;

/*
 * Every ad of every vertical (requirements P3–P5). The vertical's fields live in `fields`
 * (JSON, as the definition in contracts describes them); each filterable field is copied into a
 * typed, indexed column of the same name (catalogue refs: `<name>_id`), NULL where the vertical has
 * no such field. A unit test checks that every filterable field of every definition has its column.
 */
export const ads = pgTable(
  "ads",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    vertical: text().notNull(),
    status: text().notNull().default("draft"),
    title: text().notNull(),
    description: text().notNull().default(""),
    price: integer().notNull(),
    currency: text().notNull(),
    /** Both currencies at the rate of the last write, so ranges and sorts need no conversion. */
    priceKgs: bigint({ mode: "number" }).notNull(),
    priceUsd: bigint({ mode: "number" }).notNull(),
    negotiable: boolean().notNull().default(false),
    regionId: integer().references(() => regions.id, { onDelete: "set null" }),
    townId: integer().references(() => towns.id, { onDelete: "set null" }),
    abroadCountry: text(),
    /** Posted as the seller's business (issue 15): shown on its page and with its name. */
    businessId: integer().references(() => businesses.id, { onDelete: "set null" }),
    videoUrl: text(),
    chatOnly: boolean().notNull().default(false),
    /** The seller's confirmed phones shown on reveal; empty: the main phone. */
    phoneIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    fields: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The photos in display order, copied from `ad_photos` so cards need no join; [0] is the cover. */
    photos: jsonb().$type<StoredAdPhoto[]>().notNull().default([]),
    photoCount: integer().generatedAlwaysAs(sql`jsonb_array_length(photos)`),
    /**
     * An owner's edit of mark, model, year or photos of a live ad, waiting for a moderator: the
     * columns it would write. The live version stays visible until a moderator approves it.
     */
    pendingRevision: jsonb().$type<Record<string, unknown>>(),

    // Filterable fields of the definitions, typed.
    category: text(),
    specialType: text(),
    markId: integer(),
    modelId: integer(),
    generationId: integer(),
    year: integer(),
    body: text(),
    fuel: text(),
    engineVolume: doublePrecision(),
    powerHp: integer(),
    gearbox: text(),
    drive: text(),
    wheelFormula: text(),
    steering: text(),
    color: text(),
    mileage: integer(),
    engineHours: integer(),
    payloadKg: integer(),
    seats: integer(),
    condition: text(),
    customs: text(),
    registration: text(),
    availability: text(),
    exchange: text(),
    installment: text(),
    motoType: text(),
    engineCc: integer(),
    engineType: text(),
    finalDrive: text(),

    /**
     * Other spellings of a vehicle's title: the catalogue's Cyrillic names and aliases of its mark,
     * model and generation ("Камри", "камрюха"), written with the title.
     */
    searchTerms: text().notNull().default(""),
    /**
     * Russian stemming of title (weight A) and description, plus the words of title, other spellings
     * and description as search keys (any script, see contracts `ad-search-text.ts`) for ky, en and
     * transliterated queries (requirements P5).
     */
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('russian'::regconfig, title), 'A') || to_tsvector('russian'::regconfig, description) || to_tsvector('simple'::regconfig, ${sql.raw(adSearchKeySql("title || ' ' || search_terms || ' ' || description"))})`,
    ),
    /** The search key of title and other spellings; its words feed `ad_title_words` (typo tolerance). */
    titleKey: text().generatedAlwaysAs(sql`${sql.raw(adSearchKeySql("title || ' ' || search_terms"))}`),
    /** The price before the last change lowered it, in the ad's currency; null after a rise. */
    oldPrice: integer(),

    // Paid services in force until these times (requirements P6; bought in the money issue).
    premiumUntil: timestamp({ withTimezone: true }),
    vipUntil: timestamp({ withTimezone: true }),
    topUntil: timestamp({ withTimezone: true }),
    urgentUntil: timestamp({ withTimezone: true }),
    highlightUntil: timestamp({ withTimezone: true }),
    /**
     * The strongest of premium (1), VIP (2) and TOP (3) in force, null for none: the promoted block's
     * order (decision 094). A trigger sets it whenever one of the three times is written (migration
     * 0030, `ad_promoted_tier`), and the `promoted-tiers` job every minute once one of them has run
     * out; until then a run-out tier still holds its place when a weaker one is in force.
     */
    promotedTier: smallint(),

    views: integer().notNull().default(0),
    phoneReveals: integer().notNull().default(0),
    favorites: integer().notNull().default(0),
    /** Chats buyers started about the ad (product.md: "chats started"). */
    chats: integer().notNull().default(0),

    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** First went live; never changes after. */
    publishedAt: timestamp({ withTimezone: true }),
    /** The "fresh" sort: set on publishing and by a paid raise, never by editing. */
    raisedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    /** The one free extension (requirements P4) was used then. */
    extendedAt: timestamp({ withTimezone: true }),

    /** The last moderation decision: the reason code and text shown to the owner on rejection. */
    rejectReason: text(),
    rejectNote: text(),
    moderatedBy: integer(),
    moderatedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check(
      "ads_status_check",
      sql`${table.status} in ('draft', 'pending', 'active', 'archived', 'sold', 'rejected', 'removed')`,
    ),
    check(
      "ads_vertical_check",
      sql`${table.vertical} in ${sql.raw(`(${verticals.map((v) => `'${v}'`).join(", ")})`)}`,
    ),
    check("ads_currency_check", sql`${table.currency} in ('KGS', 'USD')`),
    check("ads_price_check", sql`${table.price} >= 0`),
    // A user's ads by status, in id order (their lists); the vertical after the id, not for order: a
    // seller's active ads counted per vertical (the trust card beside every ad) read the index alone.
    index("ads_user_idx").on(table.userId, table.status, table.id, table.vertical),
    index("ads_expires_idx").on(table.expiresAt).where(isActive),
    // Keyset pagination, one index per sort: (vertical, sort key, id) scanned in either direction.
    // "Fresh" is the default sort, so its indexes also carry the common filters' columns after the
    // id, not for order: the index tests them on its own entries, and a search ("Camry, 2012–2020,
    // up to 3 million") reads only the rows it shows instead of sorting every match (decision 095).
    index("ads_fresh_idx")
      .on(
        table.vertical,
        table.raisedAt,
        table.id,
        table.regionId,
        table.markId,
        table.modelId,
        table.year,
        table.priceKgs,
      )
      .where(isActive),
    index("ads_newest_idx").on(table.vertical, table.publishedAt, table.id).where(isActive),
    index("ads_price_idx").on(table.vertical, table.priceKgs, table.id).where(isActive),
    index("ads_year_idx").on(table.vertical, table.year, table.id).where(isActive),
    index("ads_mileage_idx").on(table.vertical, table.mileage, table.id).where(isActive),
    // The catalogue's landing pages and drill-downs (/car/toyota/camry): a mark's or a model's ads
    // freshest first, and a model's by price. The model's price index also carries mark, generation,
    // year and mileage, so a count of "Toyota Camry, 2012–2020, up to 3 million" reads the index alone.
    index("ads_mark_fresh_idx")
      .on(
        table.vertical,
        table.markId,
        table.raisedAt,
        table.id,
        table.modelId,
        table.regionId,
        table.year,
        table.priceKgs,
      )
      .where(isActive),
    index("ads_model_fresh_idx")
      .on(
        table.vertical,
        table.modelId,
        table.raisedAt,
        table.id,
        table.markId,
        table.generationId,
        table.regionId,
        table.year,
        table.priceKgs,
      )
      .where(isActive),
    index("ads_model_price_idx")
      .on(
        table.vertical,
        table.modelId,
        table.priceKgs,
        table.id,
        table.markId,
        table.generationId,
        table.year,
        table.mileage,
      )
      .where(isActive),
    // List filters ("body=sedan,coupe", a region, a town, several marks): one GIN index over every
    // column a list filter of any definition reads, so any combination of them narrows a search or a
    // count, and a write updates one index rather than one per field. Ranges other than the sort
    // keys (engine volume, power, …) are tested on the rows the sort index yields.
    index("ads_filters_idx")
      .using("gin", ...listFilterColumns(table))
      .where(isActive),
    // A business page's ads of one vertical, freshest first.
    index("ads_business_fresh_idx")
      .on(table.businessId, table.vertical, table.raisedAt, table.id)
      .where(isActive),
    index("ads_views_idx").on(table.vertical, table.views, table.id).where(isActive),
    index("ads_urgent_idx").on(table.urgentUntil).where(isActive),
    // Paid placements: only the promoted ads, in the promoted block's order (tier, then freshest
    // first), so the block above a list reads a few entries however many ads are promoted. The
    // columns after the id are not for order: the index tests the common filters on its own entries,
    // so a narrow search ("Camry, 2012–2020") reads no row that fails them.
    index("ads_promoted_idx")
      .on(
        table.vertical,
        table.promotedTier,
        table.raisedAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
        table.markId,
        table.modelId,
        table.year,
        table.priceKgs,
        table.regionId,
      )
      .where(sql`status = 'active' and promoted_tier is not null`),
    index("ads_search_vector_idx").using("gin", table.searchVector),
    // A search's count (at most 1,001 ads, decision 045) from an index holding every column the
    // vertical's filters test: any combination of them is counted from the index alone, ~190 bytes an
    // ad, instead of from rows of ~2.6 KB or GIN bitmaps built whole (decision 091). The place leads:
    // a search of one region reads only that region's entries.
    ...countIndexedVerticals.map((vertical) =>
      index(countIndexOf(vertical))
        .on(...countColumns(table, vertical))
        .where(sql`status = 'active' and vertical = ${sql.raw(`'${vertical}'`)}`),
    ),
  ],
);

/**
 * Every word of the ads' titles (as search keys: `toiota`, `kamri`), kept by a trigger on `ads`
 * (migration 0010). A query word that is no title word is looked up here by trigram similarity
 * ("kamr" → "kamri") and searched as the words it resembles: typos cost one look-up in a small
 * table, never a similarity test of every ad.
 */
export const adTitleWords = pgTable("ad_title_words", { word: text().primaryKey() }, (table) => [
  index("ad_title_words_trgm_idx").using("gin", table.word.op("gin_trgm_ops")),
]);

/** A photo as an ad keeps it: where its sizes are stored and what paints before it loads. */
export interface StoredAdPhoto {
  id: number;
  /** Storage key prefix; the sizes are `<base>-<width>.webp` (and `.avif` when `avif`). */
  base: string;
  width: number;
  height: number;
  placeholder: string;
  avif: boolean;
}

/**
 * Uploaded photos: a user uploads before the ad exists (`ad_id` null), the ad body then lists the
 * ids; photos never attached are removed after a day.
 */
export const adPhotos = pgTable(
  "ad_photos",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    adId: integer().references(() => ads.id, { onDelete: "set null" }),
    /**
     * The chat message that carries the photo (chats.ts; no foreign key, which would make the two
     * schema files import each other). A photo goes to an ad or to a message, never both.
     */
    chatMessageId: integer(),
    /** The business whose logo or cover the photo is (no foreign key, as for chat messages). */
    businessId: integer(),
    base: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    placeholder: text().notNull(),
    avif: boolean().notNull().default(false),
    /** Bytes of every stored size together. */
    bytes: integer().notNull(),
    /**
     * The perceptual hash (lib/photo-hash.ts, decision 066); null until computed (photos stored
     * before hashes existed get theirs from the `photo-hash` job).
     */
    hash: bigint({ mode: "bigint" }),
    /**
     * A photo of another seller's ad that this one copies (hash within `duplicatePhotoDistance`),
     * found when the hash was computed: a scam signal for the moderators.
     */
    duplicateOfId: integer().references((): AnyPgColumn => adPhotos.id, { onDelete: "set null" }),
    /** When a moderator passed it (the photos queue); null: not reviewed yet. */
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ad_photos_ad_idx").on(table.adId),
    // The photos queue: ad photos not reviewed yet, copies of other sellers' photos first.
    index("ad_photos_review_idx")
      .on(sql`(${table.duplicateOfId} is null)`, table.id)
      .where(sql`reviewed_at is null and ad_id is not null`),
    index("ad_photos_unhashed_idx").on(table.id).where(sql`hash is null`),
    index("ad_photos_chat_message_idx").on(table.chatMessageId),
    index("ad_photos_user_idx").on(table.userId, table.createdAt),
    // Demo ads' rows share the files of a few pictures: files go only with the last row (photos.repository).
    index("ad_photos_base_idx").on(table.base),
  ],
);

/**
 * Every price an ad has had (requirements P4), shown on the ad's page once it changed: in
 * both currencies at the rate of its write, as the ad itself keeps them.
 */
export const adPriceHistory = pgTable(
  "price_history",
  {
    id: serial().primaryKey(),
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    price: integer().notNull(),
    currency: text().notNull(),
    priceKgs: bigint({ mode: "number" }).notNull(),
    priceUsd: bigint({ mode: "number" }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("price_history_ad_idx").on(table.adId, table.createdAt)],
);

/**
 * Who saw an ad on which day: a view counts once per visitor per day (requirements P4). The
 * visitor is `u:<user id>` or `g:` + a hash of the guest's address and browser, never the address.
 */
export const adViews = pgTable(
  "ad_views",
  {
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    visitor: text().notNull(),
    day: date({ mode: "string" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.adId, table.visitor, table.day] })],
);

/** Complaints on ads, one per user per ad, kept for the moderators' dashboard. */
export const adComplaints = pgTable(
  "ad_complaints",
  {
    id: serial().primaryKey(),
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text().notNull(),
    text: text().notNull().default(""),
    /** new → resolved by a moderator (the dashboard comes later). */
    status: text().notNull().default("new"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("ad_complaints_ad_user_unique").on(table.adId, table.userId),
    index("ad_complaints_status_idx").on(table.status, table.createdAt),
  ],
);

/** A user's favourite ads; `ads.favorites` counts the rows of each ad. */
export const adFavorites = pgTable(
  "ad_favorites",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.adId] }),
    index("ad_favorites_user_idx").on(table.userId, table.createdAt),
    index("ad_favorites_ad_idx").on(table.adId),
  ],
);

/**
 * Notices about ads for their owners, waiting to be delivered (in-app, email or push: the
 * notifications issue). For now the expiry warning, recorded 3 days before an ad's time is up
 * (requirements P4): one per ad per expiry time, so the sweep may run any number of times and an
 * extended ad is warned again before its new end.
 */
export const adNotices = pgTable(
  "ad_notices",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    /** The ad's expiry time the notice is about. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check("ad_notices_kind_check", sql`${table.kind} in ('expiry-warning')`),
    uniqueIndex("ad_notices_ad_kind_expiry_unique").on(table.adId, table.kind, table.expiresAt),
    index("ad_notices_undelivered_idx").on(table.createdAt).where(sql`delivered_at is null`),
  ],
);
