import {
  type Ad,
  type AdCard,
  type AdComplaint,
  type AdComplaintReason,
  type AdFavoriteResponse,
  type AdFilters,
  type AdInput,
  type AdPhonesResponse,
  type AdRejectReason,
  type AdSearchResponse,
  type AdSort,
  type AdStatus,
  type AdViewResponse,
  adExactCountLimit,
  adExtendWindowDays,
  adFavoritesMax,
  adFilterSchemas,
  adSimilarLimit,
  adSorts,
  type FieldDefinition,
  type FieldError,
  type Role,
  type Vertical,
  type VerticalDefinition,
  verticalDefinitions,
} from "@unaa/contracts";
import { and, eq, gte, inArray, isNotNull, isNull, lte, ne, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { ads } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { type RateCounter, refuseWhenFull } from "../../lib/rate-counter.ts";
import { readSettings } from "../settings/settings.service.ts";
import {
  type AdInsert,
  type AdRow,
  archiveExpiredAdRows,
  columnKeyOf,
  countAds,
  countLiveAdsOfUser,
  deleteAdRow,
  deleteFavorite,
  filterColumnOf,
  findAdById,
  findAdForUpdate,
  findAdsPage,
  findCatalogEntry,
  findConfirmedPhones,
  findFavoriteAdIds,
  findFavoriteAds,
  findFavoriteCount,
  findTownRegion,
  hasConfirmedPhone,
  incrementPhoneReveals,
  insertAd,
  insertAdComplaint,
  insertFavorite,
  insertPriceHistory,
  recordAdView,
  regionExists,
  updateAdRow,
} from "./ads.repository.ts";

export interface AdsService {
  createAd(userId: number, input: AdInput): Promise<Ad>;
  updateAd(userId: number, id: number, input: AdInput): Promise<Ad>;
  /** Active at once, or pending under pre-moderation; refused beyond the free limit of the vertical. */
  publishAd(userId: number, id: number): Promise<Ad>;
  /** Once, free, in the last days before expiry (product.md section 4). */
  extendAd(userId: number, id: number): Promise<Ad>;
  archiveAd(userId: number, id: number): Promise<Ad>;
  markAdSold(userId: number, id: number): Promise<Ad>;
  deleteAd(userId: number, id: number): Promise<void>;
  /** An active ad for anyone; any other state only for its owner and for moderators. */
  getAd(viewer: AdViewer | null, id: number): Promise<Ad>;
  approveAd(staffId: number, id: number): Promise<Ad>;
  rejectAd(staffId: number, id: number, decision: { reason: AdRejectReason; note: string }): Promise<Ad>;
  removeAd(staffId: number, id: number): Promise<Ad>;
  /** One view per visitor per day, of an active ad, not by its owner. */
  countAdView(viewer: AdViewer | null, visitor: string, id: number): Promise<AdViewResponse>;
  /** Only an active ad can become a favourite; removing works whatever its state. */
  addFavorite(userId: number, id: number): Promise<AdFavoriteResponse>;
  removeFavorite(userId: number, id: number): Promise<AdFavoriteResponse>;
  listFavorites(userId: number): Promise<AdCard[]>;
  /** The cards of these ads in the given order, active, archived or sold ones only (a guest's favourites). */
  findAdCards(ids: readonly number[]): Promise<AdCard[]>;
  /** A guest's favourites (local storage) join the account at sign-in; ads no longer active are skipped. */
  mergeFavorites(userId: number, adIds: readonly number[]): Promise<number[]>;
  /**
   * The seller's phones of an active ad, counted (not the owner's own look) and limited per address
   * and per user against scraping; refused when the seller asked for the chat only.
   */
  revealPhones(viewer: AdViewer | null, ip: string, id: number): Promise<AdPhonesResponse>;
  /** Active ads sharing the definition's `similarBy` fields with an active ad, freshest first. */
  findSimilarAds(id: number): Promise<AdCard[]>;
  /** Archives the active ads whose 30 days (setting) are over; run periodically. */
  archiveExpiredAds(at?: Date): Promise<number>;
  /** One complaint per user per ad (an active ad, not one's own). */
  complainAboutAd(
    userId: number,
    id: number,
    complaint: { reason: AdComplaintReason; text: string },
  ): Promise<AdComplaint>;
  /** `query`: the raw query string, read by the vertical's filter schema. */
  searchAds(query: Record<string, unknown>): Promise<AdSearchResponse>;
}

export interface AdViewer {
  id: number;
  roles: readonly Role[];
}

const DAY_MS = 86_400_000;
const staffRoles: readonly Role[] = ["moderator", "admin"];

/** Where each owner action may start from (product.md section 4). */
const allowedFrom: Record<
  "update" | "publish" | "archive" | "sold" | "extend" | "approve" | "reject" | "remove",
  readonly AdStatus[]
> = {
  update: ["draft", "pending", "active", "archived", "rejected", "sold"],
  publish: ["draft", "archived", "rejected"],
  archive: ["pending", "active"],
  sold: ["active", "archived"],
  extend: ["active"],
  approve: ["pending"],
  reject: ["pending", "active"],
  remove: ["draft", "pending", "active", "archived", "sold", "rejected"],
};

/**
 * Timestamps are written from the clock of the app at millisecond precision: a keyset cursor
 * carries the sort key as a JS date, which must compare equal to the stored value.
 */
function now(): Date {
  return new Date();
}

/** Zod issues as field errors; an unknown filter is named by its own path. */
function zodFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [undefined];
    return keys.map((key) => ({
      path: [...issue.path, ...(key === undefined ? [] : [key])].map(String).join("."),
      code: issue.code,
      message: issue.message,
    }));
  });
}

