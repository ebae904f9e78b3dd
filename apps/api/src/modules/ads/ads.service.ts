import {
  type Ad,
  type AdAction,
  type AdCard,
  type AdCardsPage,
  type AdComplaint,
  type AdComplaintReason,
  type AdFavoriteResponse,
  type AdFilters,
  type AdInput,
  type AdPhonesResponse,
  type AdPriceHistory,
  type AdPriceSummary,
  type AdPriceSummaryQuery,
  type AdPromotion,
  type AdRejectReason,
  type AdSearchResponse,
  type AdSeller,
  type AdStatus,
  type AdVerticalCount,
  type AdViewResponse,
  adActionsFrom,
  adExactCountLimit,
  adExtendWindowDays,
  adFavoritesMax,
  adFilterSchemas,
  adOtherVerticalsBelow,
  adPromotions,
  adSimilarLimit,
  adSorts,
  adStatuses,
  type Currency,
  canExtendAd,
  type FieldError,
  fieldsForGuests,
  generatedAdTitle,
  type MyAd,
  type MyAdsResponse,
  type Role,
  recordIdMax,
  recordIdSchema,
  unitFieldOf,
  type Vertical,
  valueInBaseUnit,
  verticalDefinitions,
  verticals,
} from "@unaa/contracts";
import { and, eq, gt, inArray, ne, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { ads, columnKeyOf, type StoredAdPhoto } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { type RateCounter, refuseWhenFull } from "../../lib/rate-counter.ts";
import { createSearchCache } from "../../lib/search-cache.ts";
import type { FileStorage } from "../../lib/storage.ts";
import type { PhotoFiles } from "../photos/photos.repository.ts";
import {
  attachAdPhotos,
  deletePhotosOfAd,
  prunePhotosOfAd,
  removePhotoFiles,
  resolveAdPhotos,
  toAdPhoto,
} from "../photos/photos.service.ts";
import type { Settings } from "../settings/settings.definitions.ts";
import { readSettings } from "../settings/settings.service.ts";
import type { AccountDeletionHook } from "../users/users.service.ts";
import {
  type AdCardRow,
  type AdInsert,
  type AdRow,
  adCardColumns,
  archiveAdRows,
  archiveExpiredAdRows,
  cardRowOf,
  countAdsByStatus,
  countLiveAdsOfUser,
  deleteAdRow,
  deleteFavorite,
  filterColumnOf,
  findAdById,
  findAdCardsPage,
  findAdForUpdate,
  findAdsPage,
  findCatalogEntry,
  findConfirmedPhones,
  findFavoriteAdIds,
  findFavoriteAds,
  findFavoriteCount,
  findPriceHistory,
  findSeller,
  findTownRegion,
  hasConfirmedPhone,
  incrementPhoneReveals,
  insertAd,
  insertAdComplaint,
  insertExpiryWarnings,
  insertFavorite,
  insertPriceHistory,
  lockAdsOfUser,
  recordAdView,
  regionExists,
  summarizePrices,
  updateAdRow,
} from "./ads.repository.ts";
import { type BoundSearch, createAdSearch, sortColumnOf } from "./ads-search.ts";

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
  /** Every price of an ad `getAd` shows the viewer, oldest first (the ad page's price changes). */
  getPriceHistory(viewer: AdViewer | null, id: number): Promise<AdPriceHistory>;
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
  /**
   * An account deletion's part (decision 005), inside its transaction: its live and waiting ads are
   * archived; drafts, which nobody but the owner ever saw, are deleted with their photos.
   */
  archiveAdsOfDeletedAccount: AccountDeletionHook;
  /** Archives the active ads whose 30 days (setting) are over; run periodically. */
  archiveExpiredAds(at?: Date): Promise<number>;
  /**
   * Records a notice for the owner of every active ad ending within 3 days, once per expiry time
   * (product.md section 4); run periodically. Answers how many were recorded.
   */
  warnExpiringAds(at?: Date): Promise<number>;
  /** One complaint per user per ad (an active ad, not one's own). */
  complainAboutAd(
    userId: number,
    id: number,
    complaint: { reason: AdComplaintReason; text: string },
  ): Promise<AdComplaint>;
  /** `query`: the raw query string, read by the vertical's filter schema. */
  searchAds(query: Record<string, unknown>): Promise<AdSearchResponse>;
  /** Active ads with the urgent badge in force, across verticals, freshest first (`/urgent`). */
  listUrgentAds(page: { cursor?: string; limit: number }): Promise<AdCardsPage>;
  /** The user's own ads in one status, newest first, with how many they have in each status. */
  listMyAds(
    userId: number,
    page: { status: AdStatus; cursor?: string; limit: number },
  ): Promise<MyAdsResponse>;
  /** How many active ads one catalogue entry has, and their price range in both currencies. */
  summarizeCatalogEntryAds(query: AdPriceSummaryQuery): Promise<AdPriceSummary>;
}

