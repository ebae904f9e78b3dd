import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { oneTimeCodes, outboxMessages } from "../../db/schema/index.ts";

export type CodeRow = typeof oneTimeCodes.$inferSelect;
export type NewCode = typeof oneTimeCodes.$inferInsert;

export async function insertCode(db: Database, values: NewCode): Promise<number> {
  const [row] = await db.insert(oneTimeCodes).values(values).returning({ id: oneTimeCodes.id });
  if (!row) throw new Error("insert into one_time_codes returned nothing");
  return row.id;
}

export async function updateCodeDelivery(
  db: Database,
  id: number,
  deliveryStatus: string,
  deliveryError: string | null,
): Promise<void> {
  await db.update(oneTimeCodes).set({ deliveryStatus, deliveryError }).where(eq(oneTimeCodes.id, id));
}

/** The newest code sent to one of `destinations` for `purpose` (and user, for contact codes). */
export async function findLatestCode(
  db: Database,
  purpose: string,
  destinations: string[],
  userId: number | null,
): Promise<CodeRow | undefined> {
  if (destinations.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        inArray(oneTimeCodes.destination, destinations),
        userId === null ? isNull(oneTimeCodes.userId) : eq(oneTimeCodes.userId, userId),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  return row;
}

/** Counts a wrong try; returns the new count (atomic, so parallel guesses are all counted). */
export async function incrementCodeAttempts(db: Database, id: number): Promise<number> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, id))
    .returning({ attempts: oneTimeCodes.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

/** Spends a code. False when it was spent already (by a parallel request). */
export async function markCodeUsed(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length > 0;
}

export async function insertOutboxMessage(
  db: Database,
  values: { channel: string; destination: string; subject: string; body: string },
): Promise<void> {
  await db.insert(outboxMessages).values(values);
}

export async function findOutboxMessages(db: Database, destination: string) {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.destination, destination))
    .orderBy(desc(outboxMessages.id));
}
