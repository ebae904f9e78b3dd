import type { ContactMessagesQuery } from "@unaa/contracts";
import { and, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contactMessages, siteContent } from "../../db/schema/index.ts";

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function findContent(db: Database, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ key: siteContent.key, value: siteContent.value })
    .from(siteContent)
    .where(inArray(siteContent.key, keys));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** The stored value of `key`, locked until the transaction ends (null: never saved). */
export async function lockContent(tx: Database, key: string): Promise<unknown | null> {
  const [row] = await tx
    .select({ value: siteContent.value })
    .from(siteContent)
    .where(eq(siteContent.key, key))
    .for("update");
  return row ? row.value : null;
}

export async function upsertContent(
  tx: Database,
  key: string,
  value: unknown,
  staffId: number,
): Promise<void> {
  await tx
    .insert(siteContent)
    .values({ key, value, updatedBy: staffId })
    .onConflictDoUpdate({
      target: siteContent.key,
      set: { value, updatedBy: staffId, updatedAt: sql`now()` },
    });
}

export async function insertContactMessage(
  db: Database,
  values: typeof contactMessages.$inferInsert,
): Promise<void> {
  await db.insert(contactMessages).values(values);
}

export async function findContactMessages(
  db: Database,
  query: ContactMessagesQuery,
): Promise<ContactMessageRow[]> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(contactMessages.status, query.status));
  if (query.cursor) conditions.push(lt(contactMessages.id, Number(query.cursor)));
  return db
    .select()
    .from(contactMessages)
    .where(and(...conditions))
    .orderBy(desc(contactMessages.id))
    .limit(query.limit + 1);
}

/** Marks a new message handled; null when there is no such message. */
export async function markContactMessageHandled(
  tx: Database,
  id: number,
  staffId: number,
): Promise<{ before: ContactMessageRow; after: ContactMessageRow } | null> {
  const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for("update");
  if (!before) return null;
  if (before.status === "handled") return { before, after: before };
  const [after] = await tx
    .update(contactMessages)
    .set({ status: "handled", handledBy: staffId, handledAt: sql`now()` })
    .where(eq(contactMessages.id, id))
    .returning();
  return { before, after: after as ContactMessageRow };
}
