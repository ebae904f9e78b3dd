import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Accounts. A deleted account keeps its row (ads and chats point at it) with its personal data
 * erased: username `deleted-<id>`, no email, phones, avatar, password or Google link.
 */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    username: text("username").notNull(),
    /** Lower-cased; set only once confirmed by a code or by Google (`email_verified`). */
    email: text("email"),
    emailConfirmed: boolean("email_confirmed").notNull().default(false),
    /** argon2id PHC string; null for accounts made by code or Google only. */
    passwordHash: text("password_hash"),
    /** Google's stable account id (`sub` of the ID token). */
    googleSub: text("google_sub"),
    /** Staff roles: admin, moderator, editor. */
    roles: text("roles").array().notNull().default(sql`'{}'::text[]`),
    /** Storage key of the avatar (e.g. `avatars/12-abc.webp`). */
    avatarKey: text("avatar_key"),
    /**
     * The interface language last used while signed in (ky, ru, en): set on sign-in, refresh and
     * a language switch; notification emails are written in it. Null: the default (ru).
     */
    locale: text("locale"),
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    /** Why staff blocked the account (kept while blocked; the audit history keeps every decision). */
    blockReason: text("block_reason"),
    /** When an admin granted this staff member the codes log (dashboard `code-access`); null: not granted. */
    codesAccessGrantedAt: timestamp("codes_access_granted_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_username_lower_unique").on(sql`lower(${table.username})`),
    uniqueIndex("users_email_unique").on(table.email),
    uniqueIndex("users_google_sub_unique").on(table.googleSub),
  ],
);

/** A user's phones (E.164), each confirmed by a code; exactly one is the main one. */
export const userPhones = pgTable(
  "user_phones",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    isMain: boolean("is_main").notNull().default(false),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("user_phones_phone_unique").on(table.phone),
    uniqueIndex("user_phones_one_main").on(table.userId).where(sql`${table.isMain}`),
    index("user_phones_user_idx").on(table.userId),
  ],
);
