import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Money (issue 16, decision 061). A wallet per user in KGS; `balance` (tyiyn) is a cache of the sum
 * of the user's ledger entries, changed only in the transaction that writes the entry, and never
 * below zero (the CHECK is the last line; the debit is a conditional UPDATE).
 */
export const wallets = pgTable(
  "wallets",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    balance: bigint({ mode: "number" }).notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("wallets_balance_not_negative", sql`${table.balance} >= 0`)],
);

/** A top-up through a provider: ours from creation, final once the provider says paid or failed. */
export const payments = pgTable(
  "payments",
  {
    /** Our payment id: the order id the provider knows and signs back. */
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `sandbox` or `freedompay`. */
    provider: text().notNull(),
    amount: bigint({ mode: "number" }).notNull(),
    currency: text().notNull().default("KGS"),
    /** `pending`, `paid`, `failed`, `refunded`. */
    status: text().notNull().default("pending"),
    /** The provider's own id of the payment, once it gave one. */
    providerPaymentId: text(),
    /** The sandbox checkout's choice (`pay`, `decline`): what its status query answers. */
    sandboxDecision: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index("payments_user_idx").on(table.userId, table.createdAt),
    check("payments_amount_positive", sql`${table.amount} > 0`),
  ],
);

/** Immutable: rows are only ever inserted. `amount` is signed (negative: money left the balance). */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `top_up`, `purchase`, `refund`, `adjustment`, `plan_renewal`, `service_refund`, `staff_refund`. */
    kind: text().notNull(),
    amount: bigint({ mode: "number" }).notNull(),
    balanceAfter: bigint({ mode: "number" }).notNull(),
    paymentId: uuid().references(() => payments.id, { onDelete: "set null" }),
    /** What a purchase bought or a refund gave back (`ad:12:vip`); a staff refund's purchase (`ledger:7`). */
    reference: text(),
    /** Staff adjustments and refunds: why, and who. */
    reason: text(),
    staffId: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ledger_entries_user_idx").on(table.userId, table.id),
    // A payment moves a balance at most once per kind (credited once, refunded once).
    uniqueIndex("ledger_entries_payment_kind_unique")
      .on(table.paymentId, table.kind)
      .where(sql`${table.paymentId} IS NOT NULL`),
    // What staff already gave back for a purchase: the sum of its `staff_refund` entries.
    index("ledger_entries_staff_refund_idx").on(table.reference).where(sql`${table.kind} = 'staff_refund'`),
    check("ledger_entries_amount_not_zero", sql`${table.amount} <> 0`),
  ],
);
