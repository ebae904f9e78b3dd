import { randomBytes } from "node:crypto";
import {
  type AdCover,
  type AdPhoto,
  adPhotoSources,
  adPhotoWidthsFor,
  type FieldError,
  type PhotoPurpose,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import type { StoredAdPhoto } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { encodeAdPhoto, hashStoredPhoto } from "../../lib/images.ts";
import { duplicatePhotoDistance } from "../../lib/photo-hash.ts";
import { type RateCounter, refuseWhenFull } from "../../lib/rate-counter.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { chatPhotoFolder } from "../../lib/storage-keys.ts";
import {
  type AdPhotoRow,
  attachPhotoRows,
  countUnattachedPhotos,
  deletePhotoRow,
  deletePhotoRowsOfAd,
  deleteUnattachedPhotoRows,
  dropPhotoFromAd,
  findAdPhoto,
  findAdPhotoListsForUpdate,
  findAdPhotosByIds,
  findPhotoCopiedBy,
  findUnhashedPhotos,
  insertAdPhoto,
  type PhotoFiles,
  setPhotoHash,
  toStoredAdPhoto,
} from "./photos.repository.ts";

/** Uploads per user and hour (each costs about a second of a core). */
export const photoUploadsPerHour = 120;
/** Photos a user may hold that no ad shows yet: enough for several ads in the making, not a disk to fill. */
export const unattachedPhotosMax = 60;
/** Photos never given to an ad are removed after this long. */
export const unattachedPhotoLifetimeMs = 24 * 3_600_000;

export interface PhotosService {
  /** An uploaded image → a stored, unattached photo of the user, for an ad or a chat message. */
  uploadPhoto(userId: number, data: Buffer, purpose?: PhotoPurpose): Promise<AdPhoto>;
  /** The user's own photo, unattached or on one of their ads (taken out of the ad's list). */
  deletePhoto(userId: number, id: number): Promise<void>;
  /** Removes photos never given to an ad within their lifetime; returns how many. Idempotent. */
  sweepUnattachedPhotos(at?: Date): Promise<number>;
  /**
   * Hashes photos stored before hashes existed (from their largest stored file) and looks for the
   * photos they copy; returns how many were hashed. A photo whose file cannot be read is left for
   * the next run.
   */
  hashStoredPhotos(): Promise<number>;
}

/** Photos the hash job reads at a time. */
const hashBatch = 50;

async function readStoredFile(storage: FileStorage, key: string): Promise<Buffer | null> {
  const file = await storage.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A photo uploaded for a chat (decision 059): its files are served to the chat's members only. */
export function isChatPhoto(photo: { base: string }): boolean {
  return photo.base.startsWith(`${chatPhotoFolder}/`);
}

/** The storage keys of every size and format of a photo. */
export function photoFileKeys(photo: PhotoFiles): string[] {
  return adPhotoWidthsFor(photo.width).flatMap((width) => [
    `${photo.base}-${width}.webp`,
    ...(photo.avif ? [`${photo.base}-${width}.avif`] : []),
  ]);
}

/** A stored photo as a list card shows it: the address its sizes are named after. */
export function toAdCover(photo: StoredAdPhoto, storage: FileStorage): AdCover {
  return {
    url: storage.publicUrl(photo.base),
    width: photo.width,
    height: photo.height,
    placeholder: photo.placeholder,
    hasAvif: photo.avif,
  };
}

/**
 * Where a photo's sizes are: a public address, or for a chat photo the chat's route that serves
 * it to its uploader and the members of its chat only (decision 059).
 */
function photoUrl(photo: StoredAdPhoto, storage: FileStorage): string {
  return isChatPhoto(photo) ? `/api/chats/photos/${photo.id}` : storage.publicUrl(photo.base);
}

/** The answered form of a stored photo: URLs of its sizes as `srcset`s, the placeholder. */
export function toAdPhoto(photo: StoredAdPhoto, storage: FileStorage): AdPhoto {
  return {
    id: photo.id,
    width: photo.width,
    height: photo.height,
    placeholder: photo.placeholder,
    ...adPhotoSources({ url: photoUrl(photo, storage), width: photo.width, hasAvif: photo.avif }),
  };
}

/**
 * Removes the files of deleted photo rows. Call after the transaction that deleted the rows has
 * committed; a file that cannot be removed is only wasted space, so failures are not thrown.
 */
export async function removePhotoFiles(storage: FileStorage, photos: readonly PhotoFiles[]): Promise<void> {
  await Promise.allSettled(photos.flatMap(photoFileKeys).map((key) => storage.remove(key)));
}

/**
 * An image → a stored photo of the user, not attached to an ad: re-encoded (`encodeAdPhoto`),
 * its files written, its row inserted. Throws `IMAGE_UNSUPPORTED` or `IMAGE_TOO_LARGE`. No limits
 * are checked here: the upload route checks them; demo data calls this directly.
 */
export async function storeAdPhoto(
  db: Database,
  storage: FileStorage,
  userId: number,
  data: Buffer,
  purpose: PhotoPurpose = "ad",
): Promise<AdPhotoRow> {
  // Encoded in the image pool (lib/images.ts): parallel uploads wait their turn.
  const encoded = await encodeAdPhoto(data);
  const id = randomBytes(10).toString("hex");
  // Spread over 256 folders, so no folder of a local disk grows huge.
  const base = `${purpose === "chat" ? chatPhotoFolder : "ad-photos"}/${id.slice(0, 2)}/${id}`;
  const files = encoded.files.map((file) => ({ key: `${base}-${file.suffix}`, data: file.data }));
  try {
    // Every write settles before a failure is handled, so the clean-up below misses none.
    const writes = await Promise.allSettled(files.map((file) => storage.put(file.key, file.data)));
    const failed = writes.find((write) => write.status === "rejected");
    if (failed) throw failed.reason;
    const { hash } = encoded;
    return await insertAdPhoto(db, {
      userId,
      base,
      width: encoded.width,
      height: encoded.height,
      placeholder: encoded.placeholder,
      avif: encoded.avif,
      bytes: files.reduce((sum, file) => sum + file.data.length, 0),
      hash,
      // Only ad photos are compared: a chat's or a business's photo is no listing.
      duplicateOfId:
        purpose === "ad"
          ? ((await findPhotoCopiedBy(db, { userId, base, hash }, duplicatePhotoDistance)) ?? null)
          : null,
    });
  } catch (error) {
    await Promise.allSettled(files.map((file) => storage.remove(file.key)));
    throw error;
  }
}

/**
 * The photos an ad body lists, in its order: each must be the user's, free or already on this ad
 * (`adId`; null for a new ad). Otherwise `AD_PHOTO_INVALID` naming `photoIds.<index>`.
 */
export async function resolveAdPhotos(
  db: Database,
  userId: number,
  photoIds: readonly number[],
  adId: number | null,
): Promise<StoredAdPhoto[]> {
  const rows = new Map((await findAdPhotosByIds(db, photoIds)).map((row) => [row.id, row]));
  const errors: FieldError[] = [];
  const photos: StoredAdPhoto[] = [];
  photoIds.forEach((id, index) => {
    const row = rows.get(id);
    const isFree = row?.chatMessageId === null && row.businessId === null && !isChatPhoto(row);
    if (row?.userId === userId && isFree && (row.adId === null || row.adId === adId))
      photos.push(toStoredAdPhoto(row));
    else
      errors.push({
        path: `photoIds.${index}`,
        code: "AD_PHOTO_INVALID",
        message: `invalid photoIds.${index}`,
      });
  });
  if (errors.length > 0) throw new AppError("AD_PHOTO_INVALID", { errors });
  return photos;
}

/**
 * Inside the ad's transaction: gives the listed photos (checked by `resolveAdPhotos`) to the ad;
 * `AD_PHOTO_INVALID` if one was taken by another ad meanwhile.
 */
export async function attachAdPhotos(
  tx: Database,
  userId: number,
  adId: number,
  photoIds: readonly number[],
): Promise<void> {
  if ((await attachPhotoRows(tx, userId, adId, photoIds)) !== photoIds.length) {
    throw new AppError("AD_PHOTO_INVALID");
  }
}

/**
 * After an ad changed (edited, a revision approved or refused): deletes the photo rows of the ad
 * that neither its live list nor its pending revision shows any more, in a transaction of its own
 * that locks the ad. Returns them for `removePhotoFiles`.
 */
export function prunePhotosOfAd(db: Database, adId: number): Promise<PhotoFiles[]> {
  return db.transaction(async (tx) => {
    const ad = await findAdPhotoListsForUpdate(tx, adId);
    if (!ad) return [];
    const pending = ad.pendingRevision?.photos;
    const shown = [...ad.photos, ...(Array.isArray(pending) ? (pending as StoredAdPhoto[]) : [])];
    return deletePhotoRowsOfAd(
      tx,
      adId,
      shown.map((photo) => photo.id),
    );
  });
}

/** Inside the transaction that deletes an ad: deletes its photo rows; returns them for `removePhotoFiles`. */
export function deletePhotosOfAd(tx: Database, adId: number): Promise<PhotoFiles[]> {
  return deletePhotoRowsOfAd(tx, adId, []);
}

export function createPhotosService(deps: {
  db: Database;
  storage: FileStorage;
  /** Counts uploads per user (`photoUploadsPerHour`). */
  uploads: RateCounter;
}): PhotosService {
  const { db, storage, uploads } = deps;
  return {
    async uploadPhoto(userId, data, purpose = "ad") {
      // Every attempt counts, refused ones too: decoding is what costs.
      const key = String(userId);
      refuseWhenFull(uploads, await uploads.peek(key));
      await uploads.hit(key);
      if ((await countUnattachedPhotos(db, userId)) >= unattachedPhotosMax) {
        throw new AppError("AD_PHOTO_LIMIT_REACHED");
      }
      const row = await storeAdPhoto(db, storage, userId, data, purpose);
      return toAdPhoto(toStoredAdPhoto(row), storage);
    },

    async deletePhoto(userId, id) {
      const photo = await findAdPhoto(db, id);
      // A photo sent in a chat stays with the message; a business's logo or cover goes with an edit of the business.
      if (photo?.userId !== userId || photo.chatMessageId !== null || photo.businessId !== null) {
        throw new AppError("AD_PHOTO_NOT_FOUND");
      }
      const removed = await db.transaction(async (tx) => {
        // The ad first (its row is locked as an ad update locks it), then the photo.
        if (photo.adId !== null) await dropPhotoFromAd(tx, photo.adId, id);
        const files = await deletePhotoRow(tx, id, photo.adId);
        if (!files) throw new AppError("AD_PHOTO_NOT_FOUND");
        return files;
      });
      await removePhotoFiles(storage, removed);
    },

    async sweepUnattachedPhotos(at = new Date()) {
      const removed = await deleteUnattachedPhotoRows(db, new Date(at.getTime() - unattachedPhotoLifetimeMs));
      await removePhotoFiles(storage, removed);
      return removed.length;
    },

    async hashStoredPhotos() {
      let hashed = 0;
      let after = 0;
      for (;;) {
        const photos = await findUnhashedPhotos(db, hashBatch, after);
        if (photos.length === 0) return hashed;
        for (const photo of photos) {
          after = photo.id;
          const largest = adPhotoWidthsFor(photo.width).at(-1);
          const data = await readStoredFile(storage, `${photo.base}-${largest}.webp`).catch(() => null);
          const hash = data && (await hashStoredPhoto(data).catch(() => null));
          if (hash === null) continue;
          const isAdPhoto = photo.chatMessageId === null && photo.businessId === null && !isChatPhoto(photo);
          const duplicateOfId = isAdPhoto
            ? ((await findPhotoCopiedBy(db, { ...photo, hash }, duplicatePhotoDistance)) ?? null)
            : null;
          await setPhotoHash(db, photo.id, { hash, duplicateOfId });
          hashed++;
        }
      }
    },
  };
}
