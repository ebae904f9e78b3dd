import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  adSchema,
  adSearchResponseSchema,
  businessDirectoryResponseSchema,
  businessKinds,
  verticals,
} from "@unaa/contracts";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorage, type FileStorage } from "../../lib/storage.ts";
import { findExchangedAdChat } from "../../modules/chats/chats.repository.ts";
import { photoFileKeys } from "../../modules/photos/photos.service.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { adPhotos, ads, businesses, regions, reviews, users } from "../schema/index.ts";
import { type DemoAdsResult, seedDemoAds } from "./demo-ads.seed.ts";
import { demoBusinesses, seedDemoBusinesses } from "./demo-businesses.seed.ts";
import { seedDemoReviews } from "./demo-reviews.seed.ts";
import { seedDemoUsers } from "./users.seed.ts";

let harness: TestApp;
let dataDir: string;
let storage: FileStorage;
let seeded: DemoAdsResult | null;
const counts = { car: 30, commercial: 10, moto: 10, uslugi: 10 };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "unaa-demo-ads-"));
  harness = await createTestApp({ DATA_DIR: dataDir });
  storage = createStorage(harness.config);
  await seedDemoUsers(harness.database.db);
  seeded = await seedDemoAds(harness.database.db, storage, counts);
}, 240_000);
afterAll(async () => {
  await harness.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function exists(key: string): Promise<boolean> {
  const file = await storage.open(key);
  file?.stream.destroy();
  return file !== null;
}

async function get(url: string) {
  const response = await harness.app.inject({ method: "GET", url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as unknown;
}

describe("demo ads", () => {
  it("seeds every vertical, searchable and shown like any ad, the demo user's own in every state", async () => {
    expect(seeded?.ads).toBe(counts.car + counts.commercial + counts.moto + counts.uslugi + 7);
    for (const vertical of verticals) {
      const found = adSearchResponseSchema.parse(await get(`/api/ads?vertical=${vertical}&limit=50`));
      expect(found.total).toBeGreaterThan(0);
      const first = found.items[0];
      if (!first) throw new Error(`no ${vertical} demo ad`);
      const ad = adSchema.parse(await get(`/api/ads/${first.id}`));
      expect(ad.photos.length).toBeGreaterThan(0);
      expect(ad.title.length).toBeGreaterThan(4);
    }
    const [owner] = await harness.database.db.select().from(users).where(eq(users.username, "demo_user"));
    const own = await harness.database.db
      .select({ status: ads.status })
      .from(ads)
      .where(eq(ads.userId, owner?.id ?? 0));
    expect(new Set(own.map((row) => row.status))).toEqual(
      new Set(["active", "archived", "sold", "draft", "pending"]),
    );
  });

  it("gives each ad its own photo rows, in its list's order, over the files of a shared pool", async () => {
    const rows = await harness.database.db.select().from(adPhotos);
    const adRows = await harness.database.db.select({ id: ads.id, photos: ads.photos }).from(ads);
    for (const ad of adRows) {
      const own = rows.filter((row) => row.adId === ad.id).map((row) => row.id);
      expect(ad.photos.map((photo) => photo.id).sort()).toEqual(own.sort());
    }
    // Every row is some ad's (the pool's template rows are gone), and the files are few.
    expect(rows.every((row) => row.adId !== null)).toBe(true);
    const bases = new Set(rows.map((row) => row.base));
    expect(bases.size).toBeLessThanOrEqual(seeded?.pictures ?? 0);
    expect(rows.length).toBeGreaterThan(bases.size);
  });

  it("is idempotent: a database with ads gets no more", async () => {
    const [before] = await harness.database.db.select({ value: count() }).from(ads);
    expect(await seedDemoAds(harness.database.db, storage, counts)).toBeNull();
    const [after] = await harness.database.db.select({ value: count() }).from(ads);
    expect(after?.value).toBe(before?.value);
  });

  it("deleting demo ads keeps the files other ads still show; the last one takes them", async () => {
    const db = harness.database.db;
    const rows = await db.select().from(adPhotos);
    const shared = rows.find((row) => rows.filter((other) => other.base === row.base).length >= 2);
    if (!shared) throw new Error("no picture shared by two ads");
    const holders = rows.filter((row) => row.base === shared.base);
    const fileKey = photoFileKeys(shared)[0] as string;
    const { adsService } = harness.app.services;
    const ownerOf = async (adId: number) =>
      (await db.select({ userId: ads.userId }).from(ads).where(eq(ads.id, adId)))[0]?.userId ?? 0;
    for (const [index, holder] of holders.entries()) {
      const adId = holder.adId as number;
      await adsService.deleteAd(await ownerOf(adId), adId);
      const isLast = index === holders.length - 1;
      expect(await exists(fileKey), `after ${index + 1} of ${holders.length}`).toBe(!isLast);
    }
  });

  it("[P8.4] seeds reviews and replies, each after a chat in which both wrote; only once", async () => {
    const db = harness.database.db;
    const written = await seedDemoReviews(db);
    expect(written).toBeGreaterThan(5);
    const rows = await db.select().from(reviews);
    expect(rows).toHaveLength(written);
    expect(rows.some((row) => row.replyText !== null)).toBe(true);
    for (const row of rows) {
      expect(row.authorId).not.toBe(row.sellerId);
      expect(await findExchangedAdChat(db, row.authorId, row.sellerId)).toBeDefined();
    }
    const latest = (await get("/api/reviews?limit=5")) as { items: unknown[] };
    expect(latest.items).toHaveLength(5);
    expect(await seedDemoReviews(db)).toBe(0);
  });
});

describe("demo businesses", () => {
  it("[S1.3] seeds a business of every kind in Bishkek and Osh, with logos, hours and points; the sellers' ads are posted as them", async () => {
    const created = await seedDemoBusinesses(harness.database.db, storage);
    expect(created).toBe(demoBusinesses.length);
    expect(await seedDemoBusinesses(harness.database.db, storage)).toBe(0);
    const rows = await harness.database.db.select().from(businesses);
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(businessKinds));
    const directory = businessDirectoryResponseSchema.parse(await get("/api/businesses?limit=50"));
    expect(directory.items.length).toBe(rows.length);
    for (const row of rows) {
      expect(row.logo, row.link).not.toBeNull();
      expect(row.lat, row.link).not.toBeNull();
      expect(Object.values(row.hours).some(Boolean), row.link).toBe(true);
      if (row.logo) for (const key of photoFileKeys(row.logo)) expect(await exists(key), key).toBe(true);
      const sellerAds = await harness.database.db.select().from(ads).where(eq(ads.userId, row.ownerId));
      expect(
        sellerAds.every((ad) => ad.businessId === row.id),
        row.link,
      ).toBe(true);
    }
    const regionSlugs = await harness.database.db
      .selectDistinct({ slug: regions.slug })
      .from(regions)
      .innerJoin(businesses, eq(businesses.regionId, regions.id));
    expect(regionSlugs.map((row) => row.slug).sort()).toEqual(["bishkek", "osh-city"]);
  });
});
