import type { SellerRating } from "@unaa/contracts";
import { and, avg, count, desc, eq, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Database, keyRead, preparedPerHandle } from "../../db/client.ts";
import { ads, phoneConfirmations, reviewReports, reviews } from "../../db/schema/index.ts";

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewValues = typeof reviews.$inferInsert;

export interface ReviewFilters {
  sellerId?: number;
  stars?: number;
  vertical?: string;
  regionId?: number;
}

const ratingsQuery = (db: Database, sellers: SQL) =>
  db
    .select({ sellerId: reviews.sellerId, average: avg(reviews.stars), count: count() })
    .from(reviews)
    .where(and(sellers, isNull(reviews.hiddenAt)))
    .groupBy(reviews.sellerId);

/** One seller's (a profile, an ad page's trust card): a read by a key (decision 098). */
const ratingOfSeller = preparedPerHandle((db) =>
  ratingsQuery(db, eq(reviews.sellerId, sql.placeholder("sellerId"))).prepare(keyRead("seller_rating")),
);

/**
 * The rating of each of `userIds` from their shown reviews, in one query (the index
 * `reviews_seller_stars_idx` answers it alone). Users without reviews get `{ average: null, count: 0 }`.
 * For the profile, the trust card and every answer that shows a seller's rating.
 */
export async function readSellerRatings(
  db: Database,
  userIds: readonly number[],
): Promise<Map<number, SellerRating>> {
  const ratings = new Map<number, SellerRating>(userIds.map((id) => [id, { average: null, count: 0 }]));
  const sellerIds = [...new Set(userIds)];
  if (sellerIds.length === 0) return ratings;
  const rows =
    sellerIds.length === 1
      ? await ratingOfSeller(db).execute({ sellerId: sellerIds[0] })
      : await ratingsQuery(db, inArray(reviews.sellerId, sellerIds));
  for (const row of rows) {
    ratings.set(row.sellerId, {
      average: row.average === null ? null : Math.round(Number(row.average) * 100) / 100,
      count: row.count,
    });
  }
  return ratings;
}

/** Whether the two accounts ever confirmed the same phone (now or before: `phone_confirmations`). */
export async function shareConfirmedPhone(db: Database, userA: number, userB: number): Promise<boolean> {
  const other = alias(phoneConfirmations, "other");
  const [row] = await db
    .select({ phone: phoneConfirmations.phone })
    .from(phoneConfirmations)
    .innerJoin(other, eq(other.phone, phoneConfirmations.phone))
    .where(and(eq(phoneConfirmations.userId, userA), eq(other.userId, userB)))
    .limit(1);
  return row !== undefined;
}

export async function findReview(db: Database, id: number): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row;
}

/** The author's review of the seller, shown or hidden. */
export async function findReviewOf(
  db: Database,
  authorId: number,
  sellerId: number,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.authorId, authorId), eq(reviews.sellerId, sellerId)));
  return row;
}

/** A page of shown reviews, newest first, after the keyset `after`. */
export async function findReviewsPage(
  db: Database,
  filters: ReviewFilters,
  after: { at: Date; id: number } | null,
  limit: number,
): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(
      and(
        isNull(reviews.hiddenAt),
        filters.sellerId === undefined ? undefined : eq(reviews.sellerId, filters.sellerId),
        filters.stars === undefined ? undefined : eq(reviews.stars, filters.stars),
        filters.vertical === undefined ? undefined : eq(reviews.vertical, filters.vertical),
        filters.regionId === undefined ? undefined : eq(reviews.regionId, filters.regionId),
        after
          ? or(
              lt(reviews.createdAt, after.at),
              and(eq(reviews.createdAt, after.at), lt(reviews.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

export async function insertReview(db: Database, values: ReviewValues): Promise<ReviewRow> {
  const [row] = await db.insert(reviews).values(values).returning();
  if (!row) throw new Error("review not inserted");
  return row;
}

export async function updateReview(
  db: Database,
  id: number,
  values: Partial<ReviewValues>,
  condition?: ReturnType<typeof sql>,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set(values)
    .where(and(eq(reviews.id, id), condition))
    .returning();
  return row;
}

/** Sets the reply only while there is none: false when the seller had replied already. */
export async function insertReply(db: Database, id: number, text: string): Promise<ReviewRow | undefined> {
  return updateReview(db, id, { replyText: text, repliedAt: new Date() }, sql`${reviews.replyText} is null`);
}

export async function insertReviewReport(
  db: Database,
  values: typeof reviewReports.$inferInsert,
): Promise<typeof reviewReports.$inferSelect> {
  const [row] = await db.insert(reviewReports).values(values).returning();
  if (!row) throw new Error("report not inserted");
  return row;
}

/** The ads reviews are about, when the public may still see them. */
export async function findPublicAds(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: ads.id, vertical: ads.vertical, title: ads.title, regionId: ads.regionId })
    .from(ads)
    .where(and(inArray(ads.id, [...new Set(ids)]), inArray(ads.status, ["active", "archived", "sold"])));
}

/** The ad a new review is about, whatever its status now (its vertical and region are copied). */
export async function findAdOfChat(db: Database, id: number) {
  const [row] = await db
    .select({
      id: ads.id,
      vertical: ads.vertical,
      title: ads.title,
      regionId: ads.regionId,
      status: ads.status,
    })
    .from(ads)
    .where(eq(ads.id, id));
  return row;
}
