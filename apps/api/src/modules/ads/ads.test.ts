import type { Role } from "@unaa/contracts";
import {
  type Ad,
  adCardsResponseSchema,
  adFavoritesMax,
  adPriceHistorySchema,
  adSchema,
  adSearchResponseSchema,
  type Vertical,
  verticals,
} from "@unaa/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { adComplaints, adPriceHistory, ads, settings, userPhones } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { nextEmail, nextIp, signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import { callAs, createPublished, pickCatalog, pickPlaces, setSetting, validBodies } from "./ads-test-kit.ts";

let harness: TestApp;
let seller: TestClient;
let stranger: TestClient;
let bodies: Record<Vertical, Record<string, unknown>>;

beforeAll(async () => {
  // Views are written when a test flushes them, never by the timer in the middle of a test.
  harness = await createTestApp({ AD_VIEWS_FLUSH_MS: "3600000" });
  stranger = await signUpUser(harness);
  bodies = await validBodies(harness);
});
// A seller per test: the free-ad limit counts the seller's ads, whichever tests ran before.
beforeEach(async () => {
  seller = await signUpUser(harness);
});
afterAll(async () => {
  await harness.close();
});

const asSeller = () => callAs(harness, seller);
const asGuest = () => callAs(harness, null);

async function createAd(body: Record<string, unknown>, client: TestClient = seller): Promise<Ad> {
  const response = await callAs(harness, client)("POST", "/api/ads", body);
  expect(response.statusCode, response.body).toBe(201);
  return adSchema.parse(response.json());
}

