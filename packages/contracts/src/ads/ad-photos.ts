/** Photos of ads (issue 5): uploaded before publishing, re-encoded by the server, served in sizes. */
import { z } from "zod";

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

export const adPhotoSchema = z.object({
  id: z.number().int(),
  width: z.number().int().describe("Of the largest stored size"),
  height: z.number().int(),
  placeholder: z.string().describe("A tiny blurred WebP as a data: URL, painted until the photo loads"),
  src: z.string().describe("URL of the 800-px WebP"),
  webp: z.string().describe("`srcset` of the WebP sizes (`<url> 320w, <url> 800w, <url> 1600w`)"),
  avif: z.string().nullable().describe("`srcset` of the AVIF sizes; null where AVIF did not pay"),
});
export type AdPhoto = z.infer<typeof adPhotoSchema>;

/**
 * A list card's photo (decision 041): the address its sizes are named from instead of their
 * `srcset`s, which `adPhotoSources` writes out where the card is drawn.
 */
export const adCoverSchema = z.object({
  url: z
    .string()
    .describe(
      "The photo's address without its size: `<url>-<width>.webp` (and `.avif` when `hasAvif`) for 320, 800 " +
        "and 1600 px, the widths below `width` and `width` itself",
    ),
  width: z.number().int().describe("Of the largest stored size"),
  height: z.number().int(),
  placeholder: z.string().describe("A tiny blurred WebP as a data: URL, painted until the photo loads"),
  hasAvif: z.boolean().describe("AVIF sizes exist beside the WebP ones"),
});
export type AdCover = z.infer<typeof adCoverSchema>;

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
