/**
 * Ads' value lists (statuses, reasons, sorts) and limits, shared by the pages and the API.
 * Schema-free (no zod), so a page importing a limit does not bundle the schemas.
 */
import type { AdCover, AdPhoto } from "./ad-photos.ts";

export const adTitleMinLength = 5;
export const adTitleMaxLength = 100;
export const adDescriptionMaxLength = 4000;
/** KGS or USD; a larger figure is a typo, and price_kgs must stay a safe integer. */
export const adPriceMax = 1_000_000_000;
export const adSearchLimitDefault = 20;
export const adSearchLimitMax = 50;
/**
 * Up to this many matches the total is counted exactly; above it the total is this number, marked
 * not exact: "1 000+" (decision 045). A count never reads more than one row past it.
 */
export const adExactCountLimit = 1_000;

/** A YouTube watch, short or embed link (the only video host the detail page embeds). */
export const youtubeUrlPattern =
  /^https:\/\/(www\.|m\.)?(youtube\.com\/(watch\?v=|embed\/|shorts\/)|youtu\.be\/)[\w-]{6,20}([?&#].*)?$/;

/** The most photos an ad keeps; the first is the cover. */
export const adPhotosMax = 20;
/** The largest upload accepted, and the most pixels (a 50-megapixel phone photo is 8160 × 6120). */
export const adPhotoMaxBytes = 15 * 1024 * 1024;
export const adPhotoMaxPixels = 50_000_000;
/** The widths every photo is stored in (WebP; AVIF too where it is smaller). */
export const adPhotoWidths = [320, 800, 1600] as const;
/** The width of `src`: the size a card or a phone screen shows. */
const adPhotoSrcWidth = 800;

/**
 * The widths an ad photo is stored in, given its largest stored width: the standard widths below
 * it, then itself (never upscaled: a 1000 px original gives 320, 800 and 1000).
 */
export function adPhotoWidthsFor(largest: number): number[] {
  return [...adPhotoWidths.filter((width) => width < largest), largest];
}

/** The `src` and `srcset`s of a photo's stored sizes, from the address they are named after. */
export function adPhotoSources(
  photo: Pick<AdCover, "url" | "width" | "hasAvif">,
): Pick<AdPhoto, "src" | "webp" | "avif"> {
  const widths = adPhotoWidthsFor(photo.width);
  const srcset = (format: "webp" | "avif") =>
    widths.map((width) => `${photo.url}-${width}.${format} ${width}w`).join(", ");
  return {
    src: `${photo.url}-${Math.min(adPhotoSrcWidth, photo.width)}.webp`,
    webp: srcset("webp"),
    avif: photo.hasAvif ? srcset("avif") : null,
  };
}

/** requirements P4. */
export const adStatuses = ["draft", "pending", "active", "archived", "sold", "rejected", "removed"] as const;
export type AdStatus = (typeof adStatuses)[number];

/** Why a moderator refused an ad; the owner sees the reason's text and the moderator's note. */
export const adRejectReasons = [
  "prohibited",
  "wrong-category",
  "duplicate",
  "fraud",
  "wrong-price",
  "bad-photos",
  "offensive",
  "other",
] as const;
export type AdRejectReason = (typeof adRejectReasons)[number];

/** Paid placements that put an ad first (requirements P5 and P6), strongest first. */
export const adPromotions = ["premium", "vip", "top"] as const;
export type AdPromotion = (typeof adPromotions)[number];

/**
 * A text search that finds fewer ads than this in its vertical (none, or a short list) also counts
 * its words in the other verticals: "эвакуатор" typed on the cars tab is offered the services.
 */
export const adOtherVerticalsBelow = 5;

/** Why a user complains about an ad (issue 5); stored for the moderators' dashboard. */
export const adComplaintReasons = [
  "fraud",
  "wrong-price",
  "sold",
  "duplicate",
  "wrong-category",
  "offensive",
  "other",
] as const;
export type AdComplaintReason = (typeof adComplaintReasons)[number];

/** The most favourites a user keeps (and a guest's local list merged at sign-in may hold). */
export const adFavoritesMax = 500;

export const adSimilarLimit = 8;

/** Verticals whose ads name a catalogue entry. */
export const catalogAdVerticals = ["car", "commercial", "moto"] as const;

export const adSorts = {
  fresh: { key: "raisedAt", direction: "desc" },
  newest: { key: "publishedAt", direction: "desc" },
  "price-asc": { key: "priceKgs", direction: "asc" },
  "price-desc": { key: "priceKgs", direction: "desc" },
  "year-asc": { key: "year", direction: "asc" },
  "year-desc": { key: "year", direction: "desc" },
  "mileage-asc": { key: "mileage", direction: "asc" },
  /** Views change while someone pages: an ad viewed meanwhile may show twice or not at all. */
  "views-desc": { key: "views", direction: "desc" },
} as const;
export type AdSort = keyof typeof adSorts;
export const adSortNames = Object.keys(adSorts) as AdSort[];
