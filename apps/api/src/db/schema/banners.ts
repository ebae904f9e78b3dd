import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Advertising banner campaigns (dashboard → advertising, decision 071): an image cropped to its
 * slot's size, the link a click leads to, the days and languages it shows in, its weight among the
 * slot's campaigns, and its counters.
 */
export const banners = pgTable(
  "banners",
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    /** Storage key of the WebP (`banners/<random>-<slot>.webp`). */
    image: text().notNull(),
    link: text().notNull(),
    slot: text().notNull(),
    startsOn: date({ mode: "string" }).notNull(),
    endsOn: date({ mode: "string" }).notNull(),
    locales: text().array().notNull(),
    weight: integer().notNull(),
    isActive: boolean().notNull().default(true),
    impressions: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("banners_slot_idx").on(table.slot, table.endsOn).where(sql`is_active`),
    check("banners_weight_check", sql`${table.weight} between 1 and 100`),
    check("banners_days_check", sql`${table.endsOn} >= ${table.startsOn}`),
  ],
);
