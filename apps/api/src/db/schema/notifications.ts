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
} from "drizzle-orm/pg-core";
import { chats } from "./chats.ts";
import { users } from "./users.ts";

/**
 * In-app notifications (decision 054): one row per user and event, with what its texts need and
 * its link in `payload` (contracts `notificationPayloadSchemas`). Ids grow with time: the keyset.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("notifications_user_idx").on(table.userId, table.id),
    index("notifications_unread_idx").on(table.userId).where(sql`read_at is null`),
  ],
);

/**
 * A user's switches that differ from the defaults (`notification-defaults.ts`): one row per kind
 * and channel they changed.
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    channel: text().notNull(),
    enabled: boolean().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.channel] })],
);

/** Browsers subscribed to web push; `locale` is the language the page was in when it subscribed. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    userAgent: text(),
    locale: text().notNull().default("ru"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("push_subscriptions_user_idx").on(table.userId)],
);

/** When the last "new message while offline" email of a chat went to a user: at most one an hour. */
export const chatEmailThrottle = pgTable(
  "chat_email_throttle",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    sentAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.chatId] })],
);

/**
 * Staff broadcasts (dashboard → notification, decision 070): what was sent in every language, to
 * whom and through which channels, and how far the job got (`lastUserId`: a retry resumes after it).
 */
export const broadcasts = pgTable(
  "broadcasts",
  {
    id: serial().primaryKey(),
    staffId: integer().references(() => users.id, { onDelete: "set null" }),
    title: jsonb().$type<Record<"ky" | "ru" | "en", string>>().notNull(),
    text: jsonb().$type<Record<"ky" | "ru" | "en", string>>().notNull(),
    link: text(),
    channels: jsonb().$type<{ inApp: boolean; email: boolean; push: boolean }>().notNull(),
    segment: jsonb()
      .$type<{
        regionId: number | null;
        role: "user" | "editor" | "moderator" | "admin" | null;
        hasActiveAds: boolean;
      }>()
      .notNull(),
    /** queued → sending → sent. */
    status: text().notNull().default("queued"),
    recipients: integer().notNull(),
    sentCount: integer().notNull().default(0),
    lastUserId: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [index("broadcasts_staff_idx").on(table.staffId, table.createdAt)],
);
