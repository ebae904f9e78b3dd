import sharp, { type Metadata } from "sharp";
import { AppError } from "../errors.ts";

export type ImageKind = "jpeg" | "png" | "webp" | "heic";

export const AVATAR_SIZE = 512;
/**
 * The most pixels an upload may declare (a 50-megapixel phone photo is 8160 × 6120). Checked from
 * the header before anything is decoded, so a small file declaring 50000 × 50000 costs nothing.
 */
export const MAX_INPUT_PIXELS = 60_000_000;

// Uploads are one-offs: no point keeping decoded images in sharp's cache.
sharp.cache(false);

const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

/** The image type by content (magic bytes), never by name or declared type. */
export function detectImageKind(data: Uint8Array): ImageKind | null {
  const ascii = (start: number, end: number) => Buffer.from(data.subarray(start, end)).toString("latin1");
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpeg";
  if (data.length >= 8 && ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (data.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (data.length >= 12 && ascii(4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(8, 12))) return "heic";
  return null;
}

const sharpFormat: Record<ImageKind, string> = { jpeg: "jpeg", png: "png", webp: "webp", heic: "heif" };

/**
 * An avatar: any JPEG, PNG, WebP or HEIC → a 512 px square WebP, turned upright by its EXIF
 * orientation and with every piece of metadata (EXIF, GPS, ICC, XMP) dropped.
 * Throws `IMAGE_UNSUPPORTED` (not an image of those kinds, or undecodable) or `IMAGE_TOO_LARGE`.
 */
export async function processAvatar(input: Buffer): Promise<Buffer> {
  const kind = detectImageKind(input);
  if (!kind) throw new AppError("IMAGE_UNSUPPORTED");
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(input, options).metadata();
  } catch (error) {
    throw toImageError(error);
  }
  if (metadata.format !== sharpFormat[kind] || !metadata.width || !metadata.height) {
    throw new AppError("IMAGE_UNSUPPORTED");
  }
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new AppError("IMAGE_TOO_LARGE");
  try {
    // sharp writes no metadata unless asked (withMetadata/keepExif), so the output carries none.
    return await sharp(input, options)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw toImageError(error);
  }
}

/**
 * sharp refuses an image over `limitInputPixels` from its header ("exceeds pixel limit"); any
 * other failure means we cannot read it. (HEIC coded with HEVC is one: the bundled libheif reads
 * AV1 only.)
 */
function toImageError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : "";
  return new AppError(/pixel limit/i.test(message) ? "IMAGE_TOO_LARGE" : "IMAGE_UNSUPPORTED", {
    cause: error,
  });
}
