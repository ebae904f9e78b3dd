import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { users } from "./users.ts";

/**
 * Saved searches (issue 14, decision 055): a user's filter set of one vertical, in the form the ads
 * search reads (`readSavedSearchQuery`), with how to alert about new matches. `query` is the filters'
 * one spelling: one per user and vertical. The mark and model ids are copied out of the filters so
 * the matching job picks its candidates with an index, then confirms each with the search itself.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    vertical: text().notNull(),
    filters: jsonb().$type<Record<string, unknown>>().notNull(),
    query: text().notNull(),
    /** The filter's marks and models (empty: any), for picking candidates. */
    markIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    modelIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    label: text().notNull().default(""),
    /** `instant`, `daily` or `off`. */
    mode: text().notNull().default("instant"),
    /** The hour of the daily digest, 0–23 in Asia/Bishkek. */
    digestHour: smallint().notNull().default(9),
    inApp: boolean().notNull().default(true),
    email: boolean().notNull().default(false),
    push: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Matches after this are "new" (opening the search resets its count). */
    lastViewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("saved_searches_user_idx").on(table.userId, table.id),
    uniqueIndex("saved_searches_user_query_unique").on(table.userId, table.vertical, table.query),
    index("saved_searches_vertical_idx").on(table.vertical),
    index("saved_searches_mark_ids_idx").using("gin", table.markIds),
    index("saved_searches_model_ids_idx").using("gin", table.modelIds),
  ],
);

/** The ads a saved search matched (once each), and when an alert told its owner. */
export const savedSearchMatches = pgTable(
  "saved_search_matches",
  {
    savedSearchId: integer()
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    matchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null until an instant alert or a digest named it. */
    alertedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.savedSearchId, table.adId] }),
    index("saved_search_matches_unalerted_idx").on(table.savedSearchId).where(sql`alerted_at is null`),
  ],
);
