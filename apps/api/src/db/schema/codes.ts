import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * One-time codes, and the log of every code sent (the dashboard's "codes" section reads it).
 * The code itself is kept only as an HMAC-SHA256 under the server secret.
 */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** sign-up, sign-in, reset, phone, email */
    purpose: text("purpose").notNull(),
    /** sms or email */
    channel: text("channel").notNull(),
    /** E.164 phone or lower-cased email: what the code is checked against. */
    destination: text("destination").notNull(),
    /** As shown to people: "+996 *** *** 456", "a***@mail.kg". */
    maskedDestination: text("masked_destination").notNull(),
    /** For `phone` and `email`: the account adding the contact (the code works only for it). */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** outbox, sent, failed */
    deliveryStatus: text("delivery_status").notNull(),
    deliveryError: text("delivery_error"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("one_time_codes_lookup_idx").on(table.destination, table.purpose, table.createdAt),
    index("one_time_codes_created_idx").on(table.createdAt),
  ],
);
