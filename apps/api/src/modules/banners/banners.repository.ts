import type { BannerSlot, Locale } from "@unaa/contracts";
import { and, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { banners } from "../../db/schema/index.ts";

export type BannerRow = typeof banners.$inferSelect;
export type BannerValues = Omit<typeof banners.$inferInsert, "id" | "impressions" | "clicks" | "createdAt">;

/** Today in Asia/Bishkek, where the campaigns' days are counted. */
const today = sql`(now() at time zone 'Asia/Bishkek')::date`;

export async function insertBanner(db: Database, values: BannerValues): Promise<BannerRow> {
  const [row] = await db.insert(banners).values(values).returning();
  if (!row) throw new Error("banner not written");
  return row;
}

export async function findBanner(
  db: Database,
  id: number,
  forUpdate = false,
): Promise<BannerRow | undefined> {
  const query = db.select().from(banners).where(eq(banners.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}

export async function updateBanner(
  db: Database,
  id: number,
  values: Partial<BannerValues>,
): Promise<BannerRow> {
  const [row] = await db
    .update(banners)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(banners.id, id))
    .returning();
  if (!row) throw new Error("banner not updated");
  return row;
}

export async function deleteBanner(db: Database, id: number): Promise<void> {
  await db.delete(banners).where(eq(banners.id, id));
}

/** Newest first, a keyset page. */
export async function findBannersPage(
  db: Database,
  filter: { slot?: BannerSlot; beforeId: number | null },
  limit: number,
): Promise<BannerRow[]> {
  const parts: SQL[] = [];
  if (filter.slot) parts.push(eq(banners.slot, filter.slot));
  if (filter.beforeId !== null) parts.push(lt(banners.id, filter.beforeId));
  return db
    .select()
    .from(banners)
    .where(and(...parts))
    .orderBy(desc(banners.id))
    .limit(limit);
}

/** Campaigns that may be shown now in `locale`: active, today within their days. */
function showableIn(locale: Locale) {
  return and(
    eq(banners.isActive, true),
    sql`${banners.startsOn} <= ${today} and ${banners.endsOn} >= ${today}`,
    sql`${locale} = any(${banners.locales})`,
  );
}

/** The campaigns a slot may show now in `locale`. */
export async function findShowable(db: Database, slot: BannerSlot, locale: Locale) {
  return db
    .select({ id: banners.id, title: banners.title, image: banners.image, weight: banners.weight })
    .from(banners)
    .where(and(eq(banners.slot, slot), showableIn(locale)));
}

/** The slots with at least one campaign to show now in `locale`. */
export async function findLiveSlots(db: Database, locale: Locale): Promise<BannerSlot[]> {
  const rows = await db.selectDistinct({ slot: banners.slot }).from(banners).where(showableIn(locale));
  return rows.map((row) => row.slot as BannerSlot).sort();
}

/** Adds impressions: `counts` is banner id → how many. Unknown ids change nothing. */
export async function addImpressions(db: Database, counts: Map<number, number>): Promise<void> {
  if (counts.size === 0) return;
  const cases = sql.join(
    [...counts].map(([id, count]) => sql`when ${id} then ${count}`),
    sql` `,
  );
  await db
    .update(banners)
    .set({ impressions: sql`${banners.impressions} + (case ${banners.id} ${cases} else 0 end)::int` })
    .where(inArray(banners.id, [...counts.keys()]));
}

/** Counts a click; answers the stored link, or null for no such campaign. */
export async function countClick(db: Database, id: number): Promise<string | null> {
  const [row] = await db
    .update(banners)
    .set({ clicks: sql`${banners.clicks} + 1` })
    .where(eq(banners.id, id))
    .returning({ link: banners.link });
  return row?.link ?? null;
}
