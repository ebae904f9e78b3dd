import {
  type AdCard,
  adCardSchema,
  adCardsPageSchema,
  adPriceSummarySchema,
  adSearchResponseSchema,
  myAdSchema,
} from "@unaa/contracts";
import { and, desc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ads, type StoredAdPhoto } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { bearer, signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import {
  type CatalogPick,
  callAs,
  carBody,
  createPublished,
  pickCatalog,
  pickPlaces,
  setAdColumns,
  setSetting,
  validBodies,
} from "./ads-test-kit.ts";

let harness: TestApp;
let seller: TestClient;
let toyota: CatalogPick;
let regionId: number;

const HOUR = 3_600_000;
const future = () => new Date(Date.now() + HOUR);
const past = () => new Date(Date.now() - HOUR);

beforeAll(async () => {
  harness = await createTestApp();
  seller = await signUpUser(harness);
  toyota = await pickCatalog(harness, "car", "toyota");
  ({ regionId } = await pickPlaces(harness));
  await setSetting(harness, "freeAdLimits", { car: 1000, commercial: 1000, moto: 1000, uslugi: 1000 });
});
afterAll(async () => {
  await harness.close();
});

const ids = (items: { id: number }[]) => items.map((item) => item.id);

async function search(query: string) {
  const response = await callAs(harness, null)("GET", `/api/ads?vertical=car&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return adSearchResponseSchema.parse(response.json());
}

/** A published car ad of this colour and price (KGS), with paid columns or counters set. */
async function car(color: string, price: number, columns: Partial<typeof ads.$inferInsert> = {}) {
  const ad = await createPublished(harness, seller, { ...carBody(toyota, regionId, { color }), price });
  await setAdColumns(harness, ad.id, columns);
  return ad.id;
}

describe("promoted first", () => {
  it("[P5] heads the first page with premium, then VIP, then TOP ads in force, the most recently raised first in each", async () => {
    const plain = [await car("purple", 100_000), await car("purple", 900_000)];
    const premium = [
      await car("purple", 500_000, { premiumUntil: future() }),
      await car("purple", 300_000, { premiumUntil: future(), topUntil: future() }),
    ];
    const vip = [
      await car("purple", 400_000, { vipUntil: future() }),
      await car("purple", 200_000, { vipUntil: future() }),
    ];
    const top = [
      await car("purple", 600_000, { topUntil: future() }),
      await car("purple", 700_000, { topUntil: future() }),
      await car("purple", 800_000, { topUntil: future() }),
    ];
    const lapsed = await car("purple", 150_000, { premiumUntil: past(), vipUntil: past() });
    // Promoted, but not matching the filter.
    await car("red", 100_000, { premiumUntil: future() });

    const first = await search("color=purple&sort=price-asc&limit=4");
    // At most 6: the first TOP ad (raised longest ago) waits for its place in the items. Whatever the
    // sort, a group shows its most recently raised ads first: a paid raise moves an ad up in it.
    expect(ids(first.promoted)).toEqual([premium[1], premium[0], vip[1], vip[0], top[2], top[1]]);
    expect(first.promoted.map((card) => card.promotion)).toEqual([
      "premium",
      "premium",
      "vip",
      "vip",
      "top",
      "top",
    ]);

    // The items are the complete stream in the sort, promoted ads included; later pages bring no block.
    const seen: AdCard[] = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await search(`color=purple&sort=price-asc&limit=4&cursor=${cursor}`);
      expect(page.promoted).toEqual([]);
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(ids(seen)).toEqual([plain[0], lapsed, vip[1], premium[1], vip[0], premium[0], ...top, plain[1]]);
    expect(seen.find((card) => card.id === lapsed)?.promotion).toBeNull();
    expect(first.total).toBe(10);

    const fresh = await search("color=purple");
    expect(ids(fresh.promoted)).toEqual(ids(first.promoted));
    // A raise moves an ad up in its group.
    await setAdColumns(harness, premium[0] ?? 0, { raisedAt: new Date() });
    const raised = await search("color=purple&sort=price-desc");
    expect(ids(raised.promoted).slice(0, 2)).toEqual([premium[0], premium[1]]);
  });
});

describe("common filters and marks", () => {
  it("[P5] filters by 'with photo' and 'urgent'; cards carry the urgent and highlight marks", async () => {
    const photo: StoredAdPhoto = {
      id: 1,
      base: "photos/1-test",
      width: 1600,
      height: 1200,
      placeholder: "data:image/webp;base64,UklGRg==",
      avif: false,
    };
    const withPhoto = await car("orange", 500_000, { photos: [photo] });
    const urgent = await car("orange", 500_000, { urgentUntil: future(), highlightUntil: future() });
    const lapsed = await car("orange", 500_000, { urgentUntil: past(), highlightUntil: past() });

    expect(ids((await search("color=orange&withPhoto=true")).items)).toEqual([withPhoto]);
    const urgentOnly = await search("color=orange&urgent=true");
    expect(ids(urgentOnly.items)).toEqual([urgent]);
    expect(urgentOnly.items[0]).toMatchObject({ isUrgent: true, isHighlighted: true, promotion: null });
    expect(ids((await search("color=orange&withPhoto=false&urgent=false")).items)).toEqual([
      lapsed,
      urgent,
      withPhoto,
    ]);
    const cards = (await search("color=orange")).items;
    expect(cards.find((card) => card.id === lapsed)).toMatchObject({ isUrgent: false, isHighlighted: false });

    // Common to every vertical; a value that is not yes or no is refused by name.
    const services = await callAs(harness, null)(
      "GET",
      "/api/ads?vertical=uslugi&withPhoto=true&urgent=true",
    );
    expect(services.statusCode).toBe(200);
    const refused = await callAs(harness, null)("GET", "/api/ads?vertical=moto&withPhoto=maybe");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((error: { path: string }) => error.path)).toEqual(["withPhoto"]);
  });

  it("[P5] sorts by views, most viewed first, in keyset pages", async () => {
    const views = [10, 30, 30, 0, 5];
    const created: number[] = [];
    for (const count of views) created.push(await car("gold", 500_000, { views: count }));
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await search(`color=gold&sort=views-desc&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...ids(page.items));
      cursor = page.nextCursor;
    } while (cursor);
    const [ten, thirty, thirtyToo, zero, five] = created;
    expect(seen).toEqual([thirtyToo, thirty, ten, five, zero]);
  });
});

