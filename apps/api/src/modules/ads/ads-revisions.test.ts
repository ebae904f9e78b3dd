import { type Ad, adSchema, adSearchResponseSchema, myAdsResponseSchema, type Role } from "@unaa/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adNotices, adPhotos, adPriceHistory, ads, users } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { nextEmail, signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import {
  callAs,
  carBody,
  createPublished,
  insertPhotoRows,
  pickCatalog,
  pickPlaces,
  setAdColumns,
  setSetting,
  validBodies,
} from "./ads-test-kit.ts";

let harness: TestApp;
let seller: TestClient;
let stranger: TestClient;
let moderator: TestClient;
let carAd: (change?: Record<string, unknown>, common?: Record<string, unknown>) => Record<string, unknown>;

const DAY = 86_400_000;

beforeAll(async () => {
  harness = await createTestApp();
  seller = await signUpUser(harness);
  stranger = await signUpUser(harness);
  moderator = await signUpUser(harness);
  await harness.app.accounts.users.setRoles(moderator.userId, ["moderator"] as Role[]);
  await setSetting(harness, "freeAdLimits", { car: 1000, commercial: 1000, moto: 1000, uslugi: 1000 });
  const toyota = await pickCatalog(harness, "car", "toyota", "camry");
  const { regionId } = await pickPlaces(harness);
  carAd = (change = {}, common = {}) => ({ ...carBody(toyota, regionId, change), ...common });
});
afterAll(async () => {
  await harness.close();
});

