/** Photos of ads (issue 5): uploaded before publishing, re-encoded by the server, served in sizes. */
import { z } from "zod";

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
 * What an uploaded photo is for (decision 059): an ad's photos are public files; a chat's are
 * served only to the chat's members, so a message takes only photos uploaded `for=chat`.
 */
export const photoPurposes = ["ad", "chat"] as const;
export type PhotoPurpose = (typeof photoPurposes)[number];
export const photoUploadQuerySchema = z.object({
  for: z.enum(photoPurposes).default("ad").describe("`chat` for a photo to send in a chat message"),
});

/**
 * A list card's photo (decision 045): the address its sizes are named from instead of their
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
