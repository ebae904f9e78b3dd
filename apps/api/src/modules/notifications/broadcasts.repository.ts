import type { BroadcastSegment } from "@unaa/contracts";
import { and, desc, eq, gt, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { ads, broadcasts, users } from "../../db/schema/index.ts";

export type BroadcastRow = typeof broadcasts.$inferSelect;

/** Live accounts (not deleted, not blocked) in the segment; its parts combine with "and". */
function inSegment({ regionId, role, hasActiveAds }: BroadcastSegment): SQL {
  const parts: SQL[] = [isNull(users.deletedAt), isNull(users.blockedAt)];
  if (role === "user") parts.push(sql`cardinality(${users.roles}) = 0`);
  else if (role) parts.push(sql`${role} = any(${users.roles})`);
  if (regionId !== null) {
    parts.push(sql`exists (select 1 from ${ads} where ${ads.userId} = ${users.id}
      and ${ads.regionId} = ${regionId} and ${ads.status} in ('pending', 'active', 'archived', 'sold'))`);
  }
  if (hasActiveAds) {
    parts.push(
      sql`exists (select 1 from ${ads} where ${ads.userId} = ${users.id} and ${ads.status} = 'active')`,
    );
  }
  return and(...parts) as SQL;
}

export async function countSegment(db: Database, segment: BroadcastSegment): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(inSegment(segment));
  return row?.count ?? 0;
}

/** The segment's accounts after `afterId`, in id order, with the language they last used. */
export async function findSegmentBatch(
  db: Database,
  segment: BroadcastSegment,
  afterId: number,
  limit: number,
): Promise<{ id: number; locale: string | null }[]> {
  return db
    .select({ id: users.id, locale: users.locale })
    .from(users)
    .where(and(gt(users.id, afterId), inSegment(segment)))
    .orderBy(users.id)
    .limit(limit);
}

/** Broadcasts the staff member created in the last hour. */
export async function countRecentBroadcasts(db: Database, staffId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(broadcasts)
    .where(and(eq(broadcasts.staffId, staffId), sql`${broadcasts.createdAt} > now() - interval '1 hour'`));
  return row?.count ?? 0;
}

export async function insertBroadcast(
  db: Database,
  values: typeof broadcasts.$inferInsert,
): Promise<BroadcastRow> {
  const [row] = await db.insert(broadcasts).values(values).returning();
  if (!row) throw new Error("broadcast not written");
  return row;
}

export async function findBroadcast(db: Database, id: number): Promise<BroadcastRow | undefined> {
  const [row] = await db.select().from(broadcasts).where(eq(broadcasts.id, id));
  return row;
}

export async function updateBroadcast(
  db: Database,
  id: number,
  values: Partial<Pick<BroadcastRow, "status" | "sentCount" | "lastUserId" | "sentAt">>,
): Promise<void> {
  await db.update(broadcasts).set(values).where(eq(broadcasts.id, id));
}

/** Newest first, a keyset page, with the sender's name. */
export async function findBroadcastsPage(db: Database, beforeId: number | null, limit: number) {
  return db
    .select({ broadcast: broadcasts, staffName: users.username, staffDeletedAt: users.deletedAt })
    .from(broadcasts)
    .leftJoin(users, eq(users.id, broadcasts.staffId))
    .where(beforeId === null ? undefined : lt(broadcasts.id, beforeId))
    .orderBy(desc(broadcasts.id))
    .limit(limit);
}