async function search(query: string) {
  const response = await asGuest()("GET", `/api/ads?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return adSearchResponseSchema.parse(response.json());
}

function fieldPaths(response: { json(): unknown }): string[] {
  return ((response.json() as { errors?: { path: string }[] }).errors ?? []).map((error) => error.path);
}

describe("ad life cycle", () => {
  it.each(verticals)(
    "[S1.1] %s: create → publish → search → detail → favorite → archive",
    async (vertical) => {
      const draft = await createAd(bodies[vertical]);
      expect(draft).toMatchObject({ vertical, status: "draft", isOwner: true, publishedAt: null });
      expect((await asGuest()("GET", `/api/ads/${draft.id}`)).statusCode).toBe(404);
      expect((await callAs(harness, stranger)("GET", `/api/ads/${draft.id}`)).statusCode).toBe(404);
      expect((await asSeller()("GET", `/api/ads/${draft.id}`)).statusCode).toBe(200);

      const published = await asSeller()("POST", `/api/ads/${draft.id}/publish`);
      expect(published.statusCode, published.body).toBe(200);
      const active = adSchema.parse(published.json());
      expect(active.status).toBe("active");
      expect(active.raisedAt).not.toBeNull();
      expect(Date.parse(active.expiresAt ?? "") - Date.parse(active.raisedAt ?? "")).toBe(30 * 86_400_000);

      const fields = bodies[vertical].fields as Record<string, unknown>;
      const filter =
        typeof fields.category === "string" ? `category=${fields.category}` : `mark=${fields.mark}`;
      const found = await search(`vertical=${vertical}&${filter}`);
      expect(found.items.map((item) => item.id)).toContain(draft.id);
      expect(found.totalIsExact).toBe(true);
      expect(found.total).toBe(found.items.length);
      const others = verticals.filter((other) => other !== vertical);
      for (const other of others) {
        expect((await search(`vertical=${other}`)).items.map((item) => item.id)).not.toContain(draft.id);
      }

      const detail = await asGuest()("GET", `/api/ads/${draft.id}`);
      expect(detail.statusCode).toBe(200);
      expect(adSchema.parse(detail.json())).toMatchObject({ id: draft.id, status: "active", isOwner: false });

      const fan = callAs(harness, stranger);
      expect((await fan("PUT", `/api/ads/${draft.id}/favorite`)).json()).toMatchObject({
        isFavorite: true,
        favorites: 1,
      });
      expect((await fan("GET", "/api/favorites")).json().items.map((item: Ad) => item.id)).toContain(
        draft.id,
      );

      const archived = await asSeller()("POST", `/api/ads/${draft.id}/archive`);
      expect(archived.json()).toMatchObject({ status: "archived", expiresAt: null });
      expect((await search(`vertical=${vertical}&${filter}`)).items.map((item) => item.id)).not.toContain(
        draft.id,
      );
      expect((await asGuest()("GET", `/api/ads/${draft.id}`)).statusCode).toBe(404);
    },
  );

  it("[S1.2] generates vehicle titles from the catalogue and the year; services keep the seller's", async () => {
    const toyota = await pickCatalog(harness, "car", "toyota");
    const car = await createAd(bodies.car);
    expect(car.title).toBe(`${toyota.markName} ${toyota.modelName} ${toyota.generationName}, 2018`);
    expect(car.fields).toMatchObject({ vin: "JTDBR32E100123456", engineVolume: 2.5, complectation: null });
    expect((await createAd(bodies.moto)).title).toBe("Урал М-72, 1975");
    expect((await createAd(bodies.uslugi)).title).toBe("Эвакуатор по Бишкеку круглосуточно");
  });

  it("[P3] shows guests a VIN masked: maker's code and last four; signed-in users see it whole", async () => {
    const ad = await createAd(bodies.car);
    expect((await asSeller()("POST", `/api/ads/${ad.id}/publish`)).statusCode).toBe(200);
    const asGuestSees = adSchema.parse((await asGuest()("GET", `/api/ads/${ad.id}`)).json());
    expect(asGuestSees.fields.vin).toBe("JTD**********3456");
    const asUserSees = adSchema.parse((await callAs(harness, stranger)("GET", `/api/ads/${ad.id}`)).json());
    expect(asUserSees.fields.vin).toBe("JTDBR32E100123456");
  });

  it("[P3] stores the price in both currencies at the settings' rate", async () => {
    const truck = await createAd(bodies.commercial);
    expect(truck).toMatchObject({ price: 42_000, currency: "USD", priceUsd: 42_000, priceKgs: 3_675_000 });
    const car = await createAd(bodies.car);
    expect(car).toMatchObject({ priceKgs: 1_250_000, priceUsd: Math.round(1_250_000 / 87.5) });
  });

  it("[P4] editing keeps the place in search and records the price history", async () => {
    const ad = await createAd(bodies.car);
    const active = adSchema.parse((await asSeller()("POST", `/api/ads/${ad.id}/publish`)).json());
    const edited = await asSeller()("PUT", `/api/ads/${ad.id}`, { ...bodies.car, price: 1_100_000 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: "active", price: 1_100_000, raisedAt: active.raisedAt });
    const history = await harness.database.db
      .select()
      .from(adPriceHistory)
      .where(eq(adPriceHistory.adId, ad.id))
      .orderBy(adPriceHistory.id);
    expect(history.map((row) => row.price)).toEqual([1_250_000, 1_100_000]);
    await asSeller()("PUT", `/api/ads/${ad.id}`, { ...bodies.car, price: 1_100_000, description: "Торг" });
    expect(
      await harness.database.db.select().from(adPriceHistory).where(eq(adPriceHistory.adId, ad.id)),
    ).toHaveLength(2);
  });

  it("[P4] answers the price history: every price with its time, in both currencies at that time's rate", async () => {
    const ad = await createAd(bodies.car);
    const history = (client: TestClient | null) =>
      callAs(harness, client)("GET", `/api/ads/${ad.id}/price-history`);
    expect((await history(null)).statusCode).toBe(404);
    expect((await history(seller)).json()).toMatchObject({ items: [{ price: 1_250_000 }] });

    await asSeller()("POST", `/api/ads/${ad.id}/publish`);
    await asSeller()("PUT", `/api/ads/${ad.id}`, { ...bodies.car, price: 1_100_000 });
    await setSetting(harness, "usdRate", 80);
    try {
      await asSeller()("PUT", `/api/ads/${ad.id}`, { ...bodies.car, price: 13_000, currency: "USD" });
    } finally {
      await setSetting(harness, "usdRate", 87.5);
    }
    const response = await history(null);
    expect(response.statusCode, response.body).toBe(200);
    const { items } = adPriceHistorySchema.parse(response.json());
    expect(items.map(({ changedAt: _, ...price }) => price)).toEqual([
      { price: 1_250_000, currency: "KGS", priceKgs: 1_250_000, priceUsd: 14_286 },
      { price: 1_100_000, currency: "KGS", priceKgs: 1_100_000, priceUsd: 12_571 },
      { price: 13_000, currency: "USD", priceKgs: 1_040_000, priceUsd: 13_000 },
    ]);
    const times = items.map((item) => Date.parse(item.changedAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect((await asGuest()("GET", "/api/ads/999999/price-history")).statusCode).toBe(404);
  });

  it("[P4] marks sold, refuses impossible steps, deletes", async () => {
    const ad = await createAd(bodies.uslugi);
    expect((await asSeller()("POST", `/api/ads/${ad.id}/sold`)).json()).toMatchObject({
      code: "AD_STATE_CONFLICT",
    });
    await asSeller()("POST", `/api/ads/${ad.id}/publish`);
    expect((await asSeller()("POST", `/api/ads/${ad.id}/publish`)).statusCode).toBe(409);
    expect((await asSeller()("POST", `/api/ads/${ad.id}/sold`)).json()).toMatchObject({ status: "sold" });
    expect((await asSeller()("DELETE", `/api/ads/${ad.id}`)).statusCode).toBe(204);
    expect((await asSeller()("GET", `/api/ads/${ad.id}`)).statusCode).toBe(404);
  });

  it("[P4] pre-moderation, and auto mode for an account without a confirmed phone, publish as pending", async () => {
    const emailUser = await signUpUser(harness, { login: nextEmail() });
    const first = await createAd(bodies.uslugi, emailUser);
    expect((await callAs(harness, emailUser)("POST", `/api/ads/${first.id}/publish`)).json()).toMatchObject({
      status: "pending",
      publishedAt: null,
    });
    expect((await asGuest()("GET", `/api/ads/${first.id}`)).statusCode).toBe(404);

    const db = harness.database.db;
    await db.update(settings).set({ value: "pre" }).where(eq(settings.key, "moderationMode"));
    try {
      const second = await createAd(bodies.uslugi);
      expect((await asSeller()("POST", `/api/ads/${second.id}/publish`)).json()).toMatchObject({
        status: "pending",
      });
    } finally {
      await db.update(settings).set({ value: "auto" }).where(eq(settings.key, "moderationMode"));
    }
  });
});

describe("owner checks", () => {
  it("[P4] another user gets 404 for every change; a guest gets 401", async () => {
    const ad = await createAd(bodies.car);
    const other = callAs(harness, stranger);
    expect((await other("PUT", `/api/ads/${ad.id}`, bodies.car)).json()).toMatchObject({
      code: "AD_NOT_FOUND",
    });
    for (const action of ["publish", "archive", "sold"]) {
      expect((await other("POST", `/api/ads/${ad.id}/${action}`)).statusCode, action).toBe(404);
    }
    expect((await other("DELETE", `/api/ads/${ad.id}`)).statusCode).toBe(404);
    expect((await asGuest()("POST", "/api/ads", bodies.car)).statusCode).toBe(401);
    expect((await asGuest()("POST", `/api/ads/${ad.id}/publish`)).statusCode).toBe(401);
    expect((await asSeller()("GET", `/api/ads/${ad.id}`)).json()).toMatchObject({ status: "draft" });
    expect((await asGuest()("GET", "/api/ads/999999")).statusCode).toBe(404);
  });
});

describe("bad input", () => {
  it("[P3] refuses a bad value of every field kind with the field's path", async () => {
    const car = bodies.car as { fields: Record<string, unknown> };
    const cases: [string, Record<string, unknown>][] = [
      ["fields.body", { fields: { ...car.fields, body: "boat" } }],
      ["fields.equipment.0", { fields: { ...car.fields, equipment: ["jetpack"] } }],
      ["fields.engineVolume", { fields: { ...car.fields, engineVolume: 0 } }],
      ["fields.year", { fields: { ...car.fields, year: 1949 } }],
      ["fields.mileage", { fields: { ...car.fields, mileage: "lots" } }],
      ["fields.vin", { fields: { ...car.fields, vin: "SHORT" } }],
      ["fields.mark", { fields: { ...car.fields, mark: "toyota" } }],
      ["fields.gearbox", { fields: { ...car.fields, gearbox: undefined } }],
      ["price", { price: -5 }],
      ["currency", { currency: "RUB" }],
      ["description", { description: "x".repeat(4001) }],
      ["videoUrl", { videoUrl: "http://example.com/v" }],
      ["regionId", { regionId: null }],
      ["negotiable", { negotiable: "yes" }],
      ["chatOnly", { chatOnly: 1 }],
      ["phoneIds.0", { phoneIds: [-1] }],
      // Ids no record can have (beyond a 4-byte integer): a clear refusal, not a failed query.
      ["fields.model", { fields: { ...car.fields, model: 3_000_000_000 } }],
      ["regionId", { regionId: 3_000_000_000 }],
      ["photoIds.0", { photoIds: [3_000_000_000] }],
    ];
    for (const [path, change] of cases) {
      const response = await asSeller()("POST", "/api/ads", { ...bodies.car, ...change });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
      expect(fieldPaths(response), path).toContain(path);
    }
    const service = await asSeller()("POST", "/api/ads", { ...bodies.uslugi, title: "abc" });
    expect(fieldPaths(service)).toContain("title");
    const uslugi = bodies.uslugi as { fields: Record<string, unknown> };
    const serviceCases: [string, Record<string, unknown>][] = [
      ["fields.address", { address: "x".repeat(201) }],
      ["fields.latitude", { latitude: 91 }],
      ["fields.category", { category: undefined }],
      ["fields.priceUnit", { priceUnit: "per-year" }],
    ];
    for (const [path, change] of serviceCases) {
      const response = await asSeller()("POST", "/api/ads", {
        ...uslugi,
        fields: { ...uslugi.fields, ...change },
      });
      expect(response.statusCode, path).toBe(400);
      expect(fieldPaths(response).join(" "), path).toContain(path);
    }
    // A field the vertical does not have is named too.
    const unknown = await asSeller()("POST", "/api/ads", {
      ...uslugi,
      fields: { ...uslugi.fields, colour: "red" },
    });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().errors)).toContain("colour");
    const moto = bodies.moto as { fields: Record<string, unknown> };
    const noMake = await asSeller()("POST", "/api/ads", {
      ...moto,
      fields: { ...moto.fields, markText: null },
    });
    expect(fieldPaths(noMake)).toEqual(expect.arrayContaining(["fields.mark", "fields.markText"]));
  });

  it("[S1.2] refuses catalogue entries that do not belong together, and unknown places", async () => {
    const toyota = await pickCatalog(harness, "car", "toyota");
    const bmw = await pickCatalog(harness, "car", "bmw");
    const car = bodies.car as { fields: Record<string, unknown> };
    const mixed = await asSeller()("POST", "/api/ads", {
      ...car,
      fields: { ...car.fields, mark: toyota.markId, model: bmw.modelId, generation: null },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ code: "AD_CATALOG_MISMATCH" });
    expect(fieldPaths(mixed)).toEqual(["fields.model"]);
    const commercial = await pickCatalog(harness, "commercial");
    const wrongKind = await asSeller()("POST", "/api/ads", {
      ...car,
      fields: { ...car.fields, mark: commercial.markId, model: commercial.modelId, generation: null },
    });
    expect(fieldPaths(wrongKind)).toEqual(["fields.mark"]);

    const { foreignTownId } = await pickPlaces(harness);
    const place = await asSeller()("POST", "/api/ads", { ...car, townId: foreignTownId });
    expect(place.json()).toMatchObject({ code: "AD_LOCATION_INVALID" });
    expect(fieldPaths(place)).toEqual(["townId"]);
    expect(fieldPaths(await asSeller()("POST", "/api/ads", { ...car, regionId: 9999 }))).toEqual([
      "regionId",
    ]);
  });

  it("[P5] refuses bad search filters with their names", async () => {
    const cases: [string, string][] = [
      ["body.0", "vertical=car&body=boat"],
      ["yearFrom", "vertical=car&yearFrom=soon"],
      ["sort", "vertical=uslugi&sort=mileage-asc"],
      ["payloadKg", "vertical=car&payloadKg=1"],
      ["cursor", "vertical=car&cursor=bm90LWEtY3Vyc29y"],
    ];
    for (const [path, query] of cases) {
      const response = await asGuest()("GET", `/api/ads?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(fieldPaths(response).join(" "), query).toContain(path);
    }
    expect((await asGuest()("GET", "/api/ads?vertical=boats")).statusCode).toBe(400);
  });
});

