import { availableParallelism } from "node:os";
import { adPhotoMaxPixels, adPhotoWidths, adPhotoWidthsFor } from "@unaa/contracts";
import type { Metadata, Sharp } from "sharp";
import { AppError } from "../errors.ts";
import { limitConcurrency } from "./concurrency.ts";
import { type DecodedHeic, decodeHevcHeic, readHeifHeader } from "./heic.ts";
import { differenceHash } from "./photo-hash.ts";

export type ImageKind = "jpeg" | "png" | "webp" | "heic";

export const AVATAR_SIZE = 512;
/**
 * The most pixels an upload may declare (a 50-megapixel phone photo is 8160 × 6120). Checked from
 * the header before anything is decoded, so a small file declaring 50000 × 50000 costs nothing.
 */
export const MAX_INPUT_PIXELS = 60_000_000;
/**
 * The longest side an upload may declare, checked from the header like the pixel count: WebP
 * cannot be larger, and a 20 × 2,000,000 strip (40 megapixels, a 41 KB PNG) would otherwise be
 * decoded and resized for seconds before failing.
 */
export const MAX_IMAGE_SIDE = 16_383;

type SharpFunction = typeof import("sharp")["default"];
let loadingSharp: Promise<SharpFunction> | undefined;
/**
 * sharp (libvips, ~15 MB of a process's memory) is loaded with the first image, not at start: most
 * requests never touch one, and a process that serves none (a socket-only one, a job worker) never
 * pays for it.
 */
function loadSharp(): Promise<SharpFunction> {
  loadingSharp ??= import("sharp").then(({ default: sharp }) => {
    // Uploads are one-offs: no point keeping decoded images in sharp's cache.
    sharp.cache(false);
    return sharp;
  });
  return loadingSharp;
}

/**
 * The one pool for image work (avatars, ad photos): at most one task per core but one, so parallel
 * uploads wait their turn instead of taking every core (and up to ~200 MB each) from the API.
 */
const inImagePool = limitConcurrency(Math.max(1, availableParallelism() - 1));

function refuseOversized(width: number, height: number, maxPixels: number): void {
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > maxPixels)
    throw new AppError("IMAGE_TOO_LARGE");
}

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

/** An upload ready for sharp's pipeline: upright, and its upright size. */
interface OpenedImage {
  image: Sharp;
  width: number;
  height: number;
}

/**
 * Checks an upload before anything is decoded: a JPEG, PNG, WebP or HEIC by content, whose header
 * declares at most `maxPixels` and no side over `MAX_IMAGE_SIDE` (for HEIF, every image and tile
 * it declares). Then opens it turned
 * upright: by its EXIF orientation, or for HEIF by its own transforms (`irot`, `imir`), which
 * libheif applies and after which EXIF is ignored. HEVC-coded HEIC (iPhones), which sharp cannot
 * decode, is decoded by the wasm libheif into raw pixels (lib/heic.ts), which carry no metadata.
 * Throws `IMAGE_UNSUPPORTED` or `IMAGE_TOO_LARGE`.
 */
async function openImage(input: Buffer, maxPixels: number): Promise<OpenedImage> {
  const sharp = await loadSharp();
  const kind = detectImageKind(input);
  if (!kind) throw new AppError("IMAGE_UNSUPPORTED");
  const heif = kind === "heic" ? readHeifHeader(input) : null;
  for (const { width, height } of heif?.sizes ?? []) refuseOversized(width, height, maxPixels);
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: maxPixels, failOn: "error" }).metadata();
  } catch (error) {
    throw toImageError(error);
  }
  if (metadata.format !== sharpFormat[kind] || !metadata.width || !metadata.height) {
    throw new AppError("IMAGE_UNSUPPORTED");
  }
  refuseOversized(metadata.width, metadata.height, maxPixels);
  // Not sharp's `compression`: it guesses that from the brand, and an AV1 file branded `mif1` says HEVC.
  if (!heif?.hevc) {
    return {
      image: sharp(input, { limitInputPixels: maxPixels, failOn: "error", autoOrient: true }),
      ...metadata.autoOrient,
    };
  }
  let decoded: DecodedHeic;
  try {
    decoded = await decodeHevcHeic(input);
  } catch (error) {
    throw new AppError("IMAGE_UNSUPPORTED", { cause: error });
  }
  const { data, width, height, channels } = decoded;
  return {
    image: sharp(data, { raw: { width, height, channels }, limitInputPixels: maxPixels }),
    width,
    height,
  };
}

/**
 * An avatar: any JPEG, PNG, WebP or HEIC → a 512 px square WebP, turned upright and with every
 * piece of metadata (EXIF, GPS, ICC, XMP) dropped.
 * Throws `IMAGE_UNSUPPORTED` (not an image of those kinds, or undecodable) or `IMAGE_TOO_LARGE`.
 */
export function processAvatar(input: Buffer): Promise<Buffer> {
  return inImagePool(() => encodeAvatar(input));
}

async function encodeAvatar(input: Buffer): Promise<Buffer> {
  const { image } = await openImage(input, MAX_INPUT_PIXELS);
  try {
    // sharp writes no metadata unless asked (withMetadata/keepExif), so the output carries none.
    return await image
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw toImageError(error);
  }
}