function invalid(
  code: "AD_CATALOG_MISMATCH" | "AD_LOCATION_INVALID" | "AD_PHONE_INVALID" | "VALIDATION_FAILED",
  path: string,
) {
  return new AppError(code, { errors: [{ path, code, message: `invalid ${path}` }] });
}

function convertPrice(price: number, currency: "KGS" | "USD", usdRate: number) {
  return currency === "KGS"
    ? { priceKgs: price, priceUsd: Math.round(price / usdRate) }
    : { priceKgs: Math.round(price * usdRate), priceUsd: price };
}

/** Live now: raised to the top of "fresh", first published once, expiring after the lifetime. */
function goLive(ad: AdRow, time: Date, lifetimeDays: number): Partial<AdInsert> {
  return {
    status: "active",
    publishedAt: ad.publishedAt ?? time,
    raisedAt: time,
    expiresAt: new Date(time.getTime() + lifetimeDays * DAY_MS),
  };
}

function toCard(row: AdRow): AdCard {
  const definition = verticalDefinitions[row.vertical as Vertical];
  const fields: AdCard["fields"] = {};
  for (const field of definition.fields) {
    if (field.onCard) fields[field.name] = (row.fields[field.name] ?? null) as AdCard["fields"][string];
  }
  return {
    id: row.id,
    vertical: row.vertical as Vertical,
    status: row.status as AdStatus,
    title: row.title,
    price: row.price,
    currency: row.currency as "KGS" | "USD",
    priceKgs: row.priceKgs,
    priceUsd: row.priceUsd,
    negotiable: row.negotiable,
    regionId: row.regionId,
    townId: row.townId,
    abroadCountry: row.abroadCountry,
    fields,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    raisedAt: row.raisedAt?.toISOString() ?? null,
  };
}

function toAd(row: AdRow, viewerId: number | null): Ad {
  return {
    ...toCard(row),
    userId: row.userId,
    description: row.description,
    videoUrl: row.videoUrl,
    chatOnly: row.chatOnly,
    phoneIds: row.phoneIds,
    fields: row.fields as Ad["fields"],
    views: row.views,
    phoneReveals: row.phoneReveals,
    favorites: row.favorites,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    extendedAt: row.extendedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason as AdRejectReason | null,
    rejectNote: row.rejectNote,
    isOwner: viewerId === row.userId,
  };
}

/** The opaque cursor: the sort, the last row's sort key and its id. */
function encodeCursor(sort: AdSort, value: string | number | null, id: number): string {
  return Buffer.from(JSON.stringify([sort, value, id])).toString("base64url");
}

function decodeCursor(cursor: string, sort: AdSort): { value: string | number | null; id: number } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 3 && parsed[0] === sort && Number.isInteger(parsed[2])) {
      const value: unknown = parsed[1];
      const isDate = typeof value === "string" && !Number.isNaN(Date.parse(value));
      if (value === null || typeof value === "number" || isDate) return { value, id: parsed[2] };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw invalid("VALIDATION_FAILED", "cursor");
}

function sortValueOf(row: AdRow, key: string): string | number | null {
  const value = (row as unknown as Record<string, unknown>)[key];
  if (value instanceof Date) return value.toISOString();
  return typeof value === "number" ? value : null;
}

