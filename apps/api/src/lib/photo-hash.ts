/**
 * Perceptual photo hashes (decision 066): a 64-bit difference hash (dHash). The picture is made
 * grey and squeezed to 9 × 8 pixels; each bit says whether a pixel is brighter than its right
 * neighbour. Re-encoding, resizing and light cropping move few bits; another picture moves about
 * half of them. Two photos whose hashes differ in at most `duplicatePhotoDistance` bits are taken
 * for the same picture.
 */
import type { Sharp } from "sharp";

/**
 * The most differing bits of two hashes of the same picture (photo-hash.unit.test.ts: copies of a
 * photo re-encoded, halved or cropped by 3–5% came out at 2–8, other photos of a similar car at 21+).
 */
export const duplicatePhotoDistance = 10;

const WIDTH = 9;
const HEIGHT = 8;

/**
 * The dHash of an image, as the signed 64-bit integer PostgreSQL's `bigint` stores (bit 63 is the
 * sign), so `bit_count((a # b)::bit(64))` is the distance in SQL.
 */
export async function differenceHash(image: Sharp): Promise<bigint> {
  const pixels = await image
    .clone()
    .flatten({ background: "#ffffff" })
    .grayscale()
    .resize(WIDTH, HEIGHT, { fit: "fill", kernel: "cubic" })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH - 1; x++) {
      const left = pixels[y * WIDTH + x] as number;
      const right = pixels[y * WIDTH + x + 1] as number;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** How many bits two hashes differ in. */
export function hashDistance(a: bigint, b: bigint): number {
  let rest = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (rest !== 0n) {
    rest &= rest - 1n;
    count++;
  }
  return count;
}
