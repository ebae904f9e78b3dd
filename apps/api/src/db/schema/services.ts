import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { ads } from "./ads.ts";
import { ledgerEntries } from "./money.ts";
import { users } from "./users.ts";

/**
 * Prices of paid services per vertical (decision 063), in tyiyn; set by admins. `days` is the
 * duration sold, or null: one raise, or a price per day of auto-raise. Defaults are seeded by the
 * migration that made the table.
 */
export const servicePrices = pgTable(
  "service_prices",
  {
    id: serial().primaryKey(),
    vertical: text().notNull(),
    service: text().notNull(),
    days: integer(),
    price: bigint({ mode: "number" }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("service_prices_unique").on(table.vertical, table.service, table.days).nullsNotDistinct(),
    check("service_prices_price_positive", sql`${table.price} > 0`),
  ],
);

/**
 * A paid service bought for an ad: what it cost, when it holds, and the ledger entry that paid for
 * it. Timed services extend the ad's `<service>_until`; an auto-raise raises the ad at
 * `next_raise_at` while `raises_left` > 0 (the `paid-services` job). `refunded` is what went back
 * to the balance when staff removed the ad (an admin's refunds of it are `staff_refund` entries).
 */
export const adPurchases = pgTable(
  "ad_purchases",
  {
    id: serial().primaryKey(),
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    vertical: text().notNull(),
    service: text().notNull(),
    days: integer(),
    price: bigint({ mode: "number" }).notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    /** When the effect ends; a raise's is a day after it (the window its lift is measured in). */
    endsAt: timestamp({ withTimezone: true }).notNull(),
    /** Auto-raise: `HH:MM` in Bishkek, the next raise, and how many are left. */
    raiseTime: text(),
    nextRaiseAt: timestamp({ withTimezone: true }),
    raisesLeft: integer(),
    refunded: bigint({ mode: "number" }).notNull().default(0),
    ledgerEntryId: integer().references(() => ledgerEntries.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ad_purchases_ad_idx").on(table.adId, table.endsAt),
    // The forecast reads a vertical's recent purchases of a service.
    index("ad_purchases_vertical_idx").on(table.vertical, table.service, table.startsAt),
    // A staff refund (decision 068) finds the purchase of a ledger entry.
    index("ad_purchases_ledger_entry_idx").on(table.ledgerEntryId),
    index("ad_purchases_due_raise_idx").on(table.nextRaiseAt).where(sql`raises_left > 0`),
    check("ad_purchases_price_positive", sql`${table.price} > 0`),
  ],
);