async function view(client: TestClient | null, id: number): Promise<Ad> {
  const response = await callAs(harness, client)("GET", `/api/ads/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return adSchema.parse(response.json());
}

async function edit(id: number, body: Record<string, unknown>, client: TestClient = seller): Promise<Ad> {
  const response = await callAs(harness, client)("PUT", `/api/ads/${id}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return adSchema.parse(response.json());
}

async function priceHistory(id: number): Promise<number[]> {
  const rows = await harness.database.db
    .select()
    .from(adPriceHistory)
    .where(eq(adPriceHistory.adId, id))
    .orderBy(adPriceHistory.id);
  return rows.map((row) => row.price);
}

describe("old price", () => {
  it("[P4] a lowered price shows the previous one crossed out; a rise or a new currency clears or converts it", async () => {
    const draft = adSchema.parse((await callAs(harness, seller)("POST", "/api/ads", carAd())).json());
    // Before publishing, a change is no drop anyone saw.
    expect((await edit(draft.id, carAd({}, { price: 1_000_000 }))).oldPrice).toBeNull();
    await callAs(harness, seller)("POST", `/api/ads/${draft.id}/publish`);

    expect(await edit(draft.id, carAd({}, { price: 900_000 }))).toMatchObject({
      price: 900_000,
      oldPrice: 1_000_000,
    });
    // Other edits keep it; the card in search shows it too.
    expect((await edit(draft.id, carAd({}, { price: 900_000, description: "Торг" }))).oldPrice).toBe(
      1_000_000,
    );
    const found = await callAs(harness, null)("GET", "/api/ads?vertical=car&limit=50");
    const card = adSearchResponseSchema.parse(found.json()).items.find((item) => item.id === draft.id);
    expect(card).toMatchObject({ oldPrice: 1_000_000, price: 900_000 });

    expect((await edit(draft.id, carAd({}, { price: 950_000 }))).oldPrice).toBeNull();
    // 950,000 KGS = 10,857 USD at 87.5: asking 10,000 USD is a drop, shown in dollars.
    expect(await edit(draft.id, carAd({}, { price: 10_000, currency: "USD" }))).toMatchObject({
      oldPrice: Math.round(950_000 / 87.5),
    });
    expect(
      (await edit(draft.id, carAd({}, { price: 0, currency: "USD", negotiable: true }))).oldPrice,
    ).toBeNull();
    expect(await priceHistory(draft.id)).toEqual([1_250_000, 1_000_000, 900_000, 950_000, 10_000, 0]);
  });
});

describe("seller on the detail", () => {
  it("[P4] shows the seller's name, avatar, member-since date and active ads", async () => {
    const owner = await signUpUser(harness);
    const first = await createPublished(harness, owner, carAd());
    await createPublished(harness, owner, (await validBodies(harness)).uslugi);
    const archived = await createPublished(harness, owner, carAd());
    await callAs(harness, owner)("POST", `/api/ads/${archived.id}/archive`);
    await harness.database.db
      .update(users)
      .set({ avatarKey: "avatars/7-abc.webp" })
      .where(eq(users.id, owner.userId));
    const [account] = await harness.database.db.select().from(users).where(eq(users.id, owner.userId));

    const detail = await view(null, first.id);
    expect(detail.seller).toEqual({
      id: owner.userId,
      name: account?.username,
      avatar: "/uploads/avatars/7-abc.webp",
      memberSince: account?.createdAt.toISOString(),
      activeAds: 2,
    });
  });
});

describe("re-moderation of key changes", () => {
  async function staffAction(id: number, action: "approve" | "reject", body?: Record<string, unknown>) {
    const response = await callAs(harness, moderator)("POST", `/api/ads/${id}/${action}`, body);
    expect(response.statusCode, response.body).toBe(200);
    return adSchema.parse(response.json());
  }

  it("[P4] under pre-moderation a change of year waits for a moderator while the old version stays visible", async () => {
    const ad = await createPublished(harness, seller, carAd({ year: 2015 }, { price: 1_000_000 }));
    await setSetting(harness, "moderationMode", "pre");
    try {
      const edited = await edit(ad.id, carAd({ year: 2017 }, { price: 900_000, description: "Новая" }));
      // The owner sees the edit and that it waits; the whole edit waits, the price too.
      expect(edited).toMatchObject({ status: "active", hasPendingChanges: true, price: 900_000 });
      expect(edited.fields.year).toBe(2017);
      expect(edited.title).toMatch(/, 2017$/);
      for (const client of [null, stranger]) {
        const shown = await view(client, ad.id);
        expect(shown).toMatchObject({
          price: 1_000_000,
          hasPendingChanges: false,
          description: ad.description,
        });
        expect(shown.fields.year).toBe(2015);
      }
      const staffView = await view(moderator, ad.id);
      expect(staffView).toMatchObject({ hasPendingChanges: true, price: 1_000_000 });
      const byYear = await callAs(harness, null)(
        "GET",
        "/api/ads?vertical=car&yearFrom=2015&yearTo=2015&limit=50",
      );
      expect(adSearchResponseSchema.parse(byYear.json()).items.map((item) => item.id)).toContain(ad.id);
      expect(await priceHistory(ad.id)).toEqual([1_000_000]);
      const mine = myAdsResponseSchema.parse(
        (await callAs(harness, seller)("GET", "/api/users/me/ads")).json(),
      );
      expect(mine.items.find((item) => item.id === ad.id)).toMatchObject({
        hasPendingChanges: true,
        price: 900_000,
      });

      const approved = await staffAction(ad.id, "approve");
      expect(approved).toMatchObject({ status: "active", hasPendingChanges: false, price: 900_000 });
      expect(approved.raisedAt).toBe(ad.raisedAt);
      const live = await view(null, ad.id);
      expect(live).toMatchObject({ price: 900_000, oldPrice: 1_000_000, description: "Новая" });
      expect(live.fields.year).toBe(2017);
      expect(await priceHistory(ad.id)).toEqual([1_000_000, 900_000]);
      expect((await callAs(harness, moderator)("POST", `/api/ads/${ad.id}/approve`)).statusCode).toBe(409);
    } finally {
      await setSetting(harness, "moderationMode", "auto");
    }
  });

  it("[P4] a rejected change is dropped with the reason for the owner; the ad stays live as it was", async () => {
    const ad = await createPublished(harness, seller, carAd({ year: 2015 }));
    await setSetting(harness, "moderationMode", "pre");
    try {
      const toyota = await pickCatalog(harness, "car", "toyota", "land-cruiser");
      const { regionId } = await pickPlaces(harness);
      await edit(ad.id, carBody(toyota, regionId));
      const rejected = await staffAction(ad.id, "reject", {
        reason: "wrong-category",
        note: "Это не та модель",
      });
      expect(rejected).toMatchObject({
        status: "active",
        hasPendingChanges: false,
        rejectReason: "wrong-category",
      });
      const owner = await view(seller, ad.id);
      expect(owner).toMatchObject({
        title: ad.title,
        hasPendingChanges: false,
        rejectReason: "wrong-category",
        rejectNote: "Это не та модель",
      });
      expect((await view(null, ad.id)).title).toBe(ad.title);
    } finally {
      await setSetting(harness, "moderationMode", "auto");
    }
  });

  it("[P4] other edits apply at once, and replace a waiting change; photos count as a key change", async () => {
    const photoIds = await insertPhotoRows(harness, seller.userId, 3);
    const ad = await createPublished(harness, seller, carAd({}, { photoIds: photoIds.slice(0, 2) }));
    await setSetting(harness, "moderationMode", "pre");
    try {
      const described = await edit(
        ad.id,
        carAd({}, { photoIds: photoIds.slice(0, 2), description: "Обновлено" }),
      );
      expect(described).toMatchObject({ hasPendingChanges: false, description: "Обновлено" });
      expect((await view(null, ad.id)).description).toBe("Обновлено");

      // New order, or a new photo: waits.
      const reordered = await edit(ad.id, carAd({}, { photoIds: [photoIds[1], photoIds[0]] }));
      expect(reordered.hasPendingChanges).toBe(true);
      expect(reordered.photos.map((photo) => photo.id)).toEqual([photoIds[1], photoIds[0]]);
      expect((await view(null, ad.id)).photos.map((photo) => photo.id)).toEqual(photoIds.slice(0, 2));
      const added = await edit(ad.id, carAd({}, { photoIds }));
      expect(added.hasPendingChanges).toBe(true);
      // Back to the live photos: applied at once, the waiting change is gone.
      const back = await edit(ad.id, carAd({}, { photoIds: photoIds.slice(0, 2), description: "Снова" }));
      expect(back).toMatchObject({ hasPendingChanges: false, description: "Снова" });
      expect((await view(moderator, ad.id)).hasPendingChanges).toBe(false);
      expect((await callAs(harness, moderator)("POST", `/api/ads/${ad.id}/approve`)).statusCode).toBe(409);
      // The photo only the dropped change showed is deleted; the live ones stay.
      const left = await harness.database.db.select().from(adPhotos).where(eq(adPhotos.adId, ad.id));
      expect(left.map((row) => row.id).sort()).toEqual(photoIds.slice(0, 2).sort());
    } finally {
      await setSetting(harness, "moderationMode", "auto");
    }
  });

  it("[P4] under post-moderation, and in auto mode for a confirmed phone, key changes go live at once", async () => {
    for (const mode of ["post", "auto"]) {
      await setSetting(harness, "moderationMode", mode);
      try {
        const ad = await createPublished(harness, seller, carAd({ year: 2015 }));
        const edited = await edit(ad.id, carAd({ year: 2019 }));
        expect(edited.hasPendingChanges, mode).toBe(false);
        expect((await view(null, ad.id)).fields.year, mode).toBe(2019);
      } finally {
        await setSetting(harness, "moderationMode", "auto");
      }
    }
    // auto for an account without a confirmed phone is pre-moderation: the change waits.
    const newcomer = await signUpUser(harness, { login: nextEmail() });
    const pending = await createPublished(harness, newcomer, carAd({ year: 2015 }));
    expect(pending.status).toBe("pending");
    await callAs(harness, moderator)("POST", `/api/ads/${pending.id}/approve`);
    const waiting = await edit(pending.id, carAd({ year: 2016 }), newcomer);
    expect(waiting.hasPendingChanges).toBe(true);
    expect((await view(null, pending.id)).fields.year).toBe(2015);
  });
});

describe("GET /api/users/me/ads", () => {
  it("[P4] lists the user's ads of one status, newest first, with counters and counts per status", async () => {
    const owner = await signUpUser(harness);
    const as = callAs(harness, owner);
    const bodies = await validBodies(harness);
    const active = [
      await createPublished(harness, owner, carAd()),
      await createPublished(harness, owner, bodies.uslugi),
      await createPublished(harness, owner, bodies.moto),
    ];
    const draft = adSchema.parse((await as("POST", "/api/ads", bodies.commercial)).json());
    const sold = await createPublished(harness, owner, carAd());
    await as("POST", `/api/ads/${sold.id}/sold`);
    await createPublished(harness, stranger, carAd());
    await setAdColumns(harness, active[0]?.id ?? 0, { views: 7, phoneReveals: 2 });

    const seen: number[] = [];
    let cursor: string | null = null;
    let counts: Record<string, number> = {};
    do {
      const response = await as(
        "GET",
        `/api/users/me/ads?status=active&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = myAdsResponseSchema.parse(response.json());
      seen.push(...page.items.map((item) => item.id));
      ({ counts } = page);
      cursor = page.nextCursor;
      if (seen.length === 3) {
        expect(page.items.at(-1)).toMatchObject({
          views: 7,
          phoneReveals: 2,
          favorites: 0,
          hasPendingChanges: false,
        });
        expect(page.items.at(-1)?.expiresAt).not.toBeNull();
      }
    } while (cursor);
    expect(seen).toEqual(active.map((ad) => ad.id).reverse());
    expect(counts).toEqual({
      draft: 1,
      pending: 0,
      active: 3,
      archived: 0,
      sold: 1,
      rejected: 0,
      removed: 0,
    });

    const drafts = myAdsResponseSchema.parse((await as("GET", "/api/users/me/ads?status=draft")).json());
    expect(drafts.items.map((item) => item.id)).toEqual([draft.id]);
    expect((await as("GET", "/api/users/me/ads?status=gone")).statusCode).toBe(400);
    expect((await as("GET", "/api/users/me/ads?cursor=bm9wZQ")).statusCode).toBe(400);
    expect((await callAs(harness, null)("GET", "/api/users/me/ads")).statusCode).toBe(401);
  });
});

describe("expiry warning", () => {
  it("[P4] records one notice per ad 3 days before its expiry, again after an extension", async () => {
    const service = harness.app.services.adsService;
    const db = harness.database.db;
    const soon = await createPublished(harness, seller, carAd());
    const later = await createPublished(harness, seller, carAd());
    const at = new Date();
    await setAdColumns(harness, soon.id, { expiresAt: new Date(at.getTime() + 2 * DAY) });
    await setAdColumns(harness, later.id, { expiresAt: new Date(at.getTime() + 4 * DAY) });
    const noticesOf = (id: number) => db.select().from(adNotices).where(eq(adNotices.adId, id));

    expect(await service.warnExpiringAds(at)).toBeGreaterThanOrEqual(1);
    expect(await service.warnExpiringAds(at)).toBe(0);
    expect(await noticesOf(soon.id)).toEqual([
      expect.objectContaining({ userId: seller.userId, kind: "expiry-warning", deliveredAt: null }),
    ]);
    expect(await noticesOf(later.id)).toEqual([]);

    // A day later the other one is inside the window.
    expect(await service.warnExpiringAds(new Date(at.getTime() + DAY + 1000))).toBeGreaterThanOrEqual(1);
    expect(await noticesOf(later.id)).toHaveLength(1);

    // The free extension gives a new expiry time, and its own warning 27 days on.
    const extended = await callAs(harness, seller)("POST", `/api/ads/${soon.id}/extend`);
    expect(extended.statusCode, extended.body).toBe(200);
    const newExpiry = Date.parse(adSchema.parse(extended.json()).expiresAt ?? "");
    await service.warnExpiringAds(new Date(newExpiry - 2 * DAY));
    const notices = await noticesOf(soon.id);
    expect(notices.map((notice) => notice.expiresAt.getTime()).sort()).toEqual([
      at.getTime() + 2 * DAY,
      newExpiry,
    ]);
    // Archived ads are not warned.
    await callAs(harness, seller)("POST", `/api/ads/${later.id}/archive`);
    await db.delete(adNotices).where(eq(adNotices.adId, later.id));
    await service.warnExpiringAds(new Date(at.getTime() + DAY + 1000));
    expect(await noticesOf(later.id)).toEqual([]);
    expect((await db.select().from(ads).where(eq(ads.id, later.id)))[0]?.status).toBe("archived");
  });
});
