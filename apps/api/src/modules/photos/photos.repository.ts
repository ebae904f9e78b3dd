import { and, count, eq, gt, inArray, isNull, lt, ne, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { adPhotos, ads, type StoredAdPhoto } from "../../db/schema/index.ts";

export type AdPhotoRow = typeof adPhotos.$inferSelect;
export type AdPhotoInsert = typeof adPhotos.$inferInsert;

/** What locates a photo's files: its key prefix, largest width (hence its sizes) and formats. */
export type PhotoFiles = Pick<AdPhotoRow, "base" | "width" | "avif">;

const files = { base: adPhotos.base, width: adPhotos.width, avif: adPhotos.avif };

export async function insertAdPhoto(db: Database, values: AdPhotoInsert): Promise<AdPhotoRow> {
  const [row] = await db.insert(adPhotos).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findAdPhoto(db: Database, id: number): Promise<AdPhotoRow | undefined> {
  const [row] = await db.select().from(adPhotos).where(eq(adPhotos.id, id));
  return row;
}

export async function findAdPhotosByIds(db: Database, ids: readonly number[]): Promise<AdPhotoRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(adPhotos)
    .where(inArray(adPhotos.id, [...ids]));
}

export async function countUnattachedPhotos(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(adPhotos)
    .where(
      and(
        eq(adPhotos.userId, userId),
        isNull(adPhotos.adId),
        isNull(adPhotos.chatMessageId),
        isNull(adPhotos.businessId),
      ),
    );
  return row?.total ?? 0;
}

/**
 * Gives the photos to the ad: each must be the user's and free or already the ad's. Returns how
 * many were given (fewer than asked: one was taken meanwhile).
 */
export async function attachPhotoRows(
  db: Database,
  userId: number,
  adId: number,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(adPhotos)
    .set({ adId })
    .where(
      and(
        inArray(adPhotos.id, [...ids]),
        eq(adPhotos.userId, userId),
        isNull(adPhotos.chatMessageId),
        isNull(adPhotos.businessId),
        or(isNull(adPhotos.adId), eq(adPhotos.adId, adId)),
      ),
    )
    .returning({ id: adPhotos.id });
  return rows.length;
}

/**
 * Of the files of deleted photo rows, those no remaining row points at: the demo ads' rows share the
 * files of a few pictures, which must stay while any of them shows it.
 */
async function unshared(db: Database, deleted: PhotoFiles[]): Promise<PhotoFiles[]> {
  if (deleted.length === 0) return deleted;
  const kept = await db
    .selectDistinct({ base: adPhotos.base })
    .from(adPhotos)
    .where(inArray(adPhotos.base, [...new Set(deleted.map((photo) => photo.base))]));
  const shared = new Set(kept.map((row) => row.base));
  return deleted.filter((photo) => !shared.has(photo.base));
}

/** Deletes the photos of an ad except `keepIds`; returns their files no other row shares. */
export async function deletePhotoRowsOfAd(
  db: Database,
  adId: number,
  keepIds: readonly number[],
): Promise<PhotoFiles[]> {
  const deleted = await db
    .delete(adPhotos)
    .where(and(eq(adPhotos.adId, adId), keepIds.length ? notInArray(adPhotos.id, [...keepIds]) : undefined))
    .returning(files);
  return unshared(db, deleted);
}

/**
 * Deletes a photo if it still belongs to `adId` (null: to no ad); returns its files unless another
 * row shares them (none then), or undefined when it changed hands meanwhile.
 */
export async function deletePhotoRow(
  db: Database,
  id: number,
  adId: number | null,
): Promise<PhotoFiles[] | undefined> {
  const deleted = await db
    .delete(adPhotos)
    .where(
      and(
        eq(adPhotos.id, id),
        isNull(adPhotos.chatMessageId),
        isNull(adPhotos.businessId),
        adId === null ? isNull(adPhotos.adId) : eq(adPhotos.adId, adId),
      ),
    )
    .returning(files);
  return deleted.length === 0 ? undefined : unshared(db, deleted);
}

/**
 * Gives the user's free photos (or ones already the business's) to a business as its logo or cover.
 * Returns how many were given (fewer than asked: one was taken meanwhile).
 */
export async function attachBusinessPhotoRows(
  db: Database,
  userId: number,
  businessId: number,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(adPhotos)
    .set({ businessId })
    .where(
      and(
        inArray(adPhotos.id, [...ids]),
        eq(adPhotos.userId, userId),
        isNull(adPhotos.adId),
        isNull(adPhotos.chatMessageId),
        or(isNull(adPhotos.businessId), eq(adPhotos.businessId, businessId)),
      ),
    )
    .returning({ id: adPhotos.id });
  return rows.length;
}

/** Deletes the photos of a business except `keepIds`; returns their files no other row shares. */
export async function deleteBusinessPhotoRows(
  db: Database,
  businessId: number,
  keepIds: readonly number[],
): Promise<PhotoFiles[]> {
  const deleted = await db
    .delete(adPhotos)
    .where(
      and(
        eq(adPhotos.businessId, businessId),
        keepIds.length ? notInArray(adPhotos.id, [...keepIds]) : undefined,
      ),
    )
    .returning(files);
  return unshared(db, deleted);
}

/**
 * Photos never given to an ad, a chat message or a business, uploaded before `before`: deleted,
 * their files returned.
 */
export function deleteUnattachedPhotoRows(db: Database, before: Date): Promise<PhotoFiles[]> {
  return db
    .delete(adPhotos)
    .where(
      and(
        isNull(adPhotos.adId),
        isNull(adPhotos.chatMessageId),
        isNull(adPhotos.businessId),
        lt(adPhotos.createdAt, before),
      ),
    )
    .returning(files);
}

/** The photo lists of an ad (live and pending revision), its row locked for the change. */
export async function findAdPhotoListsForUpdate(db: Database, adId: number) {
  const [row] = await db
    .select({ photos: ads.photos, pendingRevision: ads.pendingRevision })
    .from(ads)
    .where(eq(ads.id, adId))
    .for("update");
  return row;
}

/** Takes a photo out of an ad's list and out of the list of its pending revision, if any. */
export async function dropPhotoFromAd(db: Database, adId: number, photoId: number): Promise<void> {
  const without = (list: unknown) =>
    sql`coalesce((select jsonb_agg(photo order by position) from jsonb_array_elements(${list}) with ordinality as listed(photo, position) where (photo->>'id')::int <> ${photoId}), '[]'::jsonb)`;
  await db
    .update(ads)
    .set({
      photos: sql`${without(ads.photos)}`,
      pendingRevision: sql`case when jsonb_typeof(${ads.pendingRevision}->'photos') = 'array' then jsonb_set(${ads.pendingRevision}, '{photos}', ${without(sql`${ads.pendingRevision}->'photos'`)}) else ${ads.pendingRevision} end`,
    })
    .where(eq(ads.id, adId));
}

export function toStoredAdPhoto(row: AdPhotoRow): StoredAdPhoto {
  return {
    id: row.id,
    base: row.base,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    avif: row.avif,
  };
}

/**
 * The closest photo of another user's ad whose hash is within `maxDistance` bits of `hash` (decision
 * 066), or undefined. Rows sharing the photo's files are copies the site made (demo data), never a
 * re-upload. A scan of the hashes: about a tenth of a second per million photos.
 */
export async function findPhotoCopiedBy(
  db: Database,
  photo: { id?: number; userId: number; base: string; hash: bigint },
  maxDistance: number,
): Promise<number | undefined> {
  const distance = sql`bit_count((${adPhotos.hash} # ${photo.hash})::bit(64))`;
  const [row] = await db
    .select({ id: adPhotos.id })
    .from(adPhotos)
    .where(
      and(
        sql`${adPhotos.hash} is not null`,
        sql`${adPhotos.adId} is not null`,
        ne(adPhotos.userId, photo.userId),
        ne(adPhotos.base, photo.base),
        photo.id === undefined ? undefined : lt(adPhotos.id, photo.id),
        sql`${distance} <= ${maxDistance}`,
      ),
    )
    .orderBy(distance, adPhotos.id)
    .limit(1);
  return row?.id;
}

/** Photos without a hash yet (stored before hashes existed) after the id `after`, oldest first. */
export function findUnhashedPhotos(db: Database, limit: number, after: number): Promise<AdPhotoRow[]> {
  return db
    .select()
    .from(adPhotos)
    .where(and(isNull(adPhotos.hash), gt(adPhotos.id, after)))
    .orderBy(adPhotos.id)
    .limit(limit);
}

export async function setPhotoHash(
  db: Database,
  id: number,
  values: { hash: bigint; duplicateOfId: number | null },
): Promise<void> {
  await db.update(adPhotos).set(values).where(eq(adPhotos.id, id));
}
