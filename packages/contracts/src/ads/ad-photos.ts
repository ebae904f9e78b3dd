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
