import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** One signed-in device. Ended sessions stay (with the reason) until the cleanup drops them. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceType: text("device_type").notNull(),
    deviceLabel: text("device_label").notNull(),
    source: text("source").notNull(),
    ip: text("ip").notNull(),
    city: text("city"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the current refresh token runs out (30 days after the last rotation). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** logout, revoked, others-revoked, password, reset, reuse, blocked, deleted */
    endReason: text("end_reason"),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. The current one has no `replaced_at`; rotated ones
 * are kept so that presenting one again (a stolen copy) is recognised and ends its session.
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
  },
  (table) => [index("refresh_tokens_session_idx").on(table.sessionId)],
);
