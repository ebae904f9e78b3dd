/**
 * Businesses (issue 15, item 2; decision 057): one business page per user. Access lives here:
 * another user's business answers 404 as a missing one, to its owner only may it be changed.
 * The logo and cover are photos of the photo pipeline given to the business in its transaction.
 */
import {
  type Business,
  type BusinessCard,
  type BusinessDirectoryResponse,
  type BusinessHours,
  type BusinessInputParsed,
  type BusinessKind,
  type businessDirectoryQuerySchema,
  type FieldError,
  isBusinessOpenAt,
  type OwnBusiness,
  recordIdSchema,
} from "@unaa/contracts";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import type { StoredAdPhoto } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { fieldError } from "../../lib/field-errors.ts";
import { ipNetwork } from "../../lib/ip-network.ts";
import { refuseWhenFull } from "../../lib/rate-counter.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { findConfirmedPhones, findTownRegion, regionExists } from "../ads/ads.repository.ts";
import type { PhoneRevealLimits } from "../ads/ads-contacts.service.ts";
import { recordStaffAction } from "../audit/audit.ts";
import {
  attachBusinessPhotoRows,
  deleteBusinessPhotoRows,
  findAdPhotosByIds,
  toStoredAdPhoto,
} from "../photos/photos.repository.ts";
import { removePhotoFiles, toAdPhoto } from "../photos/photos.service.ts";
import {
  type BusinessColumns,
  type BusinessRow,
  type DirectoryCursor,
  deleteBusinessRow,
  findBusinessById,
  findBusinessByLink,
  findBusinessForUpdate,
  findBusinessOfOwner,
  findDirectoryPage,
  insertBusiness,
  updateBusiness,
} from "./businesses.repository.ts";

export interface BusinessesService {
  /** The user's own business, or null. */
  findOwnBusiness(userId: number): Promise<OwnBusiness | null>;
  /** A user's one business: `BUSINESS_EXISTS` for a second, `BUSINESS_LINK_TAKEN` for a taken link. */
  createBusiness(userId: number, input: BusinessInputParsed): Promise<OwnBusiness>;
  /** The owner's business replaced whole; anyone else's answers `BUSINESS_NOT_FOUND`. */
  updateBusiness(userId: number, id: number, input: BusinessInputParsed): Promise<OwnBusiness>;
  /** Deletes the owner's business with its logo and cover; its ads stay, as the person's. */
  deleteBusiness(userId: number, id: number): Promise<void>;
  /** An account deletion hook: the business goes in the deletion's transaction, its files after. */
  deleteBusinessOfDeletedAccount(tx: Database, userId: number): Promise<(() => Promise<void>) | undefined>;
  findBusinessByLink(link: string, at?: Date): Promise<Business>;
  findDirectory(
    query: z.output<typeof businessDirectoryQuerySchema>,
    at?: Date,
  ): Promise<BusinessDirectoryResponse>;
  /** Staff set or clear the verified badge. */
  /** Audited (decision 065) with the staff member's IP. */
  setVerified(staffId: number, id: number, isVerified: boolean, ip?: string): Promise<Business>;
  /** The phones the page shows, on request: limited against scraping like an ad's. */
  revealPhones(viewerId: number | null, ip: string, id: number): Promise<{ phones: string[] }>;
}

function present(row: BusinessRow, storage: FileStorage, at: Date): Business {
  return {
    id: row.id,
    link: row.link,
    name: row.name,
    kind: row.kind as BusinessKind,
    description: row.description,
    logo: row.logo ? toAdPhoto(row.logo, storage) : null,
    cover: row.cover ? toAdPhoto(row.cover, storage) : null,
    regionId: row.regionId,
    townId: row.townId,
    address: row.address,
    point: row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng },
    hours: row.hours,
    isOpenNow: isBusinessOpenAt(row.hours, at),
    website: row.website,
    socials: row.socials,
    isVerified: row.isVerified,
    ownerId: row.ownerId,
    phoneCount: row.phoneIds.length,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentOwn(row: BusinessRow, storage: FileStorage, at: Date): OwnBusiness {
  return { ...present(row, storage, at), phoneIds: row.phoneIds };
}

function presentCard(row: BusinessRow, storage: FileStorage, at: Date): BusinessCard {
  const { id, link, name, kind, logo, regionId, townId, address, isOpenNow, isVerified } = present(
    row,
    storage,
    at,
  );
  return { id, link, name, kind, logo, regionId, townId, address, isOpenNow, isVerified };
}

function encodeDirectoryCursor(row: BusinessRow): string {
  return Buffer.from(JSON.stringify([row.isVerified, row.name, row.id])).toString("base64url");
}

function decodeDirectoryCursor(cursor: string): DirectoryCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [isVerified, name, id] = parsed as unknown[];
      if (
        typeof isVerified === "boolean" &&
        typeof name === "string" &&
        recordIdSchema.safeParse(id).success
      ) {
        return { isVerified, name, id: id as number };
      }
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw fieldError("VALIDATION_FAILED", "cursor");
}

