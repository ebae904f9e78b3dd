import type { AdLimits, PlanFeature } from "@unaa/contracts";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Seller plans (issue 16, item 4; decision 064). The three plans on sale are inserted by the
 * migration; staff edit them later (dashboard → subscribes).
 */
export const plans = pgTable(
  "plans",
  {
    id: serial().primaryKey(),
    code: text().notNull().unique(),
    names: jsonb().$type<{ ky: string; ru: string; en: string }>().notNull(),
    /** A month, in tyiyn. */
    price: bigint({ mode: "number" }).notNull(),
    /** Active and waiting ads per vertical while the plan runs (the free limits when higher). */
    adLimits: jsonb().$type<AdLimits>().notNull(),
    raiseCredits: integer().notNull().default(0),
    features: jsonb().$type<PlanFeature[]>().notNull().default([]),
    isActive: boolean().notNull().default(true),
    sortOrder: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("plans_price_positive", sql`${table.price} > 0`),
    check("plans_raise_credits_not_negative", sql`${table.raiseCredits} >= 0`),
  ],
);

/**
 * A user's plan, month by month. `active` renews at `paid_until`; `cancelled` runs to it and ends;
 * `lapsed` is over. At most one current (active or cancelled) subscription per user.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: integer()
      .notNull()
      .references(() => plans.id),
    /** `active`, `cancelled`, `lapsed`. */
    status: text().notNull().default("active"),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    /** The start of the paid month. */
    periodStart: timestamp({ withTimezone: true }).notNull(),
    paidUntil: timestamp({ withTimezone: true }).notNull(),
    /** What the paid month cost, in tyiyn (a change of plan credits the unused part of it). */
    periodPrice: bigint({ mode: "number" }).notNull(),
    raiseCreditsLeft: integer().notNull().default(0),
    /** The `paid_until` the renewal notice was sent for: once per month. */
    renewalNoticeSentFor: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex("subscriptions_one_current_per_user")
      .on(table.userId)
      .where(sql`${table.status} IN ('active', 'cancelled')`),
    index("subscriptions_due_idx").on(table.paidUntil).where(sql`${table.status} IN ('active', 'cancelled')`),
    check("subscriptions_raise_credits_not_negative", sql`${table.raiseCreditsLeft} >= 0`),
  ],
);
