import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type AdCover,
  type AdPhoto,
  adPhotoSchema,
  adPhotoSources,
  adSchema,
  adSearchResponseSchema,
} from "@unaa/contracts";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adPhotos } from "../../db/schema/index.ts";
import { duplicatePhotoDistance, hashDistance } from "../../lib/photo-hash.ts";
import { createStorage } from "../../lib/storage.ts";
import { createS3Storage } from "../../lib/storage-s3.ts";
import { type FakeS3, startFakeS3 } from "../../test/fake-s3.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  carPhoto,
  carPhotoSize,
  decompressionBomb,
  multipartBody,
  photoWithGps,
} from "../../test/upload-kit.ts";
import { callAs, validBodies } from "../ads/ads-test-kit.ts";
import { bearer, signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import {
  createPhotosService,
  photoFileKeys,
  photoUploadsPerHour,
  unattachedPhotoLifetimeMs,
  unattachedPhotosMax,
} from "./photos.service.ts";

let harness: TestApp;
let dataDir: string;
let owner: TestClient;
let stranger: TestClient;
let carBody: Record<string, unknown>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "unaa-photos-"));
  harness = await createTestApp({ DATA_DIR: dataDir });
  owner = await signUpUser(harness);
  stranger = await signUpUser(harness);
  carBody = (await validBodies(harness)).car;
});
afterAll(async () => {
  await harness.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function upload(app: TestApp, client: TestClient | null, data: Buffer, field = "file") {
  const body = multipartBody([{ field, filename: "IMG_0001.jpg", type: "image/jpeg", data }]);
  return app.app.inject({
    method: "POST",
    url: "/api/photos",
    headers: { ...(client ? bearer(client) : {}), "content-type": body.contentType },
    payload: body.payload,
  });
}

async function uploadPhoto(client: TestClient = owner, data?: Buffer): Promise<AdPhoto> {
  const image =
    data ??
    (await sharp({ create: { width: 900, height: 600, channels: 3, background: "#2255aa" } })
      .jpeg()
      .toBuffer());
  const response = await upload(harness, client, image);
  expect(response.statusCode, response.body).toBe(201);
  return adPhotoSchema.parse(response.json());
}

/** `[url, width]` of each entry of a `srcset`. */
function srcsetEntries(srcset: string): [string, number][] {
  return srcset.split(", ").map((entry) => {
    const [url = "", width = ""] = entry.split(" ");
    return [url, Number(width.replace(/w$/, ""))];
  });
}

function allUrls(photo: AdPhoto): string[] {
  return [photo.webp, photo.avif ?? ""]
    .filter(Boolean)
    .flatMap((srcset) => srcsetEntries(srcset).map(([url]) => url));
}

async function isServed(url: string): Promise<boolean> {
  const response = await harness.app.inject({ url });
  if (response.statusCode === 404) return false;
  expect(response.statusCode).toBe(200);
  return true;
}

async function photoRows(userId: number) {
  return harness.database.db.select().from(adPhotos).where(eq(adPhotos.userId, userId));
}

describe("POST /api/photos", () => {
  it("turns a phone JPEG upright, strips EXIF and GPS, and stores WebP and AVIF sizes served for a year", async () => {
    // 2000 × 1200 stored on its side (EXIF orientation 6): upright it is 1200 × 2000.
    const original = await photoWithGps({ width: 2000, height: 1200, orientation: 6, noisy: true });
    const before = await sharp(original).metadata();
    expect(before.exif?.toString("latin1")).toContain("Camera 1");
    expect(before.orientation).toBe(6);

    const response = await upload(harness, owner, original);
    expect(response.statusCode, response.body).toBe(201);
    const photo = adPhotoSchema.parse(response.json());
    expect(photo).toMatchObject({ width: 1200, height: 2000 });
    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    expect(photo.placeholder.length).toBeLessThan(600);
    expect(photo.src).toMatch(/^\/uploads\/ad-photos\/[0-9a-f]{2}\/[0-9a-f]{20}-800\.webp$/);

    const webp = srcsetEntries(photo.webp);
    expect(webp.map(([, width]) => width)).toEqual([320, 800, 1200]);
    expect(webp[1]?.[0]).toBe(photo.src);
    // A noisy photo compresses better as AVIF: the AVIF sizes are kept.
    expect(photo.avif).not.toBeNull();
    const avif = srcsetEntries(photo.avif ?? "");
    expect(avif.map(([, width]) => width)).toEqual([320, 800, 1200]);

    for (const [url, width] of [...webp, ...avif]) {
      const served = await harness.app.inject({ url });
      expect(served.statusCode, url).toBe(200);
      const format = url.endsWith(".avif") ? "heif" : "webp";
      expect(served.headers["content-type"]).toBe(url.endsWith(".avif") ? "image/avif" : "image/webp");
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const stored = await sharp(served.rawPayload).metadata();
      expect(stored).toMatchObject({ format, width, height: Math.round((width * 2000) / 1200) });
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.icc).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from("Camera 1"))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from("Exif"))).toBe(false);
    }
    const [placeholderData = ""] = photo.placeholder.split(",").slice(1);
    const placeholder = await sharp(Buffer.from(placeholderData, "base64")).metadata();
    expect(placeholder).toMatchObject({ format: "webp", width: 16 });
  });

  it("never upscales: a small original gives fewer, smaller sizes and still a usable srcset", async () => {
    const medium = await uploadPhoto(
      owner,
      await sharp({ create: { width: 500, height: 300, channels: 3, background: "#777" } })
        .png()
        .toBuffer(),
    );
    expect(medium).toMatchObject({ width: 500, height: 300 });
    expect(srcsetEntries(medium.webp).map(([, width]) => width)).toEqual([320, 500]);
    expect(medium.src).toMatch(/-500\.webp$/);

    const tiny = await uploadPhoto(
      owner,
      await sharp({ create: { width: 200, height: 100, channels: 3, background: "#777" } })
        .webp()
        .toBuffer(),
    );
    expect(srcsetEntries(tiny.webp).map(([, width]) => width)).toEqual([200]);
    expect(tiny.src).toMatch(/-200\.webp$/);
    for (const url of [...allUrls(medium), ...allUrls(tiny)]) expect(await isServed(url), url).toBe(true);
  });

  it("accepts a HEIF image by its content", async () => {
    // sharp can only write AV1-coded HEIF; the generic HEIF image brand `mif1` marks it as a phone would.
    const heif = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#884422" } })
      .heif({ compression: "av1" })
      .toBuffer();
    heif.write("mif1", 8, "latin1");
    const photo = await uploadPhoto(owner, heif);
    expect(photo).toMatchObject({ width: 640, height: 480 });
  });

  it("accepts 12 MB (more than an avatar may have), refuses over 15 MB with 413 IMAGE_TOO_LARGE", async () => {
    const detailed = await sharp({
      create: {
        width: 2000,
        height: 2000,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(detailed.length).toBeGreaterThan(11 * 1024 * 1024);
    expect(detailed.length).toBeLessThan(15 * 1024 * 1024);
    expect((await upload(harness, owner, detailed)).statusCode).toBe(201);

    const huge = Buffer.alloc(16 * 1024 * 1024, 1);
    huge.set([0xff, 0xd8, 0xff, 0xe0], 0);
    const response = await upload(harness, owner, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe("IMAGE_TOO_LARGE");
  });

  it("refuses a decompression bomb (a small PNG declaring 30000 × 30000) from its header, at once", async () => {
    const bomb = decompressionBomb(30_000);
    expect(bomb.length).toBeLessThan(2000);
    const started = performance.now();
    const response = await upload(harness, owner, bomb);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe("IMAGE_TOO_LARGE");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("refuses a 20 × 2,000,000 strip from its header (side over 16,383), four at once without a wait", async () => {
    const strip = decompressionBomb(20, 2_000_000);
    const started = performance.now();
    const responses = await Promise.all([1, 2, 3, 4].map(() => upload(harness, owner, strip)));
    for (const response of responses) {
      expect(response.statusCode).toBe(413);
      expect(response.json().code).toBe("IMAGE_TOO_LARGE");
    }
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("refuses a text file named .jpg, and a JPEG signature on garbage, with 415 IMAGE_UNSUPPORTED", async () => {
    const text = await upload(harness, owner, Buffer.from("not a photo at all\n".repeat(50)));
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe("IMAGE_UNSUPPORTED");
    const fake = await upload(
      harness,
      owner,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, 9)]),
    );
    expect(fake.statusCode).toBe(415);
  });

  it("needs a signed-in user and the part `file`", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect((await upload(harness, null, png)).statusCode).toBe(401);
    const wrongField = await upload(harness, owner, png, "photo");
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().code).toBe("FILE_REQUIRED");
  });

  it(`limits photos without an ad to ${unattachedPhotosMax} (409) and uploads to ${photoUploadsPerHour} an hour (429)`, async () => {
    const uploader = await signUpUser(harness);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } })
      .png()
      .toBuffer();
    const held: AdPhoto[] = [];
    for (let index = 0; index < unattachedPhotosMax; index += 1) {
      const response = await upload(harness, uploader, png);
      expect(response.statusCode, response.body).toBe(201);
      held.push(adPhotoSchema.parse(response.json()));
    }
    const full = await upload(harness, uploader, png);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe("AD_PHOTO_LIMIT_REACHED");

    // Deleting makes room; the hourly count goes on (the refused attempt counted too).
    const asUploader = callAs(harness, uploader);
    for (const photo of held)
      expect((await asUploader("DELETE", `/api/photos/${photo.id}`)).statusCode).toBe(204);
    for (let index = unattachedPhotosMax + 1; index < photoUploadsPerHour; index += 1) {
      expect((await upload(harness, uploader, png)).statusCode).toBe(201);
    }
    const limited = await upload(harness, uploader, png);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Another user is not affected.
    expect((await upload(harness, stranger, png)).statusCode).toBe(201);
  });
});

