import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { decodeHevcHeic, readHeifHeader } from "./heic.ts";

// See src/test/fixtures/README.md: stored 64 × 48 (left red, right blue), `irot` shows it 48 × 64.
const iphoneHeic = readFileSync(new URL("../test/fixtures/iphone-portrait.heic", import.meta.url));

/** The RGB of the pixel at (x, y) of packed rows with `channels` per pixel. */
function pixel(image: { data: Uint8Array; width: number; channels: number }, x: number, y: number) {
  const at = (y * image.width + x) * image.channels;
  return [...image.data.subarray(at, at + 3)];
}

describe("readHeifHeader", () => {
  it("reads every ispe of the header (the grid's tile and the grid) and finds HEVC", () => {
    expect(readHeifHeader(iphoneHeic)).toEqual({
      sizes: [
        { width: 64, height: 64 },
        { width: 64, height: 48 },
      ],
      hevc: true,
    });
  });

  it("finds AV1, not HEVC, in sharp's HEIF whatever its brand", async () => {
    const av1 = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#884422" } })
      .heif({ compression: "av1" })
      .toBuffer();
    av1.write("mif1", 8, "latin1");
    expect(readHeifHeader(av1)).toEqual({ sizes: [{ width: 40, height: 30 }], hevc: false });
  });

  it("finds nothing in a JPEG, a truncated HEIC or bytes that are no boxes", async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .jpeg()
      .toBuffer();
    const nothing = { sizes: [], hevc: false };
    expect(readHeifHeader(jpeg)).toEqual(nothing);
    expect(readHeifHeader(iphoneHeic.subarray(0, 100))).toEqual(nothing);
    expect(readHeifHeader(Buffer.alloc(64, 0xff))).toEqual(nothing);
  });
});

describe("decodeHevcHeic", () => {
  it("decodes an HEVC HEIC to RGB turned upright by its irot box, with the event loop free", async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    const started = performance.now();
    const image = await decodeHevcHeic(iphoneHeic);
    const elapsed = performance.now() - started;
    clearInterval(timer);

    expect(image).toMatchObject({ width: 48, height: 64, channels: 3 });
    expect(image.data.length).toBe(48 * 64 * 3);
    // The left (red) half of the stored pixels is on top once turned 90° clockwise.
    const [topRed = 0, , topBlue = 0] = pixel(image, 24, 4);
    const [bottomRed = 0, , bottomBlue = 0] = pixel(image, 24, 59);
    expect(topRed).toBeGreaterThan(180);
    expect(topBlue).toBeLessThan(60);
    expect(bottomRed).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(160);
    // Loading libheif and decoding happen in a worker thread: timers kept firing meanwhile.
    expect(ticks).toBeGreaterThan(elapsed / 5 / 4);
  });

  it("rejects a HEIC whose coded data is missing", async () => {
    await expect(decodeHevcHeic(iphoneHeic.subarray(0, 600))).rejects.toThrow(/outside of file bounds/);
  });
});
