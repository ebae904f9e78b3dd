/** Bodies and answers of the ads API (issue 5), built from the vertical definitions. */
import { z } from "zod";
import { currencies } from "../car-values.ts";
import { recordIdParamSchema, recordIdSchema } from "../ids.ts";
import { serviceLiftSchema } from "../services.ts";
import { textInput } from "../text.ts";
import { verticals } from "../verticals.ts";
import { verticalDefinitions } from "./ad-definitions.ts";
import { adCoverSchema, adPhotoSchema } from "./ad-photos.ts";
import {
  adComplaintReasons,
  adExactCountLimit,
  adFavoritesMax,
  adOtherVerticalsBelow,
  adPromotions,
  adRejectReasons,
  adSearchLimitDefault,
  adSearchLimitMax,
  adSortNames,
  adStatuses,
  catalogAdVerticals,
} from "./ad-rules.ts";
import { buildAdFilterSchema, buildAdInputSchema } from "./ad-schemas.ts";

export const adRejectInputSchema = z.strictObject({
  reason: z.enum(adRejectReasons),
  note: textInput().trim().max(500).default(""),
});

export const carAdInputSchema = buildAdInputSchema(verticalDefinitions.car);
export const commercialAdInputSchema = buildAdInputSchema(verticalDefinitions.commercial);
export const motoAdInputSchema = buildAdInputSchema(verticalDefinitions.moto);
export const uslugiAdInputSchema = buildAdInputSchema(verticalDefinitions.uslugi);

/** Create and (whole) update: the vertical picks the field set. */
export const adInputSchema = z.discriminatedUnion("vertical", [
  carAdInputSchema,
  commercialAdInputSchema,
  motoAdInputSchema,
  uslugiAdInputSchema,
]);
export type AdInput = z.infer<typeof adInputSchema>;

/** The search filters of each vertical. */
export const adFilterSchemas = {
  car: buildAdFilterSchema(verticalDefinitions.car),
  commercial: buildAdFilterSchema(verticalDefinitions.commercial),
  moto: buildAdFilterSchema(verticalDefinitions.moto),
  uslugi: buildAdFilterSchema(verticalDefinitions.uslugi),
} as const;

/**
 * The route's query: only the vertical is checked here, the rest is read by the vertical's filter
 * schema (`adFilterSchemas`), which refuses a filter the vertical does not have.
 */
export const adSearchQuerySchema = z
  .looseObject({
    vertical: z.enum(verticals),
    sort: textInput().optional().describe(adSortNames.join(", ")),
    cursor: textInput().optional().describe("`nextCursor` of the previous page"),
    limit: textInput().optional().describe("1–50, default 20"),
  })
  .describe(
    "Field filters come from the vertical's definition: several values `body=sedan,coupe`, ranges " +
      "`yearFrom`/`yearTo`, and the common `q`, `priceFrom`, `priceTo`, `currency`, `regionId`, `townId`, " +
      "`abroad`, `postedWithin` (days), `withPhoto`, `urgent`, `businessId`.",
  );

export const adIdParamsSchema = z.object({ id: recordIdParamSchema });

const fieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

export const adCardSchema = z.object({
  id: z.number().int(),
  vertical: z.enum(verticals),
  status: z.enum(adStatuses),
  title: z.string(),
  price: z.number().int(),
  currency: z.enum(currencies),
  priceKgs: z.number().int(),
  priceUsd: z.number().int(),
  negotiable: z.boolean(),
  regionId: z.number().int().nullable(),
  townId: z.number().int().nullable(),
  abroadCountry: z.string().nullable(),
  fields: z.record(z.string(), fieldValueSchema).describe("The vertical's fields shown on cards"),
  publishedAt: z.iso.datetime().nullable(),
  raisedAt: z.iso.datetime().nullable(),
  cover: adCoverSchema.nullable().describe("The first photo"),
  photoCount: z.number().int(),
  oldPrice: z
    .number()
    .int()
    .nullable()
    .describe("The price before the last drop, in the ad's currency: shown crossed out"),
  promotion: z
    .enum(adPromotions)
    .nullable()
    .describe("A paid placement in force: premium, then VIP, then TOP come first"),
  isUrgent: z.boolean().describe("The paid urgent badge is in force (listed on /urgent)"),
  isHighlighted: z.boolean().describe("The paid highlight colour is in force"),
});
export type AdCard = z.infer<typeof adCardSchema>;

