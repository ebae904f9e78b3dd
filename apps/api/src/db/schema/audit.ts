import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * The audit history of staff actions (issue 17 item 2, decision 065): written by
 * `recordStaffAction` in the transaction of the action itself, never updated or deleted through
 * the API. `before`/`after` hold the changed values only.
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /** The staff member (kept when their account goes: the history outlives them). */
    staffId: integer().references(() => users.id, { onDelete: "set null" }),
    /** One of `staffActions` (contracts). */
    action: text().notNull(),
    /** One of `auditObjectTypes` (contracts) and the object's id as text. */
    objectType: text().notNull(),
    objectId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Keyset paging is by id desc; each filter has an index that ends in id.
    index("audit_entries_staff_idx").on(table.staffId, table.id.desc()),
    index("audit_entries_action_idx").on(table.action, table.id.desc()),
    index("audit_entries_object_idx").on(table.objectType, table.objectId, table.id.desc()),
    index("audit_entries_created_idx").on(table.createdAt),
  ],
);
