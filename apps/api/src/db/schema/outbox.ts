import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Messages the outbox sender "delivered" (development and tests): read them here or in the log
 * instead of a phone or mailbox.
 */
export const outboxMessages = pgTable("outbox_messages", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  channel: text("channel").notNull(),
  destination: text("destination").notNull(),
  subject: text("subject"),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
