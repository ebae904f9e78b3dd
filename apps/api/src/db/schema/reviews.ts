import { sql } from "drizzle-orm";
import {
  index,
  integer,
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
 * Reviews of sellers (issue 15, decision 058): one per author and seller, written after a chat about
 * an ad in which both wrote. The ad's vertical and region are copied at writing, so `/reviews` filters
 * by them with no join (and keeps them when the ad goes). The seller's one reply lives on the row.
 * A hidden review (`hidden_at`) leaves every list and the rating; the last moderation's reason and
 * moderator stay on the row.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial().primaryKey(),
    authorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sellerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The ad the chat was about (null once the ad row goes). */
    adId: integer().references(() => ads.id, { onDelete: "set null" }),
    vertical: text().notNull(),
    regionId: integer(),
    stars: smallint().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set by the author's last edit: the "edited" mark. */
    editedAt: timestamp({ withTimezone: true }),
    replyText: text(),
    repliedAt: timestamp({ withTimezone: true }),
    replyEditedAt: timestamp({ withTimezone: true }),
    /** Null: shown. */
    hiddenAt: timestamp({ withTimezone: true }),
    /** The last hide or restore: why, by whom, when. */
    moderationReason: text(),
    moderatedBy: integer().references(() => users.id, { onDelete: "set null" }),
    moderatedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex("reviews_author_seller_unique").on(table.authorId, table.sellerId),
    // A seller's list and their rating (index-only: average and count by seller).
    index("reviews_seller_list_idx")
      .on(table.sellerId, table.createdAt.desc(), table.id.desc())
      .where(sql`hidden_at is null`),
    index("reviews_seller_stars_idx").on(table.sellerId, table.stars).where(sql`hidden_at is null`),
    // The site-wide latest list.
    index("reviews_latest_idx").on(table.createdAt.desc(), table.id.desc()).where(sql`hidden_at is null`),
  ],
);

/** Reports on reviews, one per user per review, for the moderators' queue. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: serial().primaryKey(),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reporterId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text().notNull(),
    note: text().notNull().default(""),
    /** new → resolved by a moderator (the dashboard comes later). */
    status: text().notNull().default("new"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("review_reports_review_reporter_unique").on(table.reviewId, table.reporterId),
    index("review_reports_status_idx").on(table.status, table.createdAt),
  ],
);

/**
 * Every phone each account ever confirmed. `user_phones` holds a phone on one account at a time, so
 * two accounts "share" a phone only over time (removed from one, confirmed on the other); a trigger
 * on `user_phones` (migration) fills this from every path that confirms a phone.
 */
export const phoneConfirmations = pgTable(
  "phone_confirmations",
  {
    phone: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    confirmedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.phone, table.userId] }),
    index("phone_confirmations_user_idx").on(table.userId),
  ],
);