describe("limits and extension", () => {
  it("[P4] a private user may have 5 live services ads for free; the sixth is refused", async () => {
    const user = await signUpUser(harness);
    const as = callAs(harness, user);
    const published: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const ad = await createAd(bodies.uslugi, user);
      expect((await as("POST", `/api/ads/${ad.id}/publish`)).statusCode).toBe(200);
      published.push(ad.id);
    }
    const sixth = await createAd(bodies.uslugi, user);
    const refused = await as("POST", `/api/ads/${sixth.id}/publish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "AD_LIMIT_REACHED" });
    // Another vertical has its own limit; an archived ad frees its place.
    const car = await createAd(bodies.car, user);
    expect((await as("POST", `/api/ads/${car.id}/publish`)).statusCode).toBe(200);
    await as("POST", `/api/ads/${published[0]}/archive`);
    expect((await as("POST", `/api/ads/${sixth.id}/publish`)).json()).toMatchObject({ status: "active" });
  });

  it("[P4] an ad whose time is up is archived by the sweep and leaves the search", async () => {
    const ad = await createAd(bodies.moto);
    const active = adSchema.parse((await asSeller()("POST", `/api/ads/${ad.id}/publish`)).json());
    const expiresAt = Date.parse(active.expiresAt ?? "");
    const service = harness.app.services.adsService;
    await service.archiveExpiredAds(new Date(expiresAt - 1000));
    expect((await asGuest()("GET", `/api/ads/${ad.id}`)).statusCode).toBe(200);
    expect(await service.archiveExpiredAds(new Date(expiresAt))).toBeGreaterThanOrEqual(1);
    expect((await asSeller()("GET", `/api/ads/${ad.id}`)).json()).toMatchObject({ status: "archived" });
    expect((await search("vertical=moto&limit=50")).items.map((item) => item.id)).not.toContain(ad.id);
  });

  it("[P4] an active ad can be extended once, free, in its last 3 days", async () => {
    const ad = await createAd(bodies.moto);
    await asSeller()("POST", `/api/ads/${ad.id}/publish`);
    expect((await asSeller()("POST", `/api/ads/${ad.id}/extend`)).json()).toMatchObject({
      code: "AD_STATE_CONFLICT",
    });
    const soon = new Date(Date.now() + 2 * 86_400_000);
    await harness.database.db.update(ads).set({ expiresAt: soon }).where(eq(ads.id, ad.id));
    const extended = await asSeller()("POST", `/api/ads/${ad.id}/extend`);
    expect(extended.statusCode, extended.body).toBe(200);
    const body = adSchema.parse(extended.json());
    expect(Date.parse(body.expiresAt ?? "") - Date.parse(body.extendedAt ?? "")).toBe(30 * 86_400_000);
    await harness.database.db.update(ads).set({ expiresAt: soon }).where(eq(ads.id, ad.id));
    expect((await asSeller()("POST", `/api/ads/${ad.id}/extend`)).statusCode).toBe(409);
    expect((await callAs(harness, stranger)("POST", `/api/ads/${ad.id}/extend`)).statusCode).toBe(404);
  });
});

describe("moderation", () => {
  async function staffUser(...roles: Role[]): Promise<TestClient> {
    const user = await signUpUser(harness);
    await harness.app.accounts.users.setRoles(user.userId, roles);
    return user;
  }

  it("[P4] a moderator approves a pending ad, rejects with a reason, removes; others cannot", async () => {
    const moderator = callAs(harness, await staffUser("moderator"));
    const newcomer = await signUpUser(harness, { login: nextEmail() });
    const ad = await createAd(bodies.uslugi, newcomer);
    await callAs(harness, newcomer)("POST", `/api/ads/${ad.id}/publish`);
    expect((await moderator("GET", `/api/ads/${ad.id}`)).json()).toMatchObject({ status: "pending" });

    for (const client of [seller, await staffUser("editor")]) {
      const refused = await callAs(harness, client)("POST", `/api/ads/${ad.id}/approve`);
      expect(refused.statusCode).toBe(404);
    }
    expect((await asGuest()("POST", `/api/ads/${ad.id}/remove`)).statusCode).toBe(401);

    const approved = await moderator("POST", `/api/ads/${ad.id}/approve`);
    expect(approved.json()).toMatchObject({ status: "active", isOwner: false });
    expect(adSchema.parse(approved.json()).publishedAt).not.toBeNull();
    expect((await moderator("POST", `/api/ads/${ad.id}/approve`)).statusCode).toBe(409);

    const badReason = await moderator("POST", `/api/ads/${ad.id}/reject`, { reason: "ugly" });
    expect(fieldPaths(badReason)).toEqual(["reason"]);
    const rejected = await moderator("POST", `/api/ads/${ad.id}/reject`, {
      reason: "duplicate",
      note: "Уже есть",
    });
    expect(rejected.json()).toMatchObject({
      status: "rejected",
      rejectReason: "duplicate",
      rejectNote: "Уже есть",
    });
    expect((await asGuest()("GET", `/api/ads/${ad.id}`)).statusCode).toBe(404);
    expect((await callAs(harness, newcomer)("GET", `/api/ads/${ad.id}`)).json()).toMatchObject({
      rejectReason: "duplicate",
    });

    // The owner fixes it, which sends it again; the reason is cleared.
    const again = await callAs(harness, newcomer)("PUT", `/api/ads/${ad.id}`, bodies.uslugi);
    expect(again.json()).toMatchObject({ status: "pending", rejectReason: null });
    expect((await moderator("POST", `/api/ads/${ad.id}/remove`)).json()).toMatchObject({ status: "removed" });
    expect((await callAs(harness, newcomer)("PUT", `/api/ads/${ad.id}`, bodies.uslugi)).statusCode).toBe(409);
    expect((await moderator("POST", "/api/ads/999999/remove")).statusCode).toBe(404);
  });

  it("[P4] a rejected ad goes back to moderation only after an edit, and never skips it", async () => {
    const moderator = callAs(harness, await staffUser("moderator"));
    // A confirmed phone under the `auto` mode: this seller's ads go live without a moderator.
    const ad = await createAd(bodies.car);
    expect((await asSeller()("POST", `/api/ads/${ad.id}/publish`)).json()).toMatchObject({
      status: "active",
    });
    await moderator("POST", `/api/ads/${ad.id}/reject`, { reason: "wrong-price", note: "Цена не та" });

    const unchanged = await asSeller()("POST", `/api/ads/${ad.id}/publish`);
    expect(unchanged.statusCode).toBe(409);
    expect(unchanged.json()).toMatchObject({ code: "AD_REJECTED_NEEDS_EDIT" });
    expect((await asGuest()("GET", `/api/ads/${ad.id}`)).statusCode).toBe(404);

    const edited = await asSeller()("PUT", `/api/ads/${ad.id}`, { ...bodies.car, price: 1_150_000 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: "pending", rejectReason: null, rejectNote: null });
    expect((await asGuest()("GET", `/api/ads/${ad.id}`)).statusCode).toBe(404);
    expect((await moderator("POST", `/api/ads/${ad.id}/approve`)).json()).toMatchObject({
      status: "active",
      price: 1_150_000,
    });
  });
});

describe("views and complaints", () => {
  it("[P4] counts one view per visitor per day, never the owner's", async () => {
    const ad = await createAd(bodies.car);
    expect((await asGuest()("POST", `/api/ads/${ad.id}/view`)).statusCode).toBe(404);
    await asSeller()("POST", `/api/ads/${ad.id}/publish`);
    const view = (client: TestClient | null, ip: string) =>
      harness.app.inject({
        method: "POST",
        url: `/api/ads/${ad.id}/view`,
        remoteAddress: ip,
        headers: client ? { authorization: `Bearer ${client.accessToken}` } : {},
      });
    expect((await view(null, "10.9.0.1")).json()).toEqual({ views: 1, isCounted: true });
    expect((await view(null, "10.9.0.1")).json()).toEqual({ views: 1, isCounted: false });
    expect((await view(null, "10.9.0.2")).json()).toEqual({ views: 2, isCounted: true });
    expect((await view(stranger, "10.9.0.1")).json()).toEqual({ views: 3, isCounted: true });
    expect((await view(stranger, "10.9.0.3")).json()).toEqual({ views: 3, isCounted: false });
    expect((await view(seller, "10.9.0.4")).json()).toEqual({ views: 3, isCounted: false });
    expect((await asGuest()("GET", `/api/ads/${ad.id}`)).json()).toMatchObject({ views: 3 });
  });

  it("[P4.7] writes counted views to the ad in one batch at the next flush", async () => {
    // An owner of its own: the file's seller keeps its free places for the tests after this one.
    const ad = await createPublished(harness, await signUpUser(harness), bodies.car);
    for (const ip of ["10.9.1.1", "10.9.1.2", "10.9.1.1"]) {
      await harness.app.inject({ method: "POST", url: `/api/ads/${ad.id}/view`, remoteAddress: ip });
    }
    const storedViews = async () =>
      (await harness.database.db.select({ views: ads.views }).from(ads).where(eq(ads.id, ad.id)))[0]?.views;
    expect(await storedViews()).toBe(0);
    expect((await asGuest()("GET", `/api/ads/${ad.id}`)).json()).toMatchObject({ views: 2 });
    await harness.app.services.adsService.flushAdViews();
    expect(await storedViews()).toBe(2);
    // Once written, a view is not counted twice: the ad page shows the stored count alone.
    expect((await asGuest()("GET", `/api/ads/${ad.id}`)).json()).toMatchObject({ views: 2 });
    await harness.app.inject({ method: "POST", url: `/api/ads/${ad.id}/view`, remoteAddress: "10.9.1.3" });
    await harness.app.services.adsService.flushAdViews();
    expect(await storedViews()).toBe(3);
  });

  it("[P4] takes one complaint per user per ad, with a reason code", async () => {
    const ad = await createAd(bodies.uslugi);
    const other = callAs(harness, stranger);
    expect((await other("POST", `/api/ads/${ad.id}/complaints`, { reason: "fraud" })).statusCode).toBe(404);
    await asSeller()("POST", `/api/ads/${ad.id}/publish`);
    expect((await asGuest()("POST", `/api/ads/${ad.id}/complaints`, { reason: "fraud" })).statusCode).toBe(
      401,
    );
    expect(fieldPaths(await other("POST", `/api/ads/${ad.id}/complaints`, { reason: "boring" }))).toEqual([
      "reason",
    ]);
    expect(fieldPaths(await other("POST", `/api/ads/${ad.id}/complaints`, { reason: "other" }))).toEqual([
      "text",
    ]);
    const saved = await other("POST", `/api/ads/${ad.id}/complaints`, {
      reason: "wrong-price",
      text: " Цена 1 сом ",
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ adId: ad.id, reason: "wrong-price", text: "Цена 1 сом" });
    const again = await other("POST", `/api/ads/${ad.id}/complaints`, { reason: "fraud" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "AD_COMPLAINT_EXISTS" });
    expect((await asSeller()("POST", `/api/ads/${ad.id}/complaints`, { reason: "fraud" })).statusCode).toBe(
      404,
    );
    const stored = await harness.database.db.select().from(adComplaints).where(eq(adComplaints.adId, ad.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ userId: stranger.userId, status: "new" });
  });
});

describe("favorites", () => {
  it("[S3.3] adds, removes and lists favourites, counting them on the ad", async () => {
    const fan = await signUpUser(harness);
    const asFan = callAs(harness, fan);
    const ad = await createAd(bodies.moto);
    expect((await asFan("PUT", `/api/ads/${ad.id}/favorite`)).statusCode).toBe(404);
    await asSeller()("POST", `/api/ads/${ad.id}/publish`);
    expect((await asGuest()("PUT", `/api/ads/${ad.id}/favorite`)).statusCode).toBe(401);

    expect((await asFan("PUT", `/api/ads/${ad.id}/favorite`)).json()).toEqual({
      adId: ad.id,
      isFavorite: true,
      favorites: 1,
    });
    expect((await asFan("PUT", `/api/ads/${ad.id}/favorite`)).json()).toMatchObject({ favorites: 1 });
    expect((await callAs(harness, stranger)("PUT", `/api/ads/${ad.id}/favorite`)).json()).toMatchObject({
      favorites: 2,
    });
    const listed = await asFan("GET", "/api/favorites");
    expect(listed.json().items.map((item: { id: number }) => item.id)).toEqual([ad.id]);
    // [S3.1][S7.7] the signed-in user carries favoriteAds.
    expect((await asFan("GET", "/api/user/me")).json().favoriteAds).toEqual([ad.id]);

    // An ad that leaves the site stays in the list with its status, and can still be removed.
    await asSeller()("POST", `/api/ads/${ad.id}/archive`);
    expect((await asFan("GET", "/api/favorites")).json().items[0]).toMatchObject({
      id: ad.id,
      status: "archived",
    });
    expect((await asFan("DELETE", `/api/ads/${ad.id}/favorite`)).json()).toEqual({
      adId: ad.id,
      isFavorite: false,
      favorites: 1,
    });
    expect((await asFan("DELETE", `/api/ads/${ad.id}/favorite`)).json()).toMatchObject({ favorites: 1 });
    expect((await asFan("GET", "/api/favorites")).json()).toEqual({ items: [] });
  });

  it("[S3.3] merges a guest's favourites at sign-in, skipping ads that are not active", async () => {
    const fan = await signUpUser(harness);
    const live = await createAd(bodies.car);
    await asSeller()("POST", `/api/ads/${live.id}/publish`);
    const draft = await createAd(bodies.car);
    const merged = await callAs(harness, fan)("POST", "/api/favorites/merge", {
      adIds: [live.id, draft.id, 999_999, live.id],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toEqual({ favoriteAds: [live.id] });
    expect(fieldPaths(await callAs(harness, fan)("POST", "/api/favorites/merge", { adIds: ["x"] }))).toEqual([
      "adIds.0",
    ]);
    expect((await asGuest()("POST", "/api/favorites/merge", { adIds: [] })).statusCode).toBe(401);
  });

  it("[S3.3] gives a guest the cards of their favourites in order, ads that left the site with their status", async () => {
    const owner = await signUpUser(harness);
    const asOwner = callAs(harness, owner);
    const live = await createAd(bodies.uslugi, owner);
    const sold = await createAd(bodies.uslugi, owner);
    const draft = await createAd(bodies.uslugi, owner);
    for (const ad of [live, sold]) await asOwner("POST", `/api/ads/${ad.id}/publish`);
    await asOwner("POST", `/api/ads/${sold.id}/sold`);

    const response = await asGuest()(
      "GET",
      `/api/ads/cards?ids=${sold.id},${draft.id},999999,${live.id},${sold.id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const items = adCardsResponseSchema.parse(response.json()).items;
    expect(items.map(({ id, status }) => ({ id, status }))).toEqual([
      { id: sold.id, status: "sold" },
      { id: live.id, status: "active" },
    ]);
    const tooMany = Array.from({ length: adFavoritesMax + 1 }, (_, index) => index + 1).join(",");
    for (const ids of ["", "1,x", "0", "1,,2", "99999999999", tooMany]) {
      const refused = await asGuest()("GET", `/api/ads/cards?ids=${ids}`);
      expect(refused.statusCode, ids).toBe(400);
      expect(refused.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    }
  });
});

describe("phone reveal", () => {
  const reveal = (id: number, ip: string, client: TestClient | null = null) =>
    harness.app.inject({
      method: "POST",
      url: `/api/ads/${id}/phones`,
      remoteAddress: ip,
      headers: client ? { authorization: `Bearer ${client.accessToken}` } : {},
    });

  let owner: Awaited<ReturnType<typeof signUpUser>>;
  beforeAll(async () => {
    owner = await signUpUser(harness);
  });
  const asOwner = () => callAs(harness, owner);

  it("[P4] shows the seller's chosen confirmed phones, counts reveals, hides them for chat only", async () => {
    const [own] = await harness.database.db
      .select()
      .from(userPhones)
      .where(eq(userPhones.userId, owner.userId));
    const [foreign] = await harness.database.db
      .select()
      .from(userPhones)
      .where(eq(userPhones.userId, stranger.userId));
    if (!own || !foreign) throw new Error("no phones");
    const refused = await asOwner()("POST", "/api/ads", { ...bodies.car, phoneIds: [own.id, foreign.id] });
    expect(refused.json()).toMatchObject({ code: "AD_PHONE_INVALID" });
    expect(fieldPaths(refused)).toEqual(["phoneIds.1"]);

    const ad = await createAd({ ...bodies.car, phoneIds: [own.id] }, owner);
    expect(ad.phoneIds).toEqual([own.id]);
    expect((await reveal(ad.id, nextIp())).statusCode).toBe(404);
    await asOwner()("POST", `/api/ads/${ad.id}/publish`);
    expect((await reveal(ad.id, nextIp())).json()).toEqual({ phones: [owner.login] });
    expect((await reveal(ad.id, nextIp(), stranger)).json()).toEqual({ phones: [owner.login] });
    expect((await reveal(ad.id, nextIp(), owner)).statusCode).toBe(200);
    expect((await asGuest()("GET", `/api/ads/${ad.id}`)).json()).toMatchObject({ phoneReveals: 2 });

    const chatOnly = await createAd(bodies.uslugi, owner);
    await asOwner()("POST", `/api/ads/${chatOnly.id}/publish`);
    const hidden = await reveal(chatOnly.id, nextIp());
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json()).toMatchObject({ code: "AD_CHAT_ONLY" });
  });

  it("[P4] limits reveals per address against scraping", async () => {
    const ad = await createAd(bodies.commercial, owner);
    await asOwner()("POST", `/api/ads/${ad.id}/publish`);
    const ip = nextIp();
    for (let index = 0; index < 30; index += 1)
      expect((await reveal(ad.id, ip)).statusCode, `reveal ${index}`).toBe(200);
    const limited = await reveal(ad.id, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await reveal(ad.id, nextIp())).statusCode).toBe(200);
  });

  it("[P4] limits reveals per network too: a new address in the same /24 each time gets 60, not more", async () => {
    const ad = await createAd(bodies.commercial, owner);
    await asOwner()("POST", `/api/ads/${ad.id}/publish`);
    const network = nextIp().split(".").slice(0, 3).join(".");
    for (let host = 1; host <= 60; host += 1)
      expect((await reveal(ad.id, `${network}.${host}`)).statusCode, `reveal ${host}`).toBe(200);
    expect((await reveal(ad.id, `${network}.61`)).statusCode).toBe(429);
    expect((await reveal(ad.id, nextIp())).statusCode).toBe(200);
  });
});

