import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ads, type StoredAdPhoto } from "./ads.ts";
import { users } from "./users.ts";

/**
 * Chats between two users (issue 14, decision 052): about one ad (`ad_id`; the seller is its owner,
 * one chat per ad and buyer) or about a user's profile (`ad_id` null; one chat per profile owner and
 * other user). Accounts are never deleted as rows, so both members stay; a deleted account shows as
 * "deleted user". `last_activity_at` orders the inbox.
 */
export const chats = pgTable(
  "chats",
  {
    id: serial().primaryKey(),
    subject: text().notNull(),
    adId: integer().references(() => ads.id, { onDelete: "set null" }),
    /** The ad's owner (or the profile's): the one written to. */
    sellerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The one who opened the chat. */
    buyerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastMessageId: integer(),
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("chats_ad_buyer_unique").on(table.adId, table.buyerId).where(sql`subject = 'ad'`),
    uniqueIndex("chats_profile_unique").on(table.sellerId, table.buyerId).where(sql`subject = 'profile'`),
    // A profile's response rate and time: the chats others opened with the user lately (decision 056).
    index("chats_seller_created_idx").on(table.sellerId, table.createdAt),
  ],
);

/**
 * Each member's view of a chat: how far they read, and "deleted for me" — `hidden` takes the chat
 * out of their inbox until the other member writes again, and `cleared_before_id` hides every
 * message up to it for them only.
 */
export const chatMembers = pgTable(
  "chat_members",
  {
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadMessageId: integer(),
    clearedBeforeId: integer().notNull().default(0),
    hidden: boolean().notNull().default(false),
    /**
     * Muted by this member (decision 059): its new messages send them no notification and leave
     * the header's badge (`unreadedChatIds`) alone; the inbox still counts them as unread.
     */
    muted: boolean().notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.chatId, table.userId] }),
    index("chat_members_user_idx").on(table.userId),
  ],
);

/** Messages; ids grow with time, so history pages and reads are keyed by id. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial().primaryKey(),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text().notNull().default(""),
    /** The photos as sent, copied from `ad_photos` (whose rows point back by `chat_message_id`). */
    photos: jsonb().$type<StoredAdPhoto[]>().notNull().default([]),
    /** Safety warning kinds found at send (contracts `chatWarningKinds`), shown to the receiver. */
    warnings: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("chat_messages_chat_idx").on(table.chatId, table.id)],
);

/** Who blocked whom: a blocked user can no longer write to the one who blocked them (nor they back). */
export const chatBlocks = pgTable(
  "chat_blocks",
  {
    blockerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] })],
);

/** Reports on chats, one per user per chat, kept for the moderators' dashboard (beside `ad_complaints`). */
export const chatReports = pgTable(
  "chat_reports",
  {
    id: serial().primaryKey(),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
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
    uniqueIndex("chat_reports_chat_user_unique").on(table.chatId, table.userId),
    index("chat_reports_status_idx").on(table.status, table.createdAt),
  ],
);