export interface AdViewer {
  id: number;
  roles: readonly Role[];
}

const DAY_MS = 86_400_000;
const staffRoles: readonly Role[] = ["moderator", "admin"];

function isStaffViewer(viewer: AdViewer | null): boolean {
  return viewer?.roles.some((role) => staffRoles.includes(role)) ?? false;
}
/** At most this many promoted ads head the first page of a search. */
const promotedMax = 6;

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

/** Changing one of these, or the photos, of a live ad needs a moderator again (product.md section 4). */
const reviewedFields = ["mark", "model", "markText", "modelText", "year"];

function changesReviewedContent(ad: AdRow, input: AdInput): boolean {
  const fields = input.fields as Record<string, unknown>;
  const photoIds = ad.photos.map((photo) => photo.id);
  return (
    reviewedFields.some((name) => (ad.fields[name] ?? null) !== (fields[name] ?? null)) ||
    photoIds.length !== input.photoIds.length ||
    photoIds.some((id, index) => id !== input.photoIds[index])
  );
}

/**
 * The price shown crossed out after an edit of a published ad (product.md section 4): the previous
 * price, in the new currency, when the edit lowered it; kept while the price does not change.
 */
function oldPriceAfter(ad: AdRow, next: { price: number; currency: string }): number | null {
  if (next.price === ad.price && next.currency === ad.currency) return ad.oldPrice;
  if (ad.publishedAt === null || next.price === 0) return null;
  const before = next.currency === "USD" ? ad.priceUsd : ad.priceKgs;
  return before > next.price ? before : null;
}

/** A waiting revision's columns, to write when a moderator approves it. */
function revisionOf(ad: AdRow): Partial<AdInsert> {
  return ad.pendingRevision ? { ...(ad.pendingRevision as Partial<AdInsert>), pendingRevision: null } : {};
}

/** The paid marks in force at `at` (product.md section 6): the strongest placement, urgent, highlight. */
function paidMarks(row: AdCardRow, at: number): Pick<AdCard, "promotion" | "isUrgent" | "isHighlighted"> {
  const inForce = (until: Date | null) => until !== null && until.getTime() > at;
  const until: Record<AdPromotion, Date | null> = {
    premium: row.premiumUntil,
    vip: row.vipUntil,
    top: row.topUntil,
  };
  return {
    promotion: adPromotions.find((promotion) => inForce(until[promotion])) ?? null,
    isUrgent: inForce(row.urgentUntil),
    isHighlighted: inForce(row.highlightUntil),
  };
}

function toCard(row: AdCardRow, storage: FileStorage): AdCard {
  const definition = verticalDefinitions[row.vertical as Vertical];
  const fields: AdCard["fields"] = {};
  const shown = (name: string) => {
    fields[name] = (row.fields[name] ?? null) as AdCard["fields"][string];
  };
  for (const field of definition.fields) {
    if (!field.onCard) continue;
    shown(field.name);
    // A value on the card brings its unit along (60 000 mi, not km).
    const unitField = unitFieldOf(definition, field.name);
    if (unitField) shown(unitField.name);
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
    oldPrice: row.oldPrice,
    ...paidMarks(row, Date.now()),
    cover: row.cover ? toAdPhoto(row.cover, storage) : null,
    photoCount: row.photoCount ?? 0,
  };
}

