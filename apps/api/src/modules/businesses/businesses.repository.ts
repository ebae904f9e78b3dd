import type { BusinessKind } from "@unaa/contracts";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { businesses } from "../../db/schema/index.ts";

export type BusinessRow = typeof businesses.$inferSelect;
export type BusinessInsert = typeof businesses.$inferInsert;
export type BusinessColumns = Omit<
  BusinessInsert,
  "id" | "ownerId" | "isVerified" | "createdAt" | "updatedAt"
>;

export async function findBusinessById(db: Database, id: number): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
  return row;
}

export async function findBusinessByLink(db: Database, link: string): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.link, link));
  return row;
}

export async function findBusinessOfOwner(db: Database, ownerId: number): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.ownerId, ownerId));
  return row;
}

/** The owner's business, its row locked for a change. */
export async function findBusinessForUpdate(
  db: Database,
  id: number,
  ownerId: number,
): Promise<BusinessRow | undefined> {
  const [row] = await db
    .select()
    .from(businesses)
    .where(and(eq(businesses.id, id), eq(businesses.ownerId, ownerId)))
    .for("update");
  return row;
}

export async function insertBusiness(
  db: Database,
  values: BusinessColumns & { ownerId: number },
): Promise<BusinessRow> {
  const [row] = await db.insert(businesses).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateBusiness(
  db: Database,
  id: number,
  values: Partial<BusinessColumns> & { isVerified?: boolean },
): Promise<BusinessRow | undefined> {
  const [row] = await db
    .update(businesses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(businesses.id, id))
    .returning();
  return row;
}

export async function deleteBusinessRow(db: Database, id: number): Promise<void> {
  await db.delete(businesses).where(eq(businesses.id, id));
}

/** Where a directory page starts: after the previous page's last business. */
export interface DirectoryCursor {
  isVerified: boolean;
  name: string;
  id: number;
}

/** `%`, `_` and `\` taken literally in a `like` pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * A directory page: verified businesses first, then by name and id (the directory index), with
 * the text (name, description, address; any case), kind and region filters.
 */
export function findDirectoryPage(
  db: Database,
  filters: { q?: string; kind?: BusinessKind; regionId?: number; after?: DirectoryCursor; limit: number },
): Promise<BusinessRow[]> {
  const conditions: (SQL | undefined)[] = [
    filters.q === undefined
      ? undefined
      : sql`${businesses.searchText} like ${`%${likeLiteral(filters.q.toLowerCase())}%`}`,
    filters.kind === undefined ? undefined : eq(businesses.kind, filters.kind),
    filters.regionId === undefined ? undefined : eq(businesses.regionId, filters.regionId),
  ];
  const { after } = filters;
  if (after) {
    // (isVerified desc, name asc, id asc): a later page has a lower verified flag, or the same one and a later name/id.
    conditions.push(
      sql`(${businesses.isVerified} < ${after.isVerified} or (${businesses.isVerified} = ${after.isVerified} and (${businesses.name}, ${businesses.id}) > (${after.name}, ${after.id})))`,
    );
  }
  return db
    .select()
    .from(businesses)
    .where(and(...conditions))
    .orderBy(desc(businesses.isVerified), asc(businesses.name), asc(businesses.id))
    .limit(filters.limit + 1);
}
