// Helpers for upload tests (avatars, ad photos): multipart bodies and tricky images.
import { deflateSync } from "node:zlib";
import sharp from "sharp";

export interface MultipartPart {
  field: string;
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body and its Content-Type. */
export function multipartBody(parts: MultipartPart[]) {
  const boundary = "----unaa-test-boundary";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type}\r\n\r\n`,
      ),
      part.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A JPEG with the camera's model and GPS position in its EXIF, as phones write them; `orientation`
 * 6: stored lying on its side, to be turned upright; `noisy`: detail like a real photo's, so sizes
 * and formats compare as they would for one.
 */
export function photoWithGps(
  options: { width?: number; height?: number; orientation?: number; noisy?: boolean } = {},
): Promise<Buffer> {
  const { width = 1200, height = 800, orientation = 1, noisy = false } = options;
  const noise = { type: "gaussian", mean: 128, sigma: 30 } as const;
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 }, ...(noisy ? { noise } : {}) },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: "Phone", Model: "Camera 1", Copyright: "Aibek" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "42/1 52/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "74/1 36/1 0/1",
      },
    })
    .withMetadata({ orientation })
    .toBuffer();
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes declaring a `width` × `height` grayscale PNG: gigapixels once decoded. */
export function decompressionBomb(width = 50_000, height = width): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // grayscale
  const row = Buffer.alloc(width + 1); // filter byte + pixels, all zero: compresses to almost nothing
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat([row, row]))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export const carPhotoSize = { width: 1200, height: 800 };

/** Where a synthetic car photo puts its car, how big, and its colours. */
export interface CarLayout {
  x: number;
  y: number;
  scale: number;
  paint: string;
  sky: string;
}

/**
 * A synthetic photo of a car: sky and ground gradients, a body, windows and wheels where `layout`
 * puts them, and grain, so JPEG has texture to lose (duplicate-photo tests, decision 066).
 */
export async function carPhoto(layout: CarLayout): Promise<Buffer> {
  const { width, height } = carPhotoSize;
  const { x, y, scale, paint, sky } = layout;
  const w = 700 * scale;
  const h = 220 * scale;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#f4f1ea"/></linearGradient>
      <linearGradient id="road" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#555"/><stop offset="1" stop-color="#999"/></linearGradient>
    </defs>
    <rect width="${width}" height="${height}" fill="url(#sky)"/>
    <rect y="${height * 0.62}" width="${width}" height="${height * 0.38}" fill="url(#road)"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${40 * scale}" fill="${paint}"/>
    <rect x="${x + w * 0.2}" y="${y - h * 0.55}" width="${w * 0.55}" height="${h * 0.6}" rx="${30 * scale}" fill="${paint}"/>
    <rect x="${x + w * 0.26}" y="${y - h * 0.45}" width="${w * 0.2}" height="${h * 0.4}" fill="#cfe3f5"/>
    <rect x="${x + w * 0.5}" y="${y - h * 0.45}" width="${w * 0.2}" height="${h * 0.4}" fill="#cfe3f5"/>
    <circle cx="${x + w * 0.2}" cy="${y + h}" r="${70 * scale}" fill="#1d1d1d"/>
    <circle cx="${x + w * 0.8}" cy="${y + h}" r="${70 * scale}" fill="#1d1d1d"/>
  </svg>`;
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  // Deterministic grain of ±12 levels.
  let seed = 7;
  for (let index = 0; index < base.length; index++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    base[index] = Math.max(0, Math.min(255, (base[index] as number) + ((seed >> 16) % 25) - 12));
  }
  return sharp(base, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}
