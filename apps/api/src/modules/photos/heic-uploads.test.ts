// iPhone photos (HEVC-coded HEIC) as ad photos and avatars: decoded by the wasm libheif (lib/heic.ts).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { adPhotoSchema, meSchema } from "@unaa/contracts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { multipartBody } from "../../test/upload-kit.ts";
import { bearer, signUpUser, type TestClient } from "../auth/auth-test-kit.ts";

// See src/test/fixtures/README.md: stored 64 × 48 (left red, right blue), its `irot` shows it 48 × 64
// with red on top; EXIF says Orientation 6, "iPhone 15", a GPS position.
const iphoneHeic = readFileSync(new URL("../../test/fixtures/iphone-portrait.heic", import.meta.url));

/** The fixture with its `index`-th `ispe` (0: the grid's tile, 1: the image) declaring another size. */
function declaring(index: number, width: number, height: number): Buffer {
  const copy = Buffer.from(iphoneHeic);
  let at = -1;
  for (let found = 0; found <= index; found += 1) at = copy.indexOf("ispe", at + 1, "latin1");
  copy.writeUInt32BE(width, at + 8);
  copy.writeUInt32BE(height, at + 12);
  return copy;
}

let harness: TestApp;
let dataDir: string;
let user: TestClient;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "unaa-heic-"));
  harness = await createTestApp({ DATA_DIR: dataDir });
  user = await signUpUser(harness);
});
afterAll(async () => {
  await harness.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function upload(url: "/api/photos" | "/api/user/avatar", data: Buffer) {
  const body = multipartBody([{ field: "file", filename: "IMG_0001.HEIC", type: "image/heic", data }]);
  return harness.app.inject({
    method: "POST",
    url,
    headers: { ...bearer(user), "content-type": body.contentType },
    payload: body.payload,
  });
}

/** A served file: decoded by sharp, and checked to carry no metadata from the phone. */
async function servedImage(url: string) {
  const served = await harness.app.inject({ url });
  expect(served.statusCode, url).toBe(200);
  const metadata = await sharp(served.rawPayload).metadata();
  expect(metadata.format).toBe("webp");
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  for (const text of ["Exif", "iPhone 15", "Aibek"]) {
    expect(served.rawPayload.includes(Buffer.from(text)), text).toBe(false);
  }
  const { data, info } = await sharp(served.rawPayload)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rgb = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
  ];
  return { metadata, rgb };
}

describe("HEVC-coded HEIC uploads", () => {
  it("an ad photo: 201 with WebP sizes, upright by its irot box (EXIF orientation not applied again), no EXIF or GPS", async () => {
    const response = await upload("/api/photos", iphoneHeic);
    expect(response.statusCode, response.body).toBe(201);
    const photo = adPhotoSchema.parse(response.json());
    expect(photo).toMatchObject({ width: 48, height: 64 });
    expect(photo.webp).toMatch(/^\/uploads\/ad-photos\/[0-9a-f]{2}\/[0-9a-f]{20}-48\.webp 48w$/);
    expect(photo.src).toBe(photo.webp.split(" ")[0]);

    const { metadata, rgb } = await servedImage(photo.src);
    expect(metadata).toMatchObject({ width: 48, height: 64 });
    // The stored left half (red) is on top: turned 90° clockwise once. Twice would put it at the right.
    const [topRed = 0, , topBlue = 0] = rgb(24, 4);
    const [bottomRed = 0, , bottomBlue = 0] = rgb(24, 59);
    expect(topRed).toBeGreaterThan(170);
    expect(topBlue).toBeLessThan(70);
    expect(bottomRed).toBeLessThan(70);
    expect(bottomBlue).toBeGreaterThan(150);
  });

  it("[S7.20] an avatar: 200 with a 512 px square WebP without EXIF or GPS", async () => {
    const response = await upload("/api/user/avatar", iphoneHeic);
    expect(response.statusCode, response.body).toBe(200);
    const me = meSchema.parse(response.json());
    expect(me.avatar).toMatch(/\.webp$/);
    const { metadata } = await servedImage(me.avatar ?? "");
    expect(metadata).toMatchObject({ width: 512, height: 512 });
  });

  it("refuses a HEIC declaring 20000 × 20000, or a tile of 50000 × 50000, with 413 at once", async () => {
    for (const [label, heic] of [
      ["image", declaring(1, 20_000, 20_000)],
      ["tile", declaring(0, 50_000, 50_000)],
    ] as const) {
      for (const url of ["/api/photos", "/api/user/avatar"] as const) {
        const started = performance.now();
        const response = await upload(url, heic);
        expect(response.statusCode, `${label} ${url}`).toBe(413);
        expect(response.json().code).toBe("IMAGE_TOO_LARGE");
        // Refused from the header: nothing decoded (starting the decoder alone takes longer).
        expect(performance.now() - started).toBeLessThan(1000);
      }
    }
  });

  it("refuses a HEIC whose coded image is cut off with 415 IMAGE_UNSUPPORTED", async () => {
    const response = await upload("/api/photos", iphoneHeic.subarray(0, 600));
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe("IMAGE_UNSUPPORTED");
  });
});