export const adSellerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  memberSince: z.iso.datetime(),
  activeAds: z.number().int().describe("The seller's active ads across verticals"),
});
export type AdSeller = z.infer<typeof adSellerSchema>;

export const adSchema = adCardSchema.extend({
  userId: z.number().int(),
  description: z.string(),
  videoUrl: z.string().nullable(),
  chatOnly: z.boolean(),
  businessId: z.number().int().nullable(),
  phoneIds: z
    .array(z.number().int())
    .describe("The seller's phones to show (ids; the numbers only on reveal)"),
  fields: z.record(z.string(), fieldValueSchema).describe("Every field of the vertical; null when not given"),
  views: z.number().int(),
  phoneReveals: z.number().int(),
  favorites: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  extendedAt: z.iso.datetime().nullable().describe("When the one free extension was used"),
  rejectReason: z.enum(adRejectReasons).nullable(),
  rejectNote: z.string().nullable(),
  isOwner: z.boolean(),
  photos: z.array(adPhotoSchema),
  seller: adSellerSchema,
  hasPendingChanges: z
    .boolean()
    .describe("Owner and staff only: an edit of mark, model, year or photos waits for a moderator"),
});
export type Ad = z.infer<typeof adSchema>;

/** One price an ad had, from the time it was set, in both currencies at that time's rate. */
export const adPriceChangeSchema = z.object({
  price: z.number().int().describe("As the seller typed it; 0: negotiable"),
  currency: z.enum(currencies),
  priceKgs: z.number().int(),
  priceUsd: z.number().int(),
  changedAt: z.iso.datetime(),
});
export type AdPriceChange = z.infer<typeof adPriceChangeSchema>;

export const adPriceHistorySchema = z.object({
  items: z
    .array(adPriceChangeSchema)
    .describe("Oldest first; the first is the price the ad was created with"),
});
export type AdPriceHistory = z.infer<typeof adPriceHistorySchema>;

export const adVerticalCountSchema = z.object({
  vertical: z.enum(verticals),
  total: z.number().int(),
  totalIsExact: z.boolean(),
});
export type AdVerticalCount = z.infer<typeof adVerticalCountSchema>;

export const adSearchResponseSchema = z.object({
  items: z.array(adCardSchema),
  promoted: z
    .array(adCardSchema)
    .describe("First page only: matching premium, VIP and TOP ads, in that order, shown above the items"),
  nextCursor: z.string().nullable().describe("Opaque; null on the last page"),
  total: z.number().int(),
  totalIsExact: z
    .boolean()
    .describe(
      `false: more than ${adExactCountLimit} matches, and \`total\` is ${adExactCountLimit} ("${adExactCountLimit}+")`,
    ),
  otherVerticals: z
    .array(adVerticalCountSchema)
    .describe(
      `The first page of a search with \`q\` that found fewer than ${adOtherVerticalsBelow}: how many ads \`q\` alone finds in each other vertical that has some`,
    ),
});
export type AdSearchResponse = z.infer<typeof adSearchResponseSchema>;

export const adComplaintInputSchema = z
  .strictObject({
    reason: z.enum(adComplaintReasons),
    text: textInput().trim().max(1000).default(""),
  })
  .refine((complaint) => complaint.reason !== "other" || complaint.text.length > 0, {
    path: ["text"],
    message: "say what is wrong",
  });

export const adComplaintSchema = z.object({
  id: z.number().int(),
  adId: z.number().int(),
  reason: z.enum(adComplaintReasons),
  text: z.string(),
  createdAt: z.iso.datetime(),
});
export type AdComplaint = z.infer<typeof adComplaintSchema>;

export const adViewResponseSchema = z.object({
  views: z.number().int(),
  isCounted: z.boolean().describe("false: this visitor's view of today was already counted"),
});
export type AdViewResponse = z.infer<typeof adViewResponseSchema>;

