import type { AuditObjectType, StaffAction } from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { auditEntries } from "../../db/schema/index.ts";

export interface StaffActionRecord {
  /** The staff member who acted (their user id). */
  staff: number;
  action: StaffAction;
  object: { type: AuditObjectType; id: string | number };
  /** The changed values before and after the action (omit what does not apply). */
  before?: unknown;
  after?: unknown;
  /** The caller's IP (`request.ip`). */
  ip?: string | null;
}

/**
 * Writes one audit entry (decision 065). Run it with the transaction of the action itself, so the
 * action and its entry are written together or not at all.
 */
export async function recordStaffAction(tx: Database, record: StaffActionRecord): Promise<void> {
  await tx.insert(auditEntries).values({
    staffId: record.staff,
    action: record.action,
    objectType: record.object.type,
    objectId: String(record.object.id),
    before: record.before ?? null,
    after: record.after ?? null,
    ip: record.ip ?? null,
  });
}