describe("GET /api/ads/urgent", () => {
  it("[P6] lists the active urgent ads of every vertical, freshest first, in keyset pages", async () => {
    const bodies = await validBodies(harness);
    const urgentCar = await car("green", 500_000, { urgentUntil: future() });
    const service = await createPublished(harness, seller, bodies.uslugi);
    await setAdColumns(harness, service.id, { urgentUntil: future() });
    const lapsed = await createPublished(harness, seller, bodies.commercial);
    await setAdColumns(harness, lapsed.id, { urgentUntil: past() });
    const archived = await createPublished(harness, seller, bodies.moto);
    await setAdColumns(harness, archived.id, { urgentUntil: future() });
    await callAs(harness, seller)("POST", `/api/ads/${archived.id}/archive`);

    const seen: AdCard[] = [];
    let cursor: string | null = null;
    do {
      const response = await callAs(harness, null)(
        "GET",
        `/api/ads/urgent?limit=1${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = adCardsPageSchema.parse(response.json());
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);

    const expected = await harness.database.db
      .select({ id: ads.id })
      .from(ads)
      .where(and(eq(ads.status, "active"), gt(ads.urgentUntil, new Date())))
      .orderBy(desc(ads.raisedAt), desc(ads.id));
    expect(ids(seen)).toEqual(ids(expected));
    expect(ids(seen).slice(0, 2)).toEqual([service.id, urgentCar]);
    expect(ids(seen)).not.toContain(lapsed.id);
    expect(ids(seen)).not.toContain(archived.id);
    expect(seen.every((card) => card.isUrgent)).toBe(true);

    for (const query of ["limit=0", "limit=51", "cursor=bm9wZQ"]) {
      expect((await callAs(harness, null)("GET", `/api/ads/urgent?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe("GET /api/ads/cars-summary", () => {
  it("[P5] counts the active ads of a catalogue entry with their price range in KGS and USD", async () => {
    const lexus = await pickCatalog(harness, "car", "lexus", "es");
    const as = callAs(harness, seller);
    const body = (price: number, currency: string) => ({
      ...carBody(lexus, regionId),
      price,
      currency,
    });
    await createPublished(harness, seller, body(1_000_000, "KGS"));
    await createPublished(harness, seller, body(20_000, "USD"));
    await createPublished(harness, seller, body(2_000_000, "KGS"));
    const archived = await createPublished(harness, seller, body(100, "KGS"));
    await as("POST", `/api/ads/${archived.id}/archive`);
    await as("POST", "/api/ads", body(50, "KGS"));

    const summary = async (query: string) => {
      const response = await callAs(harness, null)("GET", `/api/ads/cars-summary?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return adPriceSummarySchema.parse(response.json());
    };
    const expected = {
      count: 3,
      priceMinKgs: 1_000_000,
      priceMaxKgs: 2_000_000,
      priceMinUsd: Math.round(1_000_000 / 87.5),
      priceMaxUsd: Math.round(2_000_000 / 87.5),
    };
    expect(await summary(`mark=${lexus.markId}`)).toEqual(expected);
    expect(await summary(`mark=${lexus.markId}&model=${lexus.modelId}`)).toEqual(expected);
    expect(
      await summary(`mark=${lexus.markId}&model=${lexus.modelId}&generation=${lexus.generationId}`),
    ).toEqual(expected);
    const other = await pickCatalog(harness, "car", "lexus", "gs");
    expect(await summary(`mark=${lexus.markId}&model=${other.modelId}`)).toEqual({
      count: 0,
      priceMinKgs: null,
      priceMaxKgs: null,
      priceMinUsd: null,
      priceMaxUsd: null,
    });

    const bodies = await validBodies(harness);
    const truckMark = (bodies.commercial.fields as { mark: number }).mark;
    const trucksBefore = await summary(`vertical=commercial&mark=${truckMark}`);
    const cheap = await createPublished(harness, seller, { ...bodies.commercial, price: 100 });
    expect(await summary(`vertical=commercial&mark=${truckMark}`)).toMatchObject({
      count: trucksBefore.count + 1,
      priceMinUsd: cheap.priceUsd,
      priceMinKgs: cheap.priceKgs,
    });
    expect((await summary(`mark=${truckMark}`)).count).toBe(0);

    const refused: [string, string][] = [
      ["", "mark"],
      ["mark=x", "mark"],
      ["vertical=moto&mark=1&generation=1", "generation"],
      ["vertical=uslugi&mark=1", "vertical"],
      ["mark=1&colour=red", "colour"],
    ];
    for (const [query, path] of refused) {
      const response = await callAs(harness, null)("GET", `/api/ads/cars-summary?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json().errors), query).toContain(path);
    }
  });
});

describe("card answers", () => {
  it("[P5.1] a list card carries what a card shows, its cover as the address its sizes are named after", async () => {
    const photo: StoredAdPhoto = {
      id: 2,
      base: "photos/2-test",
      width: 1000,
      height: 750,
      placeholder: "data:image/webp;base64,UklGRg==",
      avif: true,
    };
    const id = await car("pink", 700_000, { photos: [photo], urgentUntil: future() });
    const [card] = (await search("color=pink")).items;
    expect(card?.cover).toEqual({
      url: "/uploads/photos/2-test",
      width: 1000,
      height: 750,
      placeholder: photo.placeholder,
      hasAvif: true,
    });

    // Written as built, not through the schema: every list still answers the schema's keys, no more.
    const cardKeys = Object.keys(adCardSchema.shape).sort();
    const keysOf = (items: object[]) => items.map((item) => Object.keys(item).sort());
    const other = await signUpUser(harness);
    await callAs(harness, other)("PUT", `/api/ads/${id}/favorite`);
    // Another ad of the same model, so the similar list has one whichever tests ran before.
    await car("silver", 710_000);
    const answers = {
      search: (await callAs(harness, null)("GET", "/api/ads?vertical=car&color=pink")).json().items,
      urgent: (await callAs(harness, null)("GET", "/api/ads/urgent?limit=50")).json().items,
      cards: (await callAs(harness, null)("GET", `/api/ads/cards?ids=${id}`)).json().items,
      similar: (await callAs(harness, null)("GET", `/api/ads/${id}/similar`)).json().items,
      favorites: (await callAs(harness, other)("GET", "/api/favorites")).json().items,
    };
    for (const [list, items] of Object.entries(answers)) {
      expect(items.length, list).toBeGreaterThan(0);
      for (const keys of keysOf(items)) expect(keys, list).toEqual(cardKeys);
    }
    const mine = await harness.app.inject({ url: "/api/users/me/ads?limit=50", headers: bearer(seller) });
    for (const keys of keysOf(mine.json().items)) expect(keys).toEqual(Object.keys(myAdSchema.shape).sort());
  });

  it("[P5.1] the OpenAPI document still describes the card answers written without the schema", async () => {
    const document = (await harness.app.inject({ url: "/api/docs/json" })).json();
    const answerOf = (path: string) =>
      JSON.stringify(document.paths[path]?.get?.responses?.["200"]?.content?.["application/json"]?.schema);
    for (const path of [
      "/api/ads",
      "/api/ads/urgent",
      "/api/ads/cards",
      "/api/favorites",
      "/api/users/me/ads",
    ]) {
      expect(answerOf(path), path).toContain('"hasAvif"');
      expect(answerOf(path), path).toContain('"photoCount"');
    }
  });
});

describe("the ad page's reads", () => {
  it("getAdPage answers the ad, its price history and similar ads as the three calls do", async () => {
    const id = await car("burgundy", 820_000);
    await car("burgundy", 830_000);
    const { adsService } = harness.app.services;
    const owner = { id: seller.userId, roles: [] };
    const page = await adsService.getAdPage(null, id);
    expect(page.ad).toEqual(await adsService.getAd(null, id));
    expect(page.priceHistory).toEqual(await adsService.getPriceHistory(null, id));
    expect(page.similar).toEqual(await adsService.findSimilarAds(id));
    expect(page.similar.length).toBeGreaterThan(0);

    // Not active: its owner sees it without similar ads; a guest sees no ad.
    await setAdColumns(harness, id, { status: "archived" });
    const own = await adsService.getAdPage(owner, id);
    expect(own.ad.status).toBe("archived");
    expect(own.similar).toEqual([]);
    expect(own.priceHistory).toEqual(await adsService.getPriceHistory(owner, id));
    await expect(adsService.getAdPage(null, id)).rejects.toMatchObject({ code: "AD_NOT_FOUND" });
  });
});