export const adFavoriteResponseSchema = z.object({
  adId: z.number().int(),
  isFavorite: z.boolean(),
  favorites: z.number().int().describe("How many users keep the ad as a favourite"),
});
export type AdFavoriteResponse = z.infer<typeof adFavoriteResponseSchema>;

export const adFavoritesResponseSchema = z.object({
  items: z.array(adCardSchema).describe("Newest favourite first; ads that left the site keep their status"),
});

export const adFavoritesMergeInputSchema = z.strictObject({
  adIds: z.array(recordIdSchema).max(adFavoritesMax).describe("A guest's favourites from local storage"),
});

export const adFavoriteIdsResponseSchema = z.object({
  favoriteAds: z.array(z.number().int()).describe("Every favourite of the user after the merge"),
});

export const adPhonesResponseSchema = z.object({
  phones: z.array(z.string()).describe("E.164 numbers of the seller"),
});
export type AdPhonesResponse = z.infer<typeof adPhonesResponseSchema>;

export const adCardsResponseSchema = z.object({ items: z.array(adCardSchema) });

/** A keyset page of any other list of ads. */
export const adPageQuerySchema = z.object({
  cursor: textInput().max(200).optional().describe("`nextCursor` of the previous page"),
  limit: z.coerce.number().int().min(1).max(adSearchLimitMax).default(adSearchLimitDefault),
});

/** `GET /api/ads/urgent`: active ads with the urgent badge across verticals, freshest first. */
export const adCardsPageSchema = z.object({
  items: z.array(adCardSchema),
  nextCursor: z.string().nullable().describe("Opaque; null on the last page"),
});
export type AdCardsPage = z.infer<typeof adCardsPageSchema>;

/** An ad in its owner's list (Settings → adds): the card with counters and life-cycle times. */
export const myAdSchema = adCardSchema.extend({
  views: z.number().int(),
  phoneReveals: z.number().int(),
  favorites: z.number().int(),
  chats: z.number().int().describe("Chats buyers started about the ad"),
  expiresAt: z.iso.datetime().nullable(),
  extendedAt: z.iso.datetime().nullable(),
  rejectReason: z.enum(adRejectReasons).nullable(),
  rejectNote: z.string().nullable(),
  hasPendingChanges: z.boolean().describe("An edit of mark, model, year or photos waits for a moderator"),
  lift: serviceLiftSchema
    .nullable()
    .describe("The newest ended paid service: views a day before, during and after (decision 063)"),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type MyAd = z.infer<typeof myAdSchema>;

export const myAdsQuerySchema = adPageQuerySchema.extend({
  status: z.enum(adStatuses).default("active"),
});

export const myAdsResponseSchema = z.object({
  items: z.array(myAdSchema).describe("Newest first"),
  nextCursor: z.string().nullable().describe("Opaque; null on the last page"),
  counts: z.record(z.enum(adStatuses), z.number().int()).describe("The user's ads in each status"),
});
export type MyAdsResponse = z.infer<typeof myAdsResponseSchema>;

/** `GET /api/ads/cars-summary`: the active ads of one catalogue entry (the catalogue's "ads" block). */
export const adPriceSummaryQuerySchema = z
  .strictObject({
    vertical: z.enum(catalogAdVerticals).default("car"),
    mark: recordIdParamSchema,
    model: recordIdParamSchema.optional(),
    generation: recordIdParamSchema.optional(),
  })
  .refine((query) => query.generation === undefined || query.vertical === "car", {
    path: ["generation"],
    message: "only car ads have a generation",
  });
export type AdPriceSummaryQuery = z.infer<typeof adPriceSummaryQuerySchema>;

export const adPriceSummarySchema = z.object({
  count: z.number().int(),
  priceMinKgs: z.number().int().nullable().describe("null when there is no ad"),
  priceMaxKgs: z.number().int().nullable(),
  priceMinUsd: z.number().int().nullable(),
  priceMaxUsd: z.number().int().nullable(),
});
export type AdPriceSummary = z.infer<typeof adPriceSummarySchema>;
