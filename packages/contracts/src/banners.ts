/**
 * Advertising banners (dashboard → advertising, issue 17; decision 071): campaigns staff create,
 * the slots of the site that show them, and the public answer a slot fetches after hydration.
 */
import { z } from "zod";
import { recordIdParamSchema, recordIdSchema } from "./ids.ts";
import { locales } from "./locales.ts";
import { safeRedirectPath } from "./safe-redirect.ts";
import { textInput } from "./text.ts";

export const bannerSlots = ["home-top", "list-sidebar", "ad-page"] as const;
export type BannerSlot = (typeof bannerSlots)[number];

/** Each slot's image size (the upload is cropped to it); the slot's box keeps this ratio. */
export const bannerSlotSizes: Record<BannerSlot, { width: number; height: number }> = {
  "home-top": { width: 1200, height: 300 },
  "list-sidebar": { width: 300, height: 250 },
  "ad-page": { width: 728, height: 182 },
};

export const bannerTitleMax = 120;
export const bannerWeightMax = 100;
/** Impressions one `POST /api/banners/events` may carry. */
export const bannerEventsMax = 20;

/** A stored banner image: `banners/<random>-<slot>.webp`, answered by the upload. */
export const bannerImageKeySchema = z
  .string()
  .regex(/^banners\/[0-9a-f]{24}-(home-top|list-sidebar|ad-page)\.webp$/, "must be an uploaded banner image");

/** An http(s) address or a path on this site. */
export function isBannerLink(link: string): boolean {
  if (link.startsWith("/")) return safeRedirectPath(link, "") === link;
  try {
    const url = new URL(link);
    return (url.protocol === "https:" || url.protocol === "http:") && url.href === link;
  } catch {
    return false;
  }
}

const daySchema = z.iso.date();

export const bannerInputSchema = z
  .object({
    title: textInput()
      .trim()
      .min(1)
      .max(bannerTitleMax)
      .describe("The campaign's name; the image's alt text"),
    image: bannerImageKeySchema,
    link: textInput()
      .trim()
      .min(1)
      .max(1000)
      .refine(isBannerLink, "must be an http(s) address or a path on this site"),
    slot: z.enum(bannerSlots),
    startsOn: daySchema.describe("First day shown, inclusive (Asia/Bishkek)"),
    endsOn: daySchema.describe("Last day shown, inclusive (Asia/Bishkek)"),
    locales: z
      .array(z.enum(locales))
      .min(1)
      .max(locales.length)
      .refine((list) => new Set(list).size === list.length, "each language once"),
    weight: z.number().int().min(1).max(bannerWeightMax),
    isActive: z.boolean(),
  })
  .refine((banner) => banner.endsOn >= banner.startsOn, {
    message: "must not be before the first day",
    path: ["endsOn"],
  });
export type BannerInput = z.infer<typeof bannerInputSchema>;

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  imageUrl: z.string(),
  link: z.string(),
  slot: z.enum(bannerSlots),
  startsOn: z.string(),
  endsOn: z.string(),
  locales: z.array(z.enum(locales)),
  weight: z.number().int(),
  isActive: z.boolean(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const bannerParamsSchema = z.object({ id: recordIdParamSchema });

export const bannerListQuerySchema = z.object({
  slot: z.enum(bannerSlots).optional(),
  cursor: textInput()
    .regex(/^\d{1,19}$/, "must be a `nextCursor`")
    .optional()
    .describe("`nextCursor` of the previous page"),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type BannerListQuery = z.infer<typeof bannerListQuerySchema>;

export const bannerPageSchema = z.object({ items: z.array(bannerSchema), nextCursor: z.string().nullable() });
export type BannerPage = z.infer<typeof bannerPageSchema>;

export const bannerImageQuerySchema = z.object({ slot: z.enum(bannerSlots) });
export const bannerImageSchema = z.object({ image: bannerImageKeySchema, url: z.string() });
export type BannerImage = z.infer<typeof bannerImageSchema>;

// ---- public ------------------------------------------------------------------------------------

export const bannerSlotQuerySchema = z.object({ slot: z.enum(bannerSlots), locale: z.enum(locales) });

/** What a slot shows: one campaign chosen by weight, or none. */
export const bannerShownSchema = z.object({
  banner: z
    .object({
      id: z.number().int(),
      title: z.string(),
      imageUrl: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      /** `/api/banners/:id/click`: counts the click and redirects to the campaign's link. */
      clickUrl: z.string(),
    })
    .nullable(),
});
export type BannerShown = z.infer<typeof bannerShownSchema>;

export const bannerEventsInputSchema = z.object({
  impressions: z.array(recordIdSchema).min(1).max(bannerEventsMax),
});
export type BannerEventsInput = z.infer<typeof bannerEventsInputSchema>;