/** The filter of one field, from the definition: a list, a range or a yes/no. */
function fieldCondition(field: FieldDefinition, filters: AdFilters): SQL[] {
  const column = filterColumnOf(field);
  if (!field.filter || !column) return [];
  if (field.filter === "range") {
    const from = filters[`${field.name}From`];
    const to = filters[`${field.name}To`];
    return [
      ...(typeof from === "number" ? [gte(column, from)] : []),
      ...(typeof to === "number" ? [lte(column, to)] : []),
    ];
  }
  const value = filters[field.name];
  if (field.filter === "boolean") return typeof value === "boolean" ? [eq(column, value)] : [];
  return Array.isArray(value) ? [inArray(column, value)] : [];
}

function searchCondition(definition: VerticalDefinition, filters: AdFilters): SQL | undefined {
  const priceColumn = filters.currency === "USD" ? ads.priceUsd : ads.priceKgs;
  const conditions: (SQL | undefined)[] = [
    eq(ads.vertical, definition.vertical),
    eq(ads.status, "active"),
    filters.priceFrom === undefined ? undefined : gte(priceColumn, filters.priceFrom),
    filters.priceTo === undefined ? undefined : lte(priceColumn, filters.priceTo),
    filters.regionId ? inArray(ads.regionId, filters.regionId) : undefined,
    filters.townId ? inArray(ads.townId, filters.townId) : undefined,
    filters.abroad === undefined
      ? undefined
      : filters.abroad
        ? isNotNull(ads.abroadCountry)
        : isNull(ads.abroadCountry),
    filters.postedWithin === undefined
      ? undefined
      : gte(ads.publishedAt, new Date(Date.now() - filters.postedWithin * DAY_MS)),
    filters.q === undefined
      ? undefined
      : sql`(${ads.searchVector} @@ (websearch_to_tsquery('russian', ${filters.q}) || websearch_to_tsquery('simple', ${filters.q})) or ${filters.q} <% ${ads.title})`,
    ...definition.fields.flatMap((field) => fieldCondition(field, filters)),
  ];
  return and(...conditions);
}

/** Limits of phone reveals (against scraping): per client address and per signed-in user. */
export interface PhoneRevealLimits {
  perIp: RateCounter;
  perUser: RateCounter;
}