/** What the owner sees: a waiting revision over the live columns (the edit form starts from it). */
function withRevision(row: AdRow): AdRow {
  return row.pendingRevision ? { ...row, ...(row.pendingRevision as Partial<AdRow>) } : row;
}

function toMyAd(live: AdRow, storage: FileStorage): MyAd {
  const row = withRevision(live);
  return {
    ...toCard(cardRowOf(row), storage),
    views: row.views,
    phoneReveals: row.phoneReveals,
    favorites: row.favorites,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    extendedAt: row.extendedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason as AdRejectReason | null,
    rejectNote: row.rejectNote,
    hasPendingChanges: live.pendingRevision !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Owner and staff see that an edit waits for a moderator; the owner sees the edit itself. */
function toAd(
  live: AdRow,
  viewerId: number | null,
  viewer: { seller: AdSeller; isStaff: boolean },
  storage: FileStorage,
): Ad {
  const isOwner = viewerId === live.userId;
  const row = isOwner ? withRevision(live) : live;
  return {
    ...toCard(cardRowOf(row), storage),
    photos: row.photos.map((photo) => toAdPhoto(photo, storage)),
    userId: row.userId,
    description: row.description,
    videoUrl: row.videoUrl,
    chatOnly: row.chatOnly,
    phoneIds: row.phoneIds,
    // A guest sees a VIN masked; signed-in users see it whole (product.md section 3).
    fields: (viewerId === null
      ? fieldsForGuests(verticalDefinitions[row.vertical as Vertical], row.fields)
      : row.fields) as Ad["fields"],
    views: row.views,
    phoneReveals: row.phoneReveals,
    favorites: row.favorites,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    extendedAt: row.extendedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason as AdRejectReason | null,
    rejectNote: row.rejectNote,
    isOwner,
    seller: viewer.seller,
    hasPendingChanges: (isOwner || viewer.isStaff) && live.pendingRevision !== null,
  };
}

/** The opaque cursor: the list's sort, the last row's sort key and its id. */
function encodeCursor(sort: string, value: string | number | null, id: number): string {
  return Buffer.from(JSON.stringify([sort, value, id])).toString("base64url");
}

/** How `toISOString` writes a time (the only form a cursor of a time column carries). */
const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Whether a cursor's sort value can stand for a value of `column` (else the query would fail). */
function fitsColumn(value: unknown, column: PgColumn): boolean {
  if (value === null) return true;
  if (column.columnType === "PgTimestamp") return typeof value === "string" && isoTime.test(value);
  if (column.columnType === "PgBigInt53") return Number.isSafeInteger(value);
  return Number.isInteger(value) && Math.abs(value as number) <= recordIdMax;
}

/** A cursor of this list (`sort`) whose key fits the sort's column; anything else is refused (400). */
function decodeCursor(
  cursor: string,
  sort: string,
  column: PgColumn,
): { value: string | number | null; id: number } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 3 && parsed[0] === sort) {
      const [, value, id] = parsed as [string, string | number | null, unknown];
      if (recordIdSchema.safeParse(id).success && fitsColumn(value, column))
        return { value, id: id as number };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw invalid("VALIDATION_FAILED", "cursor");
}

function sortValueOf(row: AdCardRow, key: string): string | number | null {
  const value = (row as unknown as Record<string, unknown>)[key];
  if (value instanceof Date) return value.toISOString();
  return typeof value === "number" ? value : null;
}

/** One keyset page: `rows` holds one more than `limit` when another page follows. */
function pageOf<R, T>(rows: R[], limit: number, toItem: (row: R) => T, cursorOf: (row: R) => string) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toItem), nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}

