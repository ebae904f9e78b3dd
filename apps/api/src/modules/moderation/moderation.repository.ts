/** Queries of the moderators' queues (decision 066): ads, photos, complaints grouped by object. */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  adComplaints,
  adPhotos,
  ads,
  chatReports,
  chats,
  reviewReports,
  reviews,
  userPhones,
  users,
} from "../../db/schema/index.ts";

export interface AdsFilter {
  queue: boolean;
  id?: number;
  text?: string;
  sellerId?: number;
  phone?: string;
  status?: string;
  vertical?: string;
  /** Queue: the last row's (updated_at, id); search: its id. */
  after?: { at: Date; id: number } | { id: number };
  limit: number;
}

const duplicateCount = sql<number>`(select count(*)::int from ad_photos p where p.ad_id = ${ads.id} and p.duplicate_of_id is not null)`;
const openComplaints = sql<number>`(select count(*)::int from ad_complaints c where c.ad_id = ${ads.id} and c.status = 'new')`;

const adRowColumns = {
  id: ads.id,
  title: ads.title,
  vertical: ads.vertical,
  status: ads.status,
  userId: ads.userId,
  username: users.username,
  createdAt: ads.createdAt,
  updatedAt: ads.updatedAt,
  photos: ads.photos,
  pendingRevision: ads.pendingRevision,
  duplicatePhotos: duplicateCount,
  complaints: openComplaints,
};

/** The queue (pending or with an edit waiting, longest waiting first) or a search of all ads (newest first). */
export async function findModerationAds(db: Database, filter: AdsFilter) {
  const conditions: (SQL | undefined)[] = [
    filter.queue ? or(eq(ads.status, "pending"), isNotNull(ads.pendingRevision)) : undefined,
    filter.id === undefined ? undefined : eq(ads.id, filter.id),
    filter.text
      ? or(ilike(ads.title, `%${filter.text}%`), ilike(ads.description, `%${filter.text}%`))
      : undefined,
    filter.sellerId === undefined ? undefined : eq(ads.userId, filter.sellerId),
    filter.phone
      ? sql`exists (select 1 from ${userPhones} where ${userPhones.userId} = ${ads.userId} and ${userPhones.phone} = ${filter.phone})`
      : undefined,
    filter.status ? eq(ads.status, filter.status) : undefined,
    filter.vertical ? eq(ads.vertical, filter.vertical) : undefined,
  ];
  const after = filter.after;
  if (after && "at" in after) {
    conditions.push(or(gt(ads.updatedAt, after.at), and(eq(ads.updatedAt, after.at), gt(ads.id, after.id))));
  } else if (after) {
    conditions.push(lt(ads.id, after.id));
  }
  return db
    .select(adRowColumns)
    .from(ads)
    .innerJoin(users, eq(users.id, ads.userId))
    .where(and(...conditions))
    .orderBy(...(filter.queue ? [asc(ads.updatedAt), asc(ads.id)] : [desc(ads.id)]))
    .limit(filter.limit + 1);
}
export type ModerationAdRow = Awaited<ReturnType<typeof findModerationAds>>[number];

export async function findModerationAd(db: Database, id: number) {
  const [row] = await db
    .select({
      ...adRowColumns,
      description: ads.description,
      price: ads.price,
      currency: ads.currency,
      negotiable: ads.negotiable,
      regionId: ads.regionId,
      townId: ads.townId,
      abroadCountry: ads.abroadCountry,
      videoUrl: ads.videoUrl,
      chatOnly: ads.chatOnly,
      fields: ads.fields,
      rejectReason: ads.rejectReason,
      rejectNote: ads.rejectNote,
    })
    .from(ads)
    .innerJoin(users, eq(users.id, ads.userId))
    .where(eq(ads.id, id));
  return row;
}

/** The photo rows of an ad (its live list and its waiting edit's). */
export function findPhotosOfAd(db: Database, adId: number) {
  return db
    .select({ id: adPhotos.id, duplicateOfId: adPhotos.duplicateOfId })
    .from(adPhotos)
    .where(eq(adPhotos.adId, adId));
}

/** Photos (the originals of copies) with their ad and that ad's seller. */
export function findPhotosWithAds(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: adPhotos.id,
      base: adPhotos.base,
      width: adPhotos.width,
      height: adPhotos.height,
      placeholder: adPhotos.placeholder,
      avif: adPhotos.avif,
      userId: adPhotos.userId,
      username: users.username,
      adId: ads.id,
      vertical: ads.vertical,
      title: ads.title,
    })
    .from(adPhotos)
    .innerJoin(users, eq(users.id, adPhotos.userId))
    .leftJoin(ads, eq(ads.id, adPhotos.adId))
    .where(inArray(adPhotos.id, [...ids]));
}

export function findAdComplaints(db: Database, adId: number) {
  return db
    .select({
      id: adComplaints.id,
      reporterId: adComplaints.userId,
      username: users.username,
      reason: adComplaints.reason,
      text: adComplaints.text,
      status: adComplaints.status,
      createdAt: adComplaints.createdAt,
    })
    .from(adComplaints)
    .innerJoin(users, eq(users.id, adComplaints.userId))
    .where(eq(adComplaints.adId, adId))
    .orderBy(desc(adComplaints.createdAt), desc(adComplaints.id));
}

// ---- photos ----

const waitingPhoto = and(isNull(adPhotos.reviewedAt), isNotNull(adPhotos.adId));
const isOriginal = sql<boolean>`(${adPhotos.duplicateOfId} is null)`;

/** How many ad photos wait for review (the photo queue's length; the overview shows it). */
export async function countWaitingPhotos(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(adPhotos).where(waitingPhoto);
  return row?.n ?? 0;
}