export function createBusinessesService(deps: {
  db: Database;
  storage: FileStorage;
  phoneReveals: PhoneRevealLimits;
}): BusinessesService {
  const { db, storage, phoneReveals } = deps;

  /** The input's references checked: region and town, the owner's confirmed phones. */
  async function checkReferences(userId: number, input: BusinessInputParsed): Promise<void> {
    if (!(await regionExists(db, input.regionId))) throw fieldError("BUSINESS_LOCATION_INVALID", "regionId");
    if (input.townId !== null && (await findTownRegion(db, input.townId)) !== input.regionId) {
      throw fieldError("BUSINESS_LOCATION_INVALID", "townId");
    }
    const own = new Set((await findConfirmedPhones(db, userId)).map((phone) => phone.id));
    const index = input.phoneIds.findIndex((id) => !own.has(id));
    if (index >= 0) throw fieldError("BUSINESS_PHONE_INVALID", `phoneIds.${index}`);
  }

  /**
   * The logo and cover the input names: each the user's photo, not on an ad or in a chat, free or
   * already this business's (`businessId`; null for a new one).
   */
  async function resolvePhotos(
    userId: number,
    input: BusinessInputParsed,
    businessId: number | null,
  ): Promise<{ logo: StoredAdPhoto | null; cover: StoredAdPhoto | null }> {
    const wanted = { logo: input.logoPhotoId, cover: input.coverPhotoId };
    const ids = [wanted.logo, wanted.cover].filter((id): id is number => id !== null);
    const rows = new Map((await findAdPhotosByIds(db, ids)).map((row) => [row.id, row]));
    const errors: FieldError[] = [];
    const resolved: { logo: StoredAdPhoto | null; cover: StoredAdPhoto | null } = { logo: null, cover: null };
    for (const key of ["logo", "cover"] as const) {
      const id = wanted[key];
      if (id === null) continue;
      const row = rows.get(id);
      const isUsable =
        row?.userId === userId &&
        row.adId === null &&
        row.chatMessageId === null &&
        (row.businessId === null || row.businessId === businessId);
      if (isUsable) resolved[key] = toStoredAdPhoto(row);
      else {
        const path = `${key}PhotoId`;
        errors.push({ path, code: "BUSINESS_PHOTO_INVALID", message: `invalid ${path}` });
      }
    }
    if (errors.length > 0) throw new AppError("BUSINESS_PHOTO_INVALID", { errors });
    if (wanted.logo !== null && wanted.logo === wanted.cover) {
      throw fieldError("BUSINESS_PHOTO_INVALID", "coverPhotoId");
    }
    return resolved;
  }

  function columnsOf(
    input: BusinessInputParsed,
    photos: { logo: StoredAdPhoto | null; cover: StoredAdPhoto | null },
  ): BusinessColumns {
    return {
      link: input.link,
      name: input.name,
      kind: input.kind,
      description: input.description,
      logo: photos.logo,
      cover: photos.cover,
      regionId: input.regionId,
      townId: input.townId,
      address: input.address,
      lat: input.point?.lat ?? null,
      lng: input.point?.lng ?? null,
      phoneIds: input.phoneIds,
      hours: input.hours as BusinessHours,
      website: input.website,
      socials: input.socials,
    };
  }

  /** Inside the business's transaction: gives it its photos, removes the ones it no longer shows. */
  async function settlePhotos(
    tx: Database,
    userId: number,
    businessId: number,
    photos: { logo: StoredAdPhoto | null; cover: StoredAdPhoto | null },
  ) {
    const keep = [photos.logo?.id, photos.cover?.id].filter((id): id is number => id !== undefined);
    if ((await attachBusinessPhotoRows(tx, userId, businessId, keep)) !== keep.length) {
      throw new AppError("BUSINESS_PHOTO_INVALID");
    }
    return deleteBusinessPhotoRows(tx, businessId, keep);
  }

  /** A unique link or owner refused by the database (two requests at once) as the API's errors. */
  function uniqueViolationOf(error: unknown): AppError | undefined {
    if (isUniqueViolation(error, "businesses_link_unique")) return fieldError("BUSINESS_LINK_TAKEN", "link");
    if (isUniqueViolation(error, "businesses_owner_unique")) return new AppError("BUSINESS_EXISTS");
    return undefined;
  }

  async function linkIsFree(link: string, businessId: number | null): Promise<void> {
    const holder = await findBusinessByLink(db, link);
    if (holder && holder.id !== businessId) throw fieldError("BUSINESS_LINK_TAKEN", "link");
  }

  return {
    async findOwnBusiness(userId) {
      const row = await findBusinessOfOwner(db, userId);
      return row ? presentOwn(row, storage, new Date()) : null;
    },

    async createBusiness(userId, input) {
      if (await findBusinessOfOwner(db, userId)) throw new AppError("BUSINESS_EXISTS");
      await linkIsFree(input.link, null);
      await checkReferences(userId, input);
      const photos = await resolvePhotos(userId, input, null);
      try {
        const row = await db.transaction(async (tx) => {
          const created = await insertBusiness(tx, { ...columnsOf(input, photos), ownerId: userId });
          await settlePhotos(tx, userId, created.id, photos);
          return created;
        });
        return presentOwn(row, storage, new Date());
      } catch (error) {
        throw uniqueViolationOf(error) ?? error;
      }
    },

    async updateBusiness(userId, id, input) {
      const existing = await findBusinessById(db, id);
      if (existing?.ownerId !== userId) throw new AppError("BUSINESS_NOT_FOUND");
      await linkIsFree(input.link, id);
      await checkReferences(userId, input);
      const photos = await resolvePhotos(userId, input, id);
      try {
        const { row, removed } = await db.transaction(async (tx) => {
          if (!(await findBusinessForUpdate(tx, id, userId))) throw new AppError("BUSINESS_NOT_FOUND");
          const updated = await updateBusiness(tx, id, columnsOf(input, photos));
          if (!updated) throw new AppError("BUSINESS_NOT_FOUND");
          return { row: updated, removed: await settlePhotos(tx, userId, id, photos) };
        });
        await removePhotoFiles(storage, removed);
        return presentOwn(row, storage, new Date());
      } catch (error) {
        throw uniqueViolationOf(error) ?? error;
      }
    },

    async deleteBusiness(userId, id) {
      const removed = await db.transaction(async (tx) => {
        if (!(await findBusinessForUpdate(tx, id, userId))) throw new AppError("BUSINESS_NOT_FOUND");
        const files = await deleteBusinessPhotoRows(tx, id, []);
        // The ads posted as the business stay, as the person's (the foreign key sets them free).
        await deleteBusinessRow(tx, id);
        return files;
      });
      await removePhotoFiles(storage, removed);
    },

    async deleteBusinessOfDeletedAccount(tx, userId) {
      const row = await findBusinessOfOwner(tx, userId);
      if (!row) return undefined;
      const files = await deleteBusinessPhotoRows(tx, row.id, []);
      await deleteBusinessRow(tx, row.id);
      return () => removePhotoFiles(storage, files);
    },

    async findBusinessByLink(link, at = new Date()) {
      const row = await findBusinessByLink(db, link.toLowerCase());
      if (!row) throw new AppError("BUSINESS_NOT_FOUND");
      return present(row, storage, at);
    },

    async findDirectory(query, at = new Date()) {
      const after = query.cursor === undefined ? undefined : decodeDirectoryCursor(query.cursor);
      const rows = await findDirectoryPage(db, {
        ...(query.q === undefined ? {} : { q: query.q }),
        ...(query.kind === undefined ? {} : { kind: query.kind }),
        ...(query.regionId === undefined ? {} : { regionId: query.regionId }),
        ...(after === undefined ? {} : { after }),
        limit: query.limit,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => presentCard(row, storage, at)),
        nextCursor: rows.length > query.limit && last ? encodeDirectoryCursor(last) : null,
      };
    },

    async setVerified(staffId, id, isVerified, ip) {
      const row = await db.transaction(async (tx) => {
        const before = await findBusinessById(tx, id);
        const updated = before && (await updateBusiness(tx, id, { isVerified }));
        if (!updated) throw new AppError("BUSINESS_NOT_FOUND");
        await recordStaffAction(tx, {
          staff: staffId,
          action: "business.verification",
          object: { type: "business", id },
          before: { isVerified: before.isVerified },
          after: { isVerified },
          ip,
        });
        return updated;
      });
      return present(row, storage, new Date());
    },

    async revealPhones(viewerId, ip, id) {
      const row = await findBusinessById(db, id);
      if (!row) throw new AppError("BUSINESS_NOT_FOUND");
      if (viewerId !== row.ownerId) {
        const checks = [
          [phoneReveals.perIp, ip],
          [phoneReveals.perNetwork, ipNetwork(ip)],
          ...(viewerId === null ? [] : [[phoneReveals.perUser, String(viewerId)] as const]),
        ] as const;
        for (const [counter, key] of checks) refuseWhenFull(counter, await counter.peek(key));
        await Promise.all(checks.map(([counter, key]) => counter.hit(key)));
      }
      // A chosen phone the owner has since removed is simply not shown.
      const phones = await findConfirmedPhones(db, row.ownerId);
      const byId = new Map(phones.map((phone) => [phone.id, phone.phone]));
      return { phones: row.phoneIds.flatMap((phoneId) => byId.get(phoneId) ?? []) };
    },
  };
}