/** The catalogue entries an ad body names: the names for its title, other spellings for the text search. */
export interface CatalogRefs {
  names: Map<string, string>;
  spellings: string[];
}

/** Checks the catalogue refs of an ad body (each belongs to its parent, marks of the vertical's kind). */
export async function resolveCatalogRefs(db: Database, input: AdInput): Promise<CatalogRefs> {
  const definition = verticalDefinitions[input.vertical];
  const fields = input.fields as Record<string, unknown>;
  const names = new Map<string, string>();
  const spellings: string[] = [];
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
    spellings.push(...entry.spellings);
  }
  return { names, spellings };
}

/**
 * The columns an ad body writes (checked already): common ones, the typed copies of filterable
 * fields, the JSON, the photos and the title with its other spellings; the price in both currencies.
 */
export function adColumns(
  input: AdInput,
  sources: CatalogRefs & { photos: StoredAdPhoto[]; usdRate: number },
): Omit<AdInsert, "userId"> {
  const definition = verticalDefinitions[input.vertical];
  const fields = input.fields as Record<string, unknown>;
  const typed: Record<string, unknown> = {};
  for (const field of definition.fields) {
    // Quantities in the base unit (mileage in km), so ranges and sorts compare like with like.
    if (field.filter) typed[columnKeyOf(field)] = valueInBaseUnit(definition, field, fields);
  }
  const title =
    generatedAdTitle(definition, fields, Object.fromEntries(sources.names)) ??
    ("title" in input && typeof input.title === "string" ? input.title : "");
  return {
    ...typed,
    vertical: input.vertical,
    title,
    description: input.description,
    price: input.price,
    currency: input.currency,
    ...convertPrice(input.price, input.currency, sources.usdRate),
    negotiable: input.negotiable,
    regionId: input.regionId,
    townId: input.townId,
    abroadCountry: input.abroadCountry,
    videoUrl: input.videoUrl,
    chatOnly: input.chatOnly,
    phoneIds: [...new Set(input.phoneIds)],
    photos: sources.photos,
    fields,
    searchTerms: sources.spellings.join(" "),
  };
}

/** Limits of phone reveals (against scraping): per client address and per signed-in user. */
export interface PhoneRevealLimits {
  perIp: RateCounter;
  perUser: RateCounter;
}

/**
 * Search answers are public and asked again and again (list pages, home strips, the filter panel's
 * live count), so one is reused for a few seconds; any change of an ad in this process drops them
 * all at once, so its owner sees it at once.
 */
const SEARCH_ANSWER_TTL_MS = 5_000;
const SEARCH_ANSWERS_MAX = 2_000;
/**
 * The total of a filter set serves every page and sort of it (and the filter panel's live count):
 * kept longer than an answer, dropped with them on any change.
 */
const SEARCH_COUNT_TTL_MS = 30_000;
const SEARCH_COUNTS_MAX = 5_000;

