import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Site content staff edit in the dashboard's `content` section (decision 072): one row per static
 * page (`about`, …) holding its text in every language, and `faq`. A page without a row shows the
 * built-in text (content.defaults.ts).
 */
export const siteContent = pgTable("site_content", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Messages sent with the contact forms of /contact and /advert, read by staff. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    name: text().notNull(),
    contact: text().notNull(),
    message: text().notNull(),
    topic: text().notNull(),
    /** The signed-in sender, if any (kept as null when the account goes). */
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    locale: text().notNull(),
    ip: text(),
    status: text().notNull().default("new"),
    handledBy: integer().references(() => users.id, { onDelete: "set null" }),
    handledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("contact_messages_status_idx").on(table.status, table.id.desc()),
    check("contact_messages_status_known", sql`${table.status} in ('new', 'handled')`),
  ],
);