export function createAdsService(db: Database, limits: PhoneRevealLimits): AdsService {
  /** Checks the catalogue refs (each belongs to its parent) and returns the names they point at. */
  async function checkCatalogRefs(
    definition: VerticalDefinition,
    fields: Record<string, unknown>,
  ): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const field of definition.fields) {
      const id = fields[field.name];
      if (field.kind !== "catalog" || typeof id !== "number") continue;
      const entry = await findCatalogEntry(db, field.level, id);
      const parentId = field.parent ? fields[field.parent] : undefined;
      const fits =
        entry !== undefined &&
        (field.level !== "mark" || entry.kind === field.catalogKind) &&
        (field.parent === undefined || (typeof parentId === "number" && entry.parentId === parentId));
      if (!fits || !entry) throw invalid("AD_CATALOG_MISMATCH", `fields.${field.name}`);
      names.set(field.name, entry.name);
    }
    return names;
  }

  async function checkLocation(input: AdInput): Promise<void> {
    if (input.regionId !== null && !(await regionExists(db, input.regionId))) {
      throw invalid("AD_LOCATION_INVALID", "regionId");
    }
    if (input.townId !== null && (await findTownRegion(db, input.townId)) !== input.regionId) {
      throw invalid("AD_LOCATION_INVALID", "townId");
    }
  }

  /** Contact phones are chosen among the seller's own confirmed phones. */
  async function checkPhones(userId: number, phoneIds: readonly number[]): Promise<void> {
    if (phoneIds.length === 0) return;
    const own = new Set((await findConfirmedPhones(db, userId)).map((phone) => phone.id));
    const index = phoneIds.findIndex((id) => !own.has(id));
    if (index >= 0) throw invalid("AD_PHONE_INVALID", `phoneIds.${index}`);
  }

  function titleOf(definition: VerticalDefinition, input: AdInput, names: Map<string, string>): string {
    const rule = definition.title;
    if (rule.kind === "seller") return "title" in input && typeof input.title === "string" ? input.title : "";
    const fields = input.fields as Record<string, unknown>;
    const parts = rule.parts.map((choices) => {
      for (const name of choices) {
        const value = names.get(name) ?? fields[name];
        if (typeof value === "string" && value) return value;
      }
      return undefined;
    });
    const words = parts.filter((part): part is string => part !== undefined).join(" ");
    return `${words}, ${String(fields[rule.year])}`;
  }

  /** The columns an ad body writes: common ones, the typed copies of filterable fields, the JSON. */
  async function columnsOf(userId: number, input: AdInput): Promise<Omit<AdInsert, "userId">> {
    const definition = verticalDefinitions[input.vertical];
    const fields = input.fields as Record<string, unknown>;
    const names = await checkCatalogRefs(definition, fields);
    await checkLocation(input);
    await checkPhones(userId, input.phoneIds);
    const { usdRate } = await readSettings(db);
    const typed: Record<string, unknown> = {};
    for (const field of definition.fields) {
      if (field.filter) typed[columnKeyOf(field)] = fields[field.name] ?? null;
    }
    return {
      ...typed,
      vertical: input.vertical,
      title: titleOf(definition, input, names),
      description: input.description,
      price: input.price,
      currency: input.currency,
      ...convertPrice(input.price, input.currency, usdRate),
      negotiable: input.negotiable,
      regionId: input.regionId,
      townId: input.townId,
      abroadCountry: input.abroadCountry,
      videoUrl: input.videoUrl,
      chatOnly: input.chatOnly,
      phoneIds: [...new Set(input.phoneIds)],
      fields,
    };
  }

  /** The owner's ad, locked for the change; anyone else's is not found (never 403). */
  async function ownAdForUpdate(tx: Database, userId: number, id: number): Promise<AdRow> {
    const row = await findAdForUpdate(tx, id);
    if (!row || row.userId !== userId) throw new AppError("AD_NOT_FOUND");
    return row;
  }

  function checkAllowed(row: AdRow, action: keyof typeof allowedFrom): void {
    if (!allowedFrom[action].includes(row.status as AdStatus)) throw new AppError("AD_STATE_CONFLICT");
  }

  /** A moderator's decision on any ad; the ad keeps its owner. */
  async function moderate(
    staffId: number,
    id: number,
    action: "approve" | "reject" | "remove",
    change: (ad: AdRow, time: Date) => Partial<AdInsert>,
  ): Promise<Ad> {
    const row = await db.transaction(async (tx) => {
      const ad = await findAdForUpdate(tx, id);
      if (!ad) throw new AppError("AD_NOT_FOUND");
      checkAllowed(ad, action);
      const time = now();
      return updateAdRow(tx, id, {
        ...change(ad, time),
        moderatedBy: staffId,
        moderatedAt: time,
        updatedAt: time,
      });
    });
    return toAd(row, staffId);
  }

  async function changeStatus(
    userId: number,
    id: number,
    action: "archive" | "sold",
    status: AdStatus,
  ): Promise<Ad> {
    const row = await db.transaction(async (tx) => {
      const ad = await ownAdForUpdate(tx, userId, id);
      checkAllowed(ad, action);
      return updateAdRow(tx, id, { status, expiresAt: null, updatedAt: now() });
    });
    return toAd(row, userId);
  }

  return {
    async createAd(userId, input) {
      const columns = await columnsOf(userId, input);
      const row = await db.transaction(async (tx) => {
        const created = await insertAd(tx, { ...columns, userId, createdAt: now(), updatedAt: now() });
        await insertPriceHistory(tx, {
          adId: created.id,
          price: created.price,
          currency: created.currency,
          priceKgs: created.priceKgs,
        });
        return created;
      });
      return toAd(row, userId);
    },

    async updateAd(userId, id, input) {
      const columns = await columnsOf(userId, input);
      const row = await db.transaction(async (tx) => {
        const ad = await ownAdForUpdate(tx, userId, id);
        if (ad.vertical !== input.vertical) throw invalid("VALIDATION_FAILED", "vertical");
        checkAllowed(ad, "update");
        // Editing never raises the ad: raised_at and published_at stay as they are.
        const updated = await updateAdRow(tx, id, { ...columns, updatedAt: now() });
        if (updated.price !== ad.price || updated.currency !== ad.currency) {
          await insertPriceHistory(tx, {
            adId: id,
            price: updated.price,
            currency: updated.currency,
            priceKgs: updated.priceKgs,
          });
        }
        return updated;
      });
      return toAd(row, userId);
    },

    async publishAd(userId, id) {
      const settings = await readSettings(db);
      const isPre =
        settings.moderationMode === "pre" ||
        (settings.moderationMode === "auto" && !(await hasConfirmedPhone(db, userId)));
      const row = await db.transaction(async (tx) => {
        const ad = await ownAdForUpdate(tx, userId, id);
        checkAllowed(ad, "publish");
        const limit = settings.freeAdLimits[ad.vertical as Vertical];
        if ((await countLiveAdsOfUser(tx, userId, ad.vertical)) >= limit)
          throw new AppError("AD_LIMIT_REACHED");
        const time = now();
        const cleared = { rejectReason: null, rejectNote: null, updatedAt: time };
        if (isPre) return updateAdRow(tx, id, { ...cleared, status: "pending" });
        return updateAdRow(tx, id, { ...cleared, ...goLive(ad, time, settings.adLifetimeDays) });
      });
      return toAd(row, userId);
    },

    async extendAd(userId, id) {
      const { adLifetimeDays } = await readSettings(db);
      const row = await db.transaction(async (tx) => {
        const ad = await ownAdForUpdate(tx, userId, id);
        checkAllowed(ad, "extend");
        const time = now();
        const isInWindow =
          ad.expiresAt !== null && ad.expiresAt.getTime() - time.getTime() <= adExtendWindowDays * DAY_MS;
        if (ad.extendedAt !== null || !isInWindow) throw new AppError("AD_STATE_CONFLICT");
        return updateAdRow(tx, id, {
          expiresAt: new Date(time.getTime() + adLifetimeDays * DAY_MS),
          extendedAt: time,
          updatedAt: time,
        });
      });
      return toAd(row, userId);
    },

    async approveAd(staffId, id) {
      const { adLifetimeDays } = await readSettings(db);
      return moderate(staffId, id, "approve", (ad, time) => goLive(ad, time, adLifetimeDays));
    },

    rejectAd: (staffId, id, decision) =>
      moderate(staffId, id, "reject", () => ({
        status: "rejected",
        rejectReason: decision.reason,
        rejectNote: decision.note || null,
        expiresAt: null,
      })),

    removeAd: (staffId, id) =>
      moderate(staffId, id, "remove", () => ({ status: "removed", expiresAt: null })),

    archiveAd: (userId, id) => changeStatus(userId, id, "archive", "archived"),
    markAdSold: (userId, id) => changeStatus(userId, id, "sold", "sold"),

    async deleteAd(userId, id) {
      await db.transaction(async (tx) => {
        await ownAdForUpdate(tx, userId, id);
        await deleteAdRow(tx, id);
      });
    },

    async getAd(viewer, id) {
      const row = await findAdById(db, id);
      const isStaff = viewer?.roles.some((role) => staffRoles.includes(role)) ?? false;
      if (!row || (row.status !== "active" && row.userId !== viewer?.id && !isStaff)) {
        throw new AppError("AD_NOT_FOUND");
      }
      return toAd(row, viewer?.id ?? null);
    },

    async countAdView(viewer, visitor, id) {
      const row = await findAdById(db, id);
      if (row?.status !== "active") throw new AppError("AD_NOT_FOUND");
      if (viewer?.id === row.userId) return { views: row.views, isCounted: false };
      // The day of Kyrgyzstan (UTC+6, no daylight saving), so "one per day" follows local midnight.
      const day = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
      return recordAdView(db, { adId: id, visitor, day });
    },

    async addFavorite(userId, id) {
      await db.transaction(async (tx) => {
        const ad = await findAdById(tx, id);
        if (ad?.status !== "active") throw new AppError("AD_NOT_FOUND");
        await insertFavorite(tx, userId, id);
      });
      return { adId: id, isFavorite: true, favorites: await findFavoriteCount(db, id) };
    },

    async removeFavorite(userId, id) {
      const favorites = await db.transaction(async (tx) => {
        const ad = await findAdById(tx, id);
        if (!ad) throw new AppError("AD_NOT_FOUND");
        await deleteFavorite(tx, userId, id);
        return findFavoriteCount(tx, id);
      });
      return { adId: id, isFavorite: false, favorites };
    },

    async listFavorites(userId) {
      return (await findFavoriteAds(db, userId, adFavoritesMax)).map(toCard);
    },

    async findAdCards(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(ads)
        .where(and(inArray(ads.id, [...ids]), inArray(ads.status, ["active", "archived", "sold"])));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toCard(row)] : [];
      });
    },

    async mergeFavorites(userId, adIds) {
      const held = new Set(await findFavoriteAdIds(db, userId));
      const room = adFavoritesMax - held.size;
      const fresh = [...new Set(adIds)].filter((id) => !held.has(id)).slice(0, Math.max(room, 0));
      await db.transaction(async (tx) => {
        for (const id of fresh) {
          const ad = await findAdById(tx, id);
          if (ad?.status === "active") await insertFavorite(tx, userId, id);
        }
      });
      return findFavoriteAdIds(db, userId);
    },

    async revealPhones(viewer, ip, id) {
      const ad = await findAdById(db, id);
      if (ad?.status !== "active") throw new AppError("AD_NOT_FOUND");
      if (ad.chatOnly) throw new AppError("AD_CHAT_ONLY");
      const isOwner = viewer?.id === ad.userId;
      if (!isOwner) {
        // Checked first, then counted: a state reads full once `max` reveals are in the window.
        const checks: [RateCounter, string][] = [[limits.perIp, ip]];
        if (viewer) checks.push([limits.perUser, String(viewer.id)]);
        for (const [counter, key] of checks) refuseWhenFull(counter, await counter.peek(key));
        await Promise.all(checks.map(([counter, key]) => counter.hit(key)));
      }
      const phones = await findConfirmedPhones(db, ad.userId);
      // A chosen phone the seller has since removed is simply not shown; none left: the main one.
      const chosen = phones.filter((phone) => ad.phoneIds.includes(phone.id));
      const shown = chosen.length ? chosen : phones.slice(0, 1);
      if (!isOwner) await incrementPhoneReveals(db, id);
      return { phones: shown.map((phone) => phone.phone) };
    },

    archiveExpiredAds: (at = now()) => archiveExpiredAdRows(db, at),

    async findSimilarAds(id) {
      const ad = await findAdById(db, id);
      if (ad?.status !== "active") throw new AppError("AD_NOT_FOUND");
      const definition = verticalDefinitions[ad.vertical as Vertical];
      const shared: SQL[] = [];
      for (const name of definition.similarBy) {
        const field = definition.fields.find((candidate) => candidate.name === name);
        const column = field && filterColumnOf(field);
        const value = field && (ad as unknown as Record<string, unknown>)[columnKeyOf(field)];
        if (column && value !== null && value !== undefined) shared.push(eq(column, value));
      }
      const where = and(eq(ads.vertical, ad.vertical), eq(ads.status, "active"), ne(ads.id, id), ...shared);
      const rows = await findAdsPage(db, {
        where,
        sortColumn: ads.raisedAt,
        direction: "desc",
        after: undefined,
        limit: adSimilarLimit,
      });
      return rows.map(toCard);
    },

    async complainAboutAd(userId, id, complaint) {
      const row = await findAdById(db, id);
      if (row?.status !== "active" || row.userId === userId) throw new AppError("AD_NOT_FOUND");
      const saved = await insertAdComplaint(db, { adId: id, userId, ...complaint });
      if (!saved) throw new AppError("AD_COMPLAINT_EXISTS");
      return {
        id: saved.id,
        adId: saved.adId,
        reason: saved.reason as AdComplaintReason,
        text: saved.text,
        createdAt: saved.createdAt.toISOString(),
      };
    },

    async searchAds(query) {
      const vertical = query.vertical as Vertical;
      const parsed = adFilterSchemas[vertical].safeParse(query);
      if (!parsed.success) throw new AppError("VALIDATION_FAILED", { errors: zodFieldErrors(parsed.error) });
      const filters = parsed.data as AdFilters;
      const definition = verticalDefinitions[vertical];
      const sort = adSorts[filters.sort];
      const sortColumn = (ads as unknown as Record<string, PgColumn>)[sort.key];
      if (!sortColumn) throw new Error(`no column for sort key ${sort.key}`);
      const after = filters.cursor === undefined ? undefined : decodeCursor(filters.cursor, filters.sort);
      const where = searchCondition(definition, filters);
      const [rows, count] = await Promise.all([
        findAdsPage(db, { where, sortColumn, direction: sort.direction, after, limit: filters.limit + 1 }),
        countAds(db, where, adExactCountLimit),
      ]);
      const page = rows.slice(0, filters.limit);
      const last = page.at(-1);
      const nextCursor =
        rows.length > filters.limit && last
          ? encodeCursor(filters.sort, sortValueOf(last, sort.key), last.id)
          : null;
      return { items: page.map(toCard), nextCursor, total: count.total, totalIsExact: count.isExact };
    },
  };
}