export function createAdsService(db: Database, limits: PhoneRevealLimits, storage: FileStorage): AdsService {
  const searchAnswers = createSearchCache<AdSearchResponse>({
    maxEntries: SEARCH_ANSWERS_MAX,
    ttlMs: SEARCH_ANSWER_TTL_MS,
  });
  const searchCounts = createSearchCache<{ total: number; isExact: boolean }>({
    maxEntries: SEARCH_COUNTS_MAX,
    ttlMs: SEARCH_COUNT_TTL_MS,
  });
  const search = createAdSearch(db);

  /** How many active ads a search finds, kept a while for its other pages, sorts and the live count. */
  function countOf(bound: BoundSearch) {
    return searchCounts.get(`${bound.shape}|${JSON.stringify(bound.values)}`, () =>
      search.count(bound, adExactCountLimit),
    );
  }

  /** The words alone in each other vertical that has ads for them ("эвакуатор" on the cars tab). */
  async function countInOtherVerticals(vertical: Vertical, q: string): Promise<AdVerticalCount[]> {
    const others = verticals.filter((other) => other !== vertical);
    const counts = await Promise.all(
      others.map(async (other) => {
        const filters = adFilterSchemas[other].parse({ vertical: other, q }) as AdFilters;
        return {
          vertical: other,
          ...(await countOf(await search.bind(verticalDefinitions[other], filters))),
        };
      }),
    );
    return counts
      .filter((count) => count.total > 0)
      .map(({ vertical: other, total, isExact }) => ({ vertical: other, total, totalIsExact: isExact }));
  }

  /** Any change of an ad shows in the next search of this process. */
  function forgetSearches(): void {
    searchAnswers.clear();
    searchCounts.clear();
  }

  /** The ad as `viewerId` sees it, with its seller. */
  async function present(row: AdRow, viewerId: number | null, isStaff = false): Promise<Ad> {
    const seller = await findSeller(db, row.userId);
    if (!seller) throw new Error(`ad ${row.id} has no seller`);
    return toAd(
      row,
      viewerId,
      {
        isStaff,
        seller: {
          id: seller.id,
          name: seller.username,
          avatar: seller.avatarKey ? storage.publicUrl(seller.avatarKey) : null,
          memberSince: seller.createdAt.toISOString(),
          activeAds: seller.activeAds,
        },
      },
      storage,
    );
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

  /** The columns an ad body writes, its references checked. */
  /** `adId`: the ad being updated (its own photos may stay listed); null for a new ad. */
  async function columnsOf(
    userId: number,
    input: AdInput,
    adId: number | null,
  ): Promise<Omit<AdInsert, "userId">> {
    const refs = await resolveCatalogRefs(db, input);
    await checkLocation(input);
    await checkPhones(userId, input.phoneIds);
    const photos = await resolveAdPhotos(db, userId, input.photoIds, adId);
    const { usdRate } = await readSettings(db);
    return adColumns(input, { ...refs, photos, usdRate });
  }

  /** An active ad for anyone; any other state only for its owner and for moderators; else not found. */
  async function visibleAd(viewer: AdViewer | null, id: number): Promise<AdRow> {
    const row = await findAdById(db, id);
    if (!row || (row.status !== "active" && row.userId !== viewer?.id && !isStaffViewer(viewer))) {
      throw new AppError("AD_NOT_FOUND");
    }
    return row;
  }

  /** The owner's ad, locked for the change; anyone else's is not found (never 403). */
  async function ownAdForUpdate(tx: Database, userId: number, id: number): Promise<AdRow> {
    const row = await findAdForUpdate(tx, id);
    if (!row || row.userId !== userId) throw new AppError("AD_NOT_FOUND");
    return row;
  }

  function checkAllowed(row: AdRow, action: Exclude<AdAction, "extend">): void {
    if (!adActionsFrom[action].includes(row.status as AdStatus)) throw new AppError("AD_STATE_CONFLICT");
  }

  /** Live and waiting ads take a free place of their vertical (`freeAdLimits`). */
  async function checkFreePlace(tx: Database, userId: number, vertical: string, settings: Settings) {
    const limit = settings.freeAdLimits[vertical as Vertical];
    if ((await countLiveAdsOfUser(tx, userId, vertical)) >= limit) throw new AppError("AD_LIMIT_REACHED");
  }

  /** Under pre-moderation (or `auto` without a confirmed phone) publications and key edits wait. */
  async function isPreModerated(userId: number, mode: "pre" | "post" | "auto"): Promise<boolean> {
    return mode === "pre" || (mode === "auto" && !(await hasConfirmedPhone(db, userId)));
  }

  /** Every price an ad has had is kept. */
  async function recordPriceChange(tx: Database, before: AdRow, after: AdRow): Promise<void> {
    if (after.price === before.price && after.currency === before.currency) return;
    await insertPriceHistory(tx, after);
  }

  /**
   * A moderator's decision on any ad; the ad keeps its owner. A waiting revision may be approved or
   * rejected whatever the ad's state.
   */
  async function moderate(
    staffId: number,
    id: number,
    action: "approve" | "reject" | "remove",
    change: (ad: AdRow, time: Date) => Partial<AdInsert>,
  ): Promise<Ad> {
    const row = await db.transaction(async (tx) => {
      const ad = await findAdForUpdate(tx, id);
      if (!ad) throw new AppError("AD_NOT_FOUND");
      if (ad.pendingRevision === null || action === "remove") checkAllowed(ad, action);
      const time = now();
      const updated = await updateAdRow(tx, id, {
        ...change(ad, time),
        moderatedBy: staffId,
        moderatedAt: time,
        updatedAt: time,
      });
      await recordPriceChange(tx, ad, updated);
      return updated;
    });
    forgetSearches();
    // An approved revision replaced the live photos, a rejected one dropped its own.
    await removePhotoFiles(storage, await prunePhotosOfAd(db, id));
    return present(row, staffId, true);
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
    forgetSearches();
    return present(row, userId);
  }

  return {
    async createAd(userId, input) {
      const columns = await columnsOf(userId, input, null);
      const row = await db.transaction(async (tx) => {
        const created = await insertAd(tx, { ...columns, userId, createdAt: now(), updatedAt: now() });
        await attachAdPhotos(tx, userId, created.id, input.photoIds);
        await insertPriceHistory(tx, created);
        return created;
      });
      return present(row, userId);
    },

    async updateAd(userId, id, input) {
      const columns = await columnsOf(userId, input, id);
      const settings = await readSettings(db);
      const isPre = await isPreModerated(userId, settings.moderationMode);
      const row = await db.transaction(async (tx) => {
        const ad = await ownAdForUpdate(tx, userId, id);
        if (ad.vertical !== input.vertical) throw invalid("VALIDATION_FAILED", "vertical");
        checkAllowed(ad, "update");
        // A rejected ad goes back to a moderator with its edit, whatever the moderation mode: it takes
        // a free place again, and the reason is cleared.
        const resent =
          ad.status === "rejected"
            ? { status: "pending", rejectReason: null, rejectNote: null, expiresAt: null }
            : {};
        if (ad.status === "rejected") await checkFreePlace(tx, userId, ad.vertical, settings);
        await attachAdPhotos(tx, userId, id, input.photoIds);
        const content = { ...columns, ...resent, oldPrice: oldPriceAfter(ad, columns) };
        // Under pre-moderation a key change of a live ad waits for a moderator, the whole edit with
        // it, while the live version stays as it is (product.md section 4).
        if (ad.status === "active" && isPre && changesReviewedContent(ad, input)) {
          return updateAdRow(tx, id, {
            pendingRevision: content,
            rejectReason: null,
            rejectNote: null,
            updatedAt: now(),
          });
        }
        // Applied at once, replacing any waiting revision. Editing never raises the ad: raised_at
        // and published_at stay as they are.
        const updated = await updateAdRow(tx, id, { ...content, pendingRevision: null, updatedAt: now() });
        await recordPriceChange(tx, ad, updated);
        return updated;
      });
      forgetSearches();
      // The photos the edit dropped (from the live ad or a waiting revision) go once it is committed.
      await removePhotoFiles(storage, await prunePhotosOfAd(db, id));
      return present(row, userId);
    },

    async publishAd(userId, id) {
      const settings = await readSettings(db);
      const isPre = await isPreModerated(userId, settings.moderationMode);
      const row = await db.transaction(async (tx) => {
        const ad = await ownAdForUpdate(tx, userId, id);
        if (ad.status === "rejected") throw new AppError("AD_REJECTED_NEEDS_EDIT");
        checkAllowed(ad, "publish");
        await checkFreePlace(tx, userId, ad.vertical, settings);
        const time = now();
        const cleared = { rejectReason: null, rejectNote: null, updatedAt: time };
        if (isPre) return updateAdRow(tx, id, { ...cleared, status: "pending" });
        return updateAdRow(tx, id, { ...cleared, ...goLive(ad, time, settings.adLifetimeDays) });
      });
      forgetSearches();
      return present(row, userId);
    },

    async extendAd(userId, id) {
      const { adLifetimeDays } = await readSettings(db);
      const row = await db.transaction(async (tx) => {
        const ad = await ownAdForUpdate(tx, userId, id);
        const time = now();
        if (!canExtendAd({ ...ad, status: ad.status as AdStatus }, time))
          throw new AppError("AD_STATE_CONFLICT");
        return updateAdRow(tx, id, {
          expiresAt: new Date(time.getTime() + adLifetimeDays * DAY_MS),
          extendedAt: time,
          updatedAt: time,
        });
      });
      return present(row, userId);
    },

    async approveAd(staffId, id) {
      const { adLifetimeDays } = await readSettings(db);
      return moderate(staffId, id, "approve", (ad, time) => ({
        ...revisionOf(ad),
        ...(ad.status === "pending" ? goLive(ad, time, adLifetimeDays) : {}),
        rejectReason: null,
        rejectNote: null,
      }));
    },

    // A rejected revision is dropped and the live version stays; otherwise the ad is rejected.
    rejectAd: (staffId, id, decision) =>
      moderate(staffId, id, "reject", (ad) => ({
        ...(ad.pendingRevision ? {} : { status: "rejected", expiresAt: null }),
        pendingRevision: null,
        rejectReason: decision.reason,
        rejectNote: decision.note || null,
      })),

    removeAd: (staffId, id) =>
      moderate(staffId, id, "remove", () => ({ status: "removed", expiresAt: null, pendingRevision: null })),

    archiveAd: (userId, id) => changeStatus(userId, id, "archive", "archived"),
    markAdSold: (userId, id) => changeStatus(userId, id, "sold", "sold"),

    async deleteAd(userId, id) {
      const removedPhotos = await db.transaction(async (tx) => {
        await ownAdForUpdate(tx, userId, id);
        const photos = await deletePhotosOfAd(tx, id);
        await deleteAdRow(tx, id);
        return photos;
      });
      forgetSearches();
      await removePhotoFiles(storage, removedPhotos);
    },

    async getAd(viewer, id) {
      const row = await visibleAd(viewer, id);
      return present(row, viewer?.id ?? null, isStaffViewer(viewer));
    },

    async getPriceHistory(viewer, id) {
      await visibleAd(viewer, id);
      const rows = await findPriceHistory(db, id);
      return {
        items: rows.map((row) => ({
          ...row,
          currency: row.currency as Currency,
          changedAt: row.changedAt.toISOString(),
        })),
      };
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
      return (await findFavoriteAds(db, userId, adFavoritesMax)).map((row) => toCard(row, storage));
    },

    async findAdCards(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .select(adCardColumns)
        .from(ads)
        .where(and(inArray(ads.id, [...ids]), inArray(ads.status, ["active", "archived", "sold"])));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toCard(row, storage)] : [];
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

    async archiveAdsOfDeletedAccount(tx, userId) {
      const held = await lockAdsOfUser(tx, userId, ["draft", "pending", "active"]);
      const live = held.filter((ad) => ad.status !== "draft");
      // Archived rather than deleted: favourites, chats and complaints keep the ad they are about.
      await archiveAdRows(
        tx,
        live.map((ad) => ad.id),
        now(),
      );
      const removedPhotos: PhotoFiles[] = [];
      for (const draft of held.filter((ad) => ad.status === "draft")) {
        removedPhotos.push(...(await deletePhotosOfAd(tx, draft.id)));
        await deleteAdRow(tx, draft.id);
      }
      return async () => {
        forgetSearches();
        // The photos only a dropped revision showed.
        for (const ad of live.filter((candidate) => candidate.hasRevision)) {
          removedPhotos.push(...(await prunePhotosOfAd(db, ad.id)));
        }
        await removePhotoFiles(storage, removedPhotos);
      };
    },

    async archiveExpiredAds(at = now()) {
      const archived = await archiveExpiredAdRows(db, at);
      if (archived > 0) forgetSearches();
      return archived;
    },

    warnExpiringAds: (at = now()) => insertExpiryWarnings(db, at, adExtendWindowDays * DAY_MS),

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
      const rows = await findAdCardsPage(db, {
        where,
        sortColumn: ads.raisedAt,
        direction: "desc",
        after: undefined,
        limit: adSimilarLimit,
      });
      return rows.map((row) => toCard(row, storage));
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
      return searchAnswers.get(JSON.stringify(filters), async () => {
        const after =
          filters.cursor === undefined
            ? undefined
            : decodeCursor(filters.cursor, filters.sort, sortColumnOf(filters.sort));
        const bound = await search.bind(verticalDefinitions[vertical], filters);
        const [{ rows, promoted }, count] = await Promise.all([
          // Promoted ads head the first page only; the pages stay the complete keyset stream.
          search.findPage({
            bound,
            sort: filters.sort,
            after,
            limit: filters.limit + 1,
            promotedLimit: promotedMax,
          }),
          countOf(bound),
        ]);
        const { key } = adSorts[filters.sort];
        const isShort = filters.q !== undefined && after === undefined && count.total < adOtherVerticalsBelow;
        return {
          ...pageOf(
            rows,
            filters.limit,
            (row) => toCard(row, storage),
            (last) => encodeCursor(filters.sort, sortValueOf(last, key), last.id),
          ),
          promoted: promoted.map((row) => toCard(row, storage)),
          total: count.total,
          totalIsExact: count.isExact,
          otherVerticals: isShort && filters.q ? await countInOtherVerticals(vertical, filters.q) : [],
        };
      });
    },

    async listUrgentAds(page) {
      const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, "urgent", ads.raisedAt);
      const where = and(eq(ads.status, "active"), gt(ads.urgentUntil, now()));
      const rows = await findAdCardsPage(db, {
        where,
        sortColumn: ads.raisedAt,
        direction: "desc",
        after,
        limit: page.limit + 1,
      });
      return pageOf(
        rows,
        page.limit,
        (row) => toCard(row, storage),
        (last) => encodeCursor("urgent", sortValueOf(last, "raisedAt"), last.id),
      );
    },

    async listMyAds(userId, page) {
      const after =
        page.cursor === undefined ? undefined : decodeCursor(page.cursor, `mine-${page.status}`, ads.id);
      const [rows, counted] = await Promise.all([
        findAdsPage(db, {
          where: and(eq(ads.userId, userId), eq(ads.status, page.status)),
          sortColumn: ads.id,
          direction: "desc",
          after,
          limit: page.limit + 1,
        }),
        countAdsByStatus(db, userId),
      ]);
      const counts = Object.fromEntries(
        adStatuses.map((status) => [status, counted.get(status) ?? 0]),
      ) as MyAdsResponse["counts"];
      return {
        ...pageOf(
          rows,
          page.limit,
          (row) => toMyAd(row, storage),
          (last) => encodeCursor(`mine-${page.status}`, last.id, last.id),
        ),
        counts,
      };
    },

    async summarizeCatalogEntryAds(query) {
      const summary = await summarizePrices(
        db,
        and(
          eq(ads.vertical, query.vertical),
          eq(ads.status, "active"),
          eq(ads.markId, query.mark),
          query.model === undefined ? undefined : eq(ads.modelId, query.model),
          query.generation === undefined ? undefined : eq(ads.generationId, query.generation),
        ),
      );
      return {
        count: summary?.count ?? 0,
        priceMinKgs: summary?.priceMinKgs ?? null,
        priceMaxKgs: summary?.priceMaxKgs ?? null,
        priceMinUsd: summary?.priceMinUsd ?? null,
        priceMaxUsd: summary?.priceMaxUsd ?? null,
      };
    },
  };
}