describe("account deletion", () => {
  it("[S7.25][P2] archives the account's live and waiting ads in the deletion itself; drafts go", async () => {
    const owner = await signUpUser(harness);
    const asOwner = callAs(harness, owner);
    const live = await createAd(bodies.car, owner);
    expect((await asOwner("POST", `/api/ads/${live.id}/publish`)).json()).toMatchObject({ status: "active" });
    await setSetting(harness, "moderationMode", "pre");
    const waiting = await createAd(bodies.car, owner);
    try {
      expect((await asOwner("POST", `/api/ads/${waiting.id}/publish`)).json()).toMatchObject({
        status: "pending",
      });
    } finally {
      await setSetting(harness, "moderationMode", "auto");
    }
    const sold = await createAd(bodies.uslugi, owner);
    await asOwner("POST", `/api/ads/${sold.id}/publish`);
    await asOwner("POST", `/api/ads/${sold.id}/sold`);
    const draft = await createAd(bodies.car, owner);
    const query = `vertical=car&mark=${(bodies.car.fields as { mark: number }).mark}&limit=50`;
    expect((await search(query)).items.map((item) => item.id)).toContain(live.id);

    const deleted = await asOwner("DELETE", "/api/user/me", { password: owner.password });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const rows = await harness.database.db
      .select({ id: ads.id, status: ads.status, expiresAt: ads.expiresAt })
      .from(ads)
      .where(eq(ads.userId, owner.userId))
      .orderBy(ads.id);
    expect(rows).toEqual([
      { id: live.id, status: "archived", expiresAt: null },
      { id: waiting.id, status: "archived", expiresAt: null },
      { id: sold.id, status: "sold", expiresAt: null },
    ]);
    expect(rows.map((row) => row.id)).not.toContain(draft.id);
    expect((await search(query)).items.map((item) => item.id)).not.toContain(live.id);
    for (const ad of [live, waiting, draft]) {
      expect((await asGuest()("GET", `/api/ads/${ad.id}`)).statusCode, `ad ${ad.id}`).toBe(404);
    }
  });

  it("[S7.25] archives in the deletion's transaction: a deletion that fails leaves the ads live", async () => {
    const owner = await signUpUser(harness);
    const live = await createAd(bodies.car, owner);
    await callAs(harness, owner)("POST", `/api/ads/${live.id}/publish`);
    // The deletion's last step fails, after the ads were archived in its transaction.
    const failing = vi
      .spyOn(harness.app.accounts.sessions, "endSessionsOfUser")
      .mockRejectedValueOnce(new Error("sessions store down"));
    try {
      const failed = await callAs(harness, owner)("DELETE", "/api/user/me", { password: owner.password });
      expect(failed.statusCode).toBe(500);
    } finally {
      failing.mockRestore();
    }
    expect((await asGuest()("GET", `/api/ads/${live.id}`)).json()).toMatchObject({ status: "active" });
    expect((await callAs(harness, owner)("GET", "/api/user/me")).statusCode).toBe(200);
  });
});