/**
 * An advertising banner (decision 071): any JPEG, PNG, WebP or HEIC → a WebP of exactly its slot's
 * size (cropped to the ratio, around the most interesting part), upright, without metadata.
 * Throws `IMAGE_UNSUPPORTED` or `IMAGE_TOO_LARGE`.
 */
export function processBanner(input: Buffer, size: { width: number; height: number }): Promise<Buffer> {
  return inImagePool(async () => {
    const { image } = await openImage(input, MAX_INPUT_PIXELS);
    try {
      return await image
        .resize(size.width, size.height, { fit: "cover", position: "attention" })
        .webp({ quality: 82 })
        .toBuffer();
    } catch (error) {
      throw toImageError(error);
    }
  });
}

export interface EncodedAdPhoto {
  /** Of the largest stored size (upright). */
  width: number;
  height: number;
  /** A 16 px wide WebP as a data: URL. */
  placeholder: string;
  /** The files to store, named by suffix: `320.webp`, `800.avif`, … */
  files: { suffix: string; data: Buffer }[];
  /** AVIF sizes are among the files (they came out at least 10% smaller than the WebP ones). */
  avif: boolean;
  /** The perceptual hash (lib/photo-hash.ts). */
  hash: bigint;
}

/** The perceptual hash of a stored photo's file (photos stored before hashes existed). */
export function hashStoredPhoto(data: Buffer): Promise<bigint> {
  return inImagePool(async () => {
    const sharp = await loadSharp();
    try {
      return await differenceHash(sharp(data, { failOn: "error" }));
    } catch (error) {
      throw toImageError(error);
    }
  });
}

const PLACEHOLDER_WIDTH = 16;
/** AVIF is kept only when it saves this share of the WebP bytes: less is not worth a second format. */
const AVIF_MIN_SAVING = 0.1;

/**
 * An ad photo: a JPEG, PNG, WebP or HEIC of at most `adPhotoMaxPixels` → upright WebP sizes of
 * `adPhotoWidthsFor`, AVIF ones where they pay, and a placeholder, without any metadata (EXIF,
 * GPS, XMP, ICC: colours are converted to sRGB). The original is decoded once, at most 1600 px wide;
 * the sizes are made from that. Throws `IMAGE_UNSUPPORTED` or `IMAGE_TOO_LARGE`.
 */
export function encodeAdPhoto(input: Buffer): Promise<EncodedAdPhoto> {
  return inImagePool(() => encodeAdPhotoNow(input));
}

async function encodeAdPhotoNow(input: Buffer): Promise<EncodedAdPhoto> {
  const sharp = await loadSharp();
  const original = await openImage(input, adPhotoMaxPixels);
  const largest = Math.min(original.width, adPhotoWidths.at(-1) ?? original.width);
  try {
    const { data, info } = await original.image
      .resize({ width: largest })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = () =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const widths = adPhotoWidthsFor(info.width);
    const resized = (width: number) => (width === info.width ? decoded() : decoded().resize({ width }));

    const [placeholder, webp, hash] = await Promise.all([
      decoded().resize({ width: PLACEHOLDER_WIDTH }).webp({ quality: 40 }).toBuffer(),
      Promise.all(widths.map((width) => resized(width).webp({ quality: 80 }).toBuffer())),
      differenceHash(decoded()),
    ]);
    const avif = await encodeAvifWhenSmaller(widths, resized, webp);
    const named = (format: "webp" | "avif", buffers: Buffer[]) =>
      buffers.map((data, index) => ({ suffix: `${widths[index]}.${format}`, data }));
    return {
      width: info.width,
      height: info.height,
      placeholder: `data:image/webp;base64,${placeholder.toString("base64")}`,
      files: [...named("webp", webp), ...(avif ? named("avif", avif) : [])],
      avif: avif !== null,
      hash,
    };
  } catch (error) {
    throw toImageError(error);
  }
}

/**
 * AVIF of every width, or null when it does not pay. The middle size decides for the whole photo,
 * so a photo where AVIF loses costs one AVIF encoding, not three. Effort 0 of 9: as fast as WebP;
 * effort 2 saves 5–15% more bytes at 6 times the time (docs/decisions/010-ad-photos.md).
 */
async function encodeAvifWhenSmaller(
  widths: number[],
  resized: (width: number) => Sharp,
  webp: Buffer[],
): Promise<Buffer[] | null> {
  const encode = (width: number) => resized(width).avif({ quality: 50, effort: 0 }).toBuffer();
  const probeIndex = Math.min(1, widths.length - 1);
  const probe = await encode(widths[probeIndex] as number);
  if (probe.length > (webp[probeIndex] as Buffer).length * (1 - AVIF_MIN_SAVING)) return null;
  const rest = await Promise.all(
    widths.map((width, index) => (index === probeIndex ? probe : encode(width))),
  );
  const total = (buffers: Buffer[]) => buffers.reduce((sum, buffer) => sum + buffer.length, 0);
  return total(rest) <= total(webp) * (1 - AVIF_MIN_SAVING) ? rest : null;
}

/**
 * sharp refuses an image over `limitInputPixels` from its header ("exceeds pixel limit"); any
 * other failure means we cannot read it.
 */
function toImageError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : "";
  return new AppError(/pixel limit/i.test(message) ? "IMAGE_TOO_LARGE" : "IMAGE_UNSUPPORTED", {
    cause: error,
  });
}