describe("DELETE /api/photos/:id", () => {
  it("deletes one's own photo and its files; another user's is not found (404)", async () => {
    const photo = await uploadPhoto();
    const byStranger = await callAs(harness, stranger)("DELETE", `/api/photos/${photo.id}`);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().code).toBe("AD_PHOTO_NOT_FOUND");
    expect(await isServed(photo.src)).toBe(true);

    expect((await callAs(harness, null)("DELETE", `/api/photos/${photo.id}`)).statusCode).toBe(401);
    expect((await callAs(harness, owner)("DELETE", `/api/photos/${photo.id}`)).statusCode).toBe(204);
    for (const url of allUrls(photo)) expect(await isServed(url), url).toBe(false);
    expect((await callAs(harness, owner)("DELETE", `/api/photos/${photo.id}`)).statusCode).toBe(404);
  });
});

describe("photos of ads", () => {
  const asOwner = () => callAs(harness, owner);

  async function createAd(photoIds: number[]) {
    const response = await asOwner()("POST", "/api/ads", { ...carBody, photoIds });
    expect(response.statusCode, response.body).toBe(201);
    return adSchema.parse(response.json());
  }

  it("refuses photo ids that are not the user's free photos (400 AD_PHOTO_INVALID at photoIds.<index>)", async () => {
    const mine = await uploadPhoto(owner);
    const theirs = await uploadPhoto(stranger);
    const response = await asOwner()("POST", "/api/ads", {
      ...carBody,
      photoIds: [mine.id, theirs.id, 999_999],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("AD_PHOTO_INVALID");
    expect(response.json().errors.map((error: { path: string }) => error.path)).toEqual([
      "photoIds.1",
      "photoIds.2",
    ]);
    // Nothing was half-written: the owner's photo is still free for another ad.
    const ad = await createAd([mine.id]);
    expect(ad.photos.map((photo) => photo.id)).toEqual([mine.id]);
    // …and now it is that ad's: another ad cannot take it.
    const again = await asOwner()("POST", "/api/ads", { ...carBody, photoIds: [mine.id] });
    expect(again.json()).toMatchObject({ code: "AD_PHOTO_INVALID", errors: [{ path: "photoIds.0" }] });
  });

  /** What a card draws from its cover: the photo without its id. */
  const drawnFrom = (cover: AdCover | null) =>
    cover && {
      width: cover.width,
      height: cover.height,
      placeholder: cover.placeholder,
      ...adPhotoSources(cover),
    };
  const drawn = ({ id: _id, ...photo }: AdPhoto) => photo;

  it("shows the photos in the listed order: the first is the card's cover", async () => {
    const [first, second, third] = [await uploadPhoto(), await uploadPhoto(), await uploadPhoto()];
    if (!first || !second || !third) throw new Error("uploads failed");
    const ad = await createAd([second.id, first.id, third.id]);
    expect(ad.photos).toEqual([second, first, third]);
    expect(ad.photoCount).toBe(3);
    expect(drawnFrom(ad.cover)).toEqual(drawn(second));

    expect((await asOwner()("POST", `/api/ads/${ad.id}/publish`)).statusCode).toBe(200);
    const detail = adSchema.parse((await callAs(harness, null)("GET", `/api/ads/${ad.id}`)).json());
    expect(detail.photos.map((photo) => photo.id)).toEqual([second.id, first.id, third.id]);
    const found = adSearchResponseSchema.parse(
      (await callAs(harness, null)("GET", "/api/ads?vertical=car&withPhoto=true&limit=50")).json(),
    );
    const card = found.items.find((item) => item.id === ad.id);
    expect(card?.photoCount).toBe(3);
    expect(drawnFrom(card?.cover ?? null)).toEqual(drawn(second));
  });

  it("an edit that drops a photo deletes it and its files; deleting a photo takes it out of its ad", async () => {
    const [kept, dropped, removed] = [await uploadPhoto(), await uploadPhoto(), await uploadPhoto()];
    if (!kept || !dropped || !removed) throw new Error("uploads failed");
    const ad = await createAd([kept.id, dropped.id, removed.id]);

    const edited = await asOwner()("PUT", `/api/ads/${ad.id}`, {
      ...carBody,
      photoIds: [removed.id, kept.id],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(adSchema.parse(edited.json()).photos.map((photo) => photo.id)).toEqual([removed.id, kept.id]);
    for (const url of allUrls(dropped)) expect(await isServed(url), url).toBe(false);
    const ids = (await photoRows(owner.userId)).map((row) => row.id);
    expect(ids).not.toContain(dropped.id);

    expect((await asOwner()("DELETE", `/api/photos/${removed.id}`)).statusCode).toBe(204);
    const after = adSchema.parse((await asOwner()("GET", `/api/ads/${ad.id}`)).json());
    expect(after.photos.map((photo) => photo.id)).toEqual([kept.id]);
    expect(drawnFrom(after.cover)).toEqual(drawn(kept));
    for (const url of allUrls(removed)) expect(await isServed(url), url).toBe(false);
    expect(await isServed(kept.src)).toBe(true);
  });

  it("deleting an ad deletes its photos and their files", async () => {
    const photo = await uploadPhoto();
    const ad = await createAd([photo.id]);
    expect((await asOwner()("DELETE", `/api/ads/${ad.id}`)).statusCode).toBe(204);
    for (const url of allUrls(photo)) expect(await isServed(url), url).toBe(false);
    expect((await photoRows(owner.userId)).map((row) => row.id)).not.toContain(photo.id);
  });

  it("the sweep removes photos left without an ad for a day, and nothing else", async () => {
    const service = createPhotosService({
      db: harness.database.db,
      storage: createStorage(harness.config),
      uploads: harness.app.createRateCounter({ name: "photo-sweep-test", max: 1, windowMs: 1000 }),
    });
    // A user of its own: no other test's photos are among the ones counted here.
    const user = await signUpUser(harness);
    const left = await uploadPhoto(user);
    const fresh = await uploadPhoto(user);
    const onAd = await uploadPhoto(user);
    const created = await callAs(harness, user)("POST", "/api/ads", { ...carBody, photoIds: [onAd.id] });
    expect(created.statusCode, created.body).toBe(201);
    const dayAgo = new Date(Date.now() - unattachedPhotoLifetimeMs - 60_000);
    for (const id of [left.id, onAd.id]) {
      await harness.database.db.update(adPhotos).set({ createdAt: dayAgo }).where(eq(adPhotos.id, id));
    }
    expect(await service.sweepUnattachedPhotos()).toBe(1);
    expect(await service.sweepUnattachedPhotos()).toBe(0);
    for (const url of allUrls(left)) expect(await isServed(url), url).toBe(false);
    for (const photo of [fresh, onAd]) expect(await isServed(photo.src)).toBe(true);
    expect((await photoRows(user.userId)).map((row) => row.id).sort()).toEqual([fresh.id, onAd.id].sort());
    // No stray files: exactly the files of the photos still stored are on disk.
    const stored = await harness.database.db.select().from(adPhotos);
    const onDisk = readdirSync(path.join(dataDir, "uploads"), { recursive: true })
      .map(String)
      .filter((name) => name.startsWith("ad-photos/") && name.includes("."));
    expect(onDisk.sort()).toEqual(stored.flatMap(photoFileKeys).sort());
  });
});

describe("S3-compatible storage", () => {
  let fake: FakeS3;
  let s3App: TestApp;
  let user: TestClient;

  beforeAll(async () => {
    fake = await startFakeS3();
    s3App = await createTestApp({
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: fake.url,
      S3_BUCKET: fake.bucket,
      S3_REGION: fake.region,
      S3_ACCESS_KEY_ID: fake.accessKeyId,
      S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
      S3_PUBLIC_URL: "https://cdn.unaa.test/media/",
    });
    user = await signUpUser(s3App);
  });
  afterAll(async () => {
    await s3App.close();
    await fake.close();
  });

  it("writes every size to the bucket (signed, typed, cached for a year), links to the public URL, deletes them", async () => {
    const original = await photoWithGps({ width: 1000, height: 700, noisy: true });
    // The bucket's count of refused requests is shared with the other test of this block.
    const refusedBefore = fake.refused;
    const response = await upload(s3App, user, original);
    expect(response.statusCode, response.body).toBe(201);
    const photo = adPhotoSchema.parse(response.json());
    expect(photo.src).toMatch(
      /^https:\/\/cdn\.unaa\.test\/media\/ad-photos\/[0-9a-f]{2}\/[0-9a-f]{20}-800\.webp$/,
    );
    const keys = allUrls(photo).map((url) => url.replace("https://cdn.unaa.test/media/", ""));
    expect(keys).toHaveLength(6);
    for (const key of keys) {
      const object = fake.objects.get(key);
      expect(object, key).toBeDefined();
      expect(object?.contentType).toBe(key.endsWith(".avif") ? "image/avif" : "image/webp");
      expect(object?.cacheControl).toBe("public, max-age=31536000, immutable");
      expect((await sharp(object?.body).metadata()).exif).toBeUndefined();
    }
    expect(fake.refused).toBe(refusedBefore);

    const deleted = await callAs(s3App, user)("DELETE", `/api/photos/${photo.id}`);
    expect(deleted.statusCode).toBe(204);
    for (const key of keys) expect(fake.objects.has(key), key).toBe(false);
  });

  it("reads objects back (a missing one is null); a wrong secret is refused by the bucket", async () => {
    if (s3App.config.storage.driver !== "s3") throw new Error("not the S3 driver");
    const storage = createS3Storage({ ...s3App.config.storage, publicUrl: undefined });
    await storage.put("ad-photos/00/test-320.webp", Buffer.from("webp bytes"));
    const opened = await storage.open("ad-photos/00/test-320.webp");
    expect(opened?.size).toBe(10);
    const chunks: Buffer[] = [];
    for await (const chunk of opened?.stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("webp bytes");
    expect(await storage.open("ad-photos/00/none-320.webp")).toBeNull();
    expect(storage.publicUrl("ad-photos/00/test-320.webp")).toBe("/uploads/ad-photos/00/test-320.webp");

    const refusedBefore = fake.refused;
    const wrong = createS3Storage({
      ...s3App.config.storage,
      credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: "not-the-secret" },
    });
    await expect(wrong.put("ad-photos/00/x-320.webp", Buffer.from("x"))).rejects.toThrow();
    expect(fake.refused).toBeGreaterThan(refusedBefore);
    expect(fake.objects.has("ad-photos/00/x-320.webp")).toBe(false);
  });
});

describe("duplicate photos (decision 066)", () => {
  const redCar = { x: 200, y: 380, scale: 1, paint: "#b3202a", sky: "#7fb2e5" };
  const greenVan = { x: 60, y: 250, scale: 1.4, paint: "#1f6b35", sky: "#d8c7a0" };

  async function duplicateOf(photoId: number) {
    const [row] = await harness.database.db
      .select({ hash: adPhotos.hash, duplicateOfId: adPhotos.duplicateOfId })
      .from(adPhotos)
      .where(eq(adPhotos.id, photoId));
    return row;
  }

  it("flags an upload that copies a photo of another seller's ad, not the seller's own nor a different car", async () => {
    const seller = await signUpUser(harness);
    const scammer = await signUpUser(harness);
    const original = await uploadPhoto(seller, await carPhoto(redCar));
    const created = await callAs(harness, seller)("POST", "/api/ads", {
      ...carBody,
      photoIds: [original.id],
    });
    expect(created.statusCode, created.body).toBe(201);

    const photo = await carPhoto(redCar);
    const { width, height } = carPhotoSize;
    const cropped = await sharp(photo)
      .extract({ left: 48, top: 32, width: width - 96, height: height - 64 })
      .resize({ width: 900 })
      .jpeg({ quality: 60 })
      .toBuffer();
    const copy = await uploadPhoto(scammer, cropped);
    expect((await duplicateOf(copy.id))?.duplicateOfId).toBe(original.id);

    const own = await uploadPhoto(seller, cropped);
    expect((await duplicateOf(own.id))?.duplicateOfId).toBeNull();
    const other = await uploadPhoto(
      scammer,
      await carPhoto({ x: 420, y: 460, scale: 0.8, paint: "#b3202a", sky: "#7fb2e5" }),
    );
    expect((await duplicateOf(other.id))?.duplicateOfId).toBeNull();
  });

  it("the photo-hash job hashes photos stored before hashes existed and finds what they copy", async () => {
    const seller = await signUpUser(harness);
    const scammer = await signUpUser(harness);
    const original = await uploadPhoto(seller, await carPhoto(greenVan));
    await callAs(harness, seller)("POST", "/api/ads", { ...carBody, photoIds: [original.id] });
    const copy = await uploadPhoto(scammer, await carPhoto(greenVan));
    const { hash } = (await duplicateOf(copy.id)) ?? {};
    expect(typeof hash).toBe("bigint");
    await harness.database.db
      .update(adPhotos)
      .set({ hash: null, duplicateOfId: null })
      .where(eq(adPhotos.id, copy.id));

    const service = createPhotosService({
      db: harness.database.db,
      storage: createStorage(harness.config),
      uploads: harness.app.createRateCounter({ name: "photo-hash-test", max: 1, windowMs: 1000 }),
    });
    expect(await service.hashStoredPhotos()).toBeGreaterThanOrEqual(1);
    const after = await duplicateOf(copy.id);
    expect(after?.duplicateOfId).toBe(original.id);
    expect(hashDistance(after?.hash ?? 0n, hash ?? 0n)).toBeLessThanOrEqual(duplicatePhotoDistance);
  });
});
