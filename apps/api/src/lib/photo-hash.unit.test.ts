import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { carPhoto, carPhotoSize } from "../test/upload-kit.ts";
import { differenceHash, duplicatePhotoDistance, hashDistance } from "./photo-hash.ts";

const { width, height } = carPhotoSize;

const hashOf = (data: Buffer) => differenceHash(sharp(data));

describe("differenceHash", () => {
  it("gives 64 bits as a signed bigint and a zero distance to itself", async () => {
    const photo = await carPhoto({ x: 200, y: 380, scale: 1, paint: "#b3202a", sky: "#7fb2e5" });
    const hash = await hashOf(photo);
    expect(hash).toBe(BigInt.asIntN(64, hash));
    expect(hashDistance(hash, hash)).toBe(0);
    expect(hashDistance(0n, -1n)).toBe(64);
  });

  it("finds the same photo re-encoded, resized and lightly cropped", async () => {
    const photo = await carPhoto({ x: 200, y: 380, scale: 1, paint: "#b3202a", sky: "#7fb2e5" });
    const original = await hashOf(photo);
    const reencoded = await sharp(photo).jpeg({ quality: 60 }).toBuffer();
    const resized = await sharp(photo)
      .resize({ width: width / 2 })
      .webp({ quality: 75 })
      .toBuffer();
    const cropped = (share: number) =>
      sharp(photo)
        .extract({
          left: Math.round(width * share),
          top: Math.round(height * share),
          width: Math.round(width * (1 - 2 * share)),
          height: Math.round(height * (1 - 2 * share)),
        })
        .jpeg({ quality: 80 })
        .toBuffer();
    for (const copy of [reencoded, resized, await cropped(0.03), await cropped(0.05)]) {
      expect(hashDistance(original, await hashOf(copy))).toBeLessThanOrEqual(duplicatePhotoDistance);
    }
  });

  it("tells a different photo of a similar car apart", async () => {
    const photo = await hashOf(
      await carPhoto({ x: 200, y: 380, scale: 1, paint: "#b3202a", sky: "#7fb2e5" }),
    );
    const others = [
      await carPhoto({ x: 40, y: 300, scale: 1.3, paint: "#b3202a", sky: "#7fb2e5" }),
      await carPhoto({ x: 420, y: 460, scale: 0.8, paint: "#20304a", sky: "#c9d9e8" }),
    ];
    for (const other of others) {
      expect(hashDistance(photo, await hashOf(other))).toBeGreaterThan(duplicatePhotoDistance);
    }
  });
});