/** Ad photos not reviewed yet: copies of other sellers' photos first, then oldest first. */
export function findWaitingPhotos(
  db: Database,
  page: { after?: { original: boolean; id: number }; limit: number },
) {
  const { after } = page;
  return db
    .select({
      id: adPhotos.id,
      base: adPhotos.base,
      width: adPhotos.width,
      height: adPhotos.height,
      placeholder: adPhotos.placeholder,
      avif: adPhotos.avif,
      createdAt: adPhotos.createdAt,
      duplicateOfId: adPhotos.duplicateOfId,
      adId: ads.id,
      vertical: ads.vertical,
      title: ads.title,
      status: ads.status,
      userId: ads.userId,
      username: users.username,
    })
    .from(adPhotos)
    .innerJoin(ads, eq(ads.id, adPhotos.adId))
    .innerJoin(users, eq(users.id, ads.userId))
    .where(
      and(
        waitingPhoto,
        after ? sql`(${isOriginal}, ${adPhotos.id}) > (${after.original}, ${after.id})` : undefined,
      ),
    )
    .orderBy(isOriginal, asc(adPhotos.id))
    .limit(page.limit + 1);
}

/** Marks waiting photos reviewed; returns the ids marked. */
export async function markPhotosReviewed(db: Database, ids: readonly number[], at: Date): Promise<number[]> {
  const rows = await db
    .update(adPhotos)
    .set({ reviewedAt: at })
    .where(and(inArray(adPhotos.id, [...ids]), waitingPhoto))
    .returning({ id: adPhotos.id });
  return rows.map((row) => row.id);
}

/** An ad photo with its ad (for a rejection). */
export async function findAdPhotoWithAd(db: Database, id: number) {
  const [row] = await db
    .select({
      id: adPhotos.id,
      adId: adPhotos.adId,
      userId: ads.userId,
      title: ads.title,
      vertical: ads.vertical,
    })
    .from(adPhotos)
    .innerJoin(ads, eq(ads.id, adPhotos.adId))
    .where(eq(adPhotos.id, id));
  return row;
}

// ---- complaints ----

export interface ComplaintGroupRow {
  kind: "ad" | "chat" | "review";
  object_id: number;
  count: number;
  latest_ms: number;
  latest_reason: string;
  latest_text: string;
  reporter_ids: number[];
}

/** Complaints of every kind grouped by object, latest first. */
export async function findComplaintGroups(
  db: Database,
  query: {
    kind?: string;
    /** One object's group (with `kind`). */
    objectId?: number;
    status: string;
    after?: { ms: number; kind: string; id: number };
    limit: number;
  },
): Promise<ComplaintGroupRow[]> {
  const { after } = query;
  const result = (await db.execute(sql`
    with reports as (
      select 'ad' as kind, ad_id as object_id, user_id as reporter_id, reason, text, status, created_at, id
        from ${adComplaints}
      union all
      select 'chat', chat_id, user_id, reason, text, status, created_at, id from ${chatReports}
      union all
      select 'review', review_id, reporter_id, reason, note, status, created_at, id from ${reviewReports}
    ), groups as (
      select kind, object_id, count(*)::int as count,
        (extract(epoch from max(created_at)) * 1000)::float8 as latest_ms,
        (array_agg(reason order by created_at desc, id desc))[1] as latest_reason,
        (array_agg(text order by created_at desc, id desc))[1] as latest_text,
        (array_agg(reporter_id order by created_at desc, id desc))[1:5] as reporter_ids
      from reports
      where status = ${query.status} ${query.kind ? sql`and kind = ${query.kind}` : sql``}
        ${query.objectId === undefined ? sql`` : sql`and object_id = ${query.objectId}`}
      group by kind, object_id
    )
    select * from groups
    ${after ? sql`where (latest_ms < ${after.ms} or (latest_ms = ${after.ms} and (kind, object_id) > (${after.kind}, ${after.id})))` : sql``}
    order by latest_ms desc, kind, object_id
    limit ${query.limit + 1}
  `)) as { rows: ComplaintGroupRow[] };
  return result.rows;
}

export function findUsernames(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

export function findAdsByIds(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: ads.id, title: ads.title, vertical: ads.vertical, userId: ads.userId, status: ads.status })
    .from(ads)
    .where(inArray(ads.id, [...ids]));
}

export function findReviewsByIds(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: reviews.id, text: reviews.text, authorId: reviews.authorId, sellerId: reviews.sellerId })
    .from(reviews)
    .where(inArray(reviews.id, [...ids]));
}

export function findChatsByIds(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: chats.id,
      adId: chats.adId,
      sellerId: chats.sellerId,
      buyerId: chats.buyerId,
      title: sql<string | null>`(select title from ${ads} where ${ads.id} = ${chats.adId})`,
    })
    .from(chats)
    .where(inArray(chats.id, [...ids]));
}

const reportTables = {
  ad: {
    table: adComplaints,
    object: adComplaints.adId,
    reporter: adComplaints.userId,
    status: adComplaints.status,
  },
  chat: {
    table: chatReports,
    object: chatReports.chatId,
    reporter: chatReports.userId,
    status: chatReports.status,
  },
  review: {
    table: reviewReports,
    object: reviewReports.reviewId,
    reporter: reviewReports.reporterId,
    status: reviewReports.status,
  },
} as const;

/** Closes the open complaints about an object; returns their reporters. */
export async function resolveComplaintsOf(
  db: Database,
  kind: keyof typeof reportTables,
  objectId: number,
): Promise<number[]> {
  const { table, object, reporter, status } = reportTables[kind];
  const rows = await db
    .update(table)
    .set({ status: "resolved" })
    .where(and(eq(object, objectId), eq(status, "new")))
    .returning({ reporterId: reporter });
  return rows.map((row) => row.reporterId);
}
