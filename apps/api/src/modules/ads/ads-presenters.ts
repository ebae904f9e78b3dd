/**
 * Rows as the API answers them: a list card, an owner's "My ads" row, and the whole ad as a viewer
 * may see it (a guest sees a VIN masked; the owner sees a waiting edit over the live version).
 */
import {
  type Ad,
  type AdCard,
  type AdPromotion,
  type AdRejectReason,
  type AdSeller,
  type AdStatus,
  adPromotions,
  fieldsForGuests,
  type MyAd,
  type ServiceLift,
  unitFieldOf,
  type Vertical,
  verticalDefinitions,
} from "@unaa/contracts";
import type { FileStorage } from "../../lib/storage.ts";
import { toAdCover, toAdPhoto } from "../photos/photos.service.ts";
import { type AdCardRow, type AdRow, cardRowOf, findSeller } from "./ads.repository.ts";
import type { AdsContext } from "./ads-context.ts";

/** The paid marks in force at `at` (requirements P6): the strongest placement, urgent, highlight. */
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

/**
 * Per vertical, the fields its cards show: the definition's `onCard` fields in their order, each
 * with its unit field (60 000 mi, not km). Worked out once: a search answer builds 20–30 cards.
 */
const cardFieldNames = new Map(
  Object.values(verticalDefinitions).map((definition) => [
    definition.vertical,
    definition.fields.flatMap((field) => {
      if (!field.onCard) return [];
      const unitField = unitFieldOf(definition, field.name);
      return unitField ? [field.name, unitField.name] : [field.name];
    }),
  ]),
);

export function toCard(row: AdCardRow, storage: FileStorage): AdCard {
  const fields: AdCard["fields"] = {};
  for (const name of cardFieldNames.get(row.vertical as Vertical) ?? []) {
    fields[name] = (row.fields[name] ?? null) as AdCard["fields"][string];
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
    cover: row.cover ? toAdCover(row.cover, storage) : null,
    photoCount: row.photoCount ?? 0,
  };
}

/** What the owner sees: a waiting revision over the live columns (the edit form starts from it). */
function withRevision(row: AdRow): AdRow {
  return row.pendingRevision ? { ...row, ...(row.pendingRevision as Partial<AdRow>) } : row;
}

export function toMyAd(live: AdRow, storage: FileStorage, lift: ServiceLift | null = null): MyAd {
  const row = withRevision(live);
  return {
    ...toCard(cardRowOf(row), storage),
    views: row.views,
    phoneReveals: row.phoneReveals,
    favorites: row.favorites,
    chats: row.chats,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    extendedAt: row.extendedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason as AdRejectReason | null,
    rejectNote: row.rejectNote,
    hasPendingChanges: live.pendingRevision !== null,
    lift,
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
    businessId: row.businessId,
    phoneIds: row.phoneIds,
    // A guest sees a VIN masked; signed-in users see it whole (requirements P3).
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

/** The ad as `viewerId` sees it, with its seller. */
export async function presentAd(
  { db, storage }: AdsContext,
  row: AdRow,
  viewerId: number | null,
  isStaff = false,
): Promise<Ad> {
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
