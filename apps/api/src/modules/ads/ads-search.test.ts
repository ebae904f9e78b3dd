import { readFileSync } from "node:fs";
import {
  type AdCard,
  type AdFilters,
  adFilterSchemas,
  adSchema,
  adSearchResponseSchema,
  type FieldBound,
  rangeFilterNames,
  valueInBaseUnit,
  verticalDefinitions,
} from "@unaa/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ads, countIndexedVerticals, countIndexOf, settings } from "../../db/schema/index.ts";
import { planWithOnlyIndex } from "../../test/query-plans.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import { countQueryOf, createAdSearch } from "./ads-search.ts";
import { type CatalogPick, callAs, carBody, pickCatalog, pickPlaces } from "./ads-test-kit.ts";

let harness: TestApp;
let seller: TestClient;
let toyota: CatalogPick;
let regionId: number;
let serial = 0;

beforeAll(async () => {
  harness = await createTestApp();
  seller = await signUpUser(harness);
  toyota = await pickCatalog(harness, "car", "toyota");
  ({ regionId } = await pickPlaces(harness));
  // One seller publishes every ad of this file: lift the free limits.
  const limits = { car: 1000, commercial: 1000, moto: 1000, uslugi: 1000 };
  await harness.database.db.update(settings).set({ value: limits }).where(eq(settings.key, "freeAdLimits"));
});
afterAll(async () => {
  await harness.close();
});

/** A published car ad; the serial number spreads prices, years and mileages with ties. */
async function publishCar(change: Record<string, unknown> = {}, common: Record<string, unknown> = {}) {
  serial += 1;
  const body = {
    ...carBody(toyota, regionId, {
      year: 2000 + (serial % 7),
      mileage: (serial % 4) * 10_000,
      body: serial % 2 ? "sedan" : "wagon",
      ...change,
    }),
    price: 500_000 + (serial % 5) * 100_000,
    ...common,
  };
  const created = await callAs(harness, seller)("POST", "/api/ads", body);
  if (created.statusCode !== 201) throw new Error(created.body);
  const id = adSchema.parse(created.json()).id;
  const published = await callAs(harness, seller)("POST", `/api/ads/${id}/publish`);
  if (published.statusCode !== 200) throw new Error(published.body);
  return adSchema.parse(published.json());
}

async function search(query: string) {
  const response = await callAs(harness, null)("GET", `/api/ads?vertical=car&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return adSearchResponseSchema.parse(response.json());
}

const ids = (items: AdCard[]) => items.map((item) => item.id);

async function activeIds(vertical: string): Promise<number[]> {
  const rows = await harness.database.db
    .select({ id: ads.id })
    .from(ads)
    .where(and(eq(ads.vertical, vertical), eq(ads.status, "active")));
  return rows.map((row) => row.id);
}

const carDefinition = verticalDefinitions.car;
const mileageField = carDefinition.fields.find(
  (field) => field.name === "mileage",
) as (typeof carDefinition.fields)[number];

describe("keyset pages", () => {
  beforeAll(async () => {
    for (let index = 0; index < 23; index += 1) await publishCar();
  });

  const sorts: [string, (card: AdCard) => number][] = [
    ["fresh", (card) => -Date.parse(card.raisedAt ?? "")],
    ["newest", (card) => -Date.parse(card.publishedAt ?? "")],
    ["price-asc", (card) => card.priceKgs],
    ["price-desc", (card) => -card.priceKgs],
    ["year-desc", (card) => -Number(card.fields.year)],
    ["year-asc", (card) => Number(card.fields.year)],
    // Sorted by the mileage in km, whatever unit the seller typed (decision 040).
    ["mileage-asc", (card) => Number(valueInBaseUnit(carDefinition, mileageField, card.fields))],
  ];

  it.each(sorts)(
    "[P5] %s: walking every page while ads arrive has no duplicates and no gaps",
    async (sort, key) => {
      const existing = await activeIds("car");
      expect(existing.length).toBeGreaterThanOrEqual(23);

      const seen: AdCard[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await search(`sort=${sort}&limit=4${cursor ? `&cursor=${cursor}` : ""}`);
        seen.push(...page.items);
        cursor = page.nextCursor;
        pages += 1;
        // New ads arrive between the pages, some sorting before the cursor and some after.
        await publishCar({}, { price: 400_000 + pages * 150_000 });
      } while (cursor && pages < 100);

      const seenIds = ids(seen);
      expect(new Set(seenIds).size).toBe(seenIds.length);
      expect(seenIds).toEqual(expect.arrayContaining(existing));
      for (let index = 1; index < seen.length; index += 1) {
        const previous = seen[index - 1] as AdCard;
        const current = seen[index] as AdCard;
        expect(key(previous)).toBeLessThanOrEqual(key(current));
        if (key(previous) === key(current)) {
          const isDescending = sort === "fresh" || sort === "newest" || sort.endsWith("-desc");
          expect(isDescending ? previous.id > current.id : previous.id < current.id).toBe(true);
        }
      }
    },
  );

  it("[P5] mileage-asc over ads without a mileage: NULLs last, every ad once", async () => {
    const commercial = await pickCatalog(harness, "commercial");
    const created: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      const body = {
        vertical: "commercial",
        price: 10_000 + index,
        currency: "USD",
        regionId,
        fields: {
          category: "bus",
          mark: commercial.markId,
          year: 2010,
          fuel: "diesel",
          gearbox: "manual",
          steering: "left",
          mileage: index % 3 === 0 ? null : 100_000 * (index % 2),
          seats: 30,
          condition: "good",
          customs: "cleared",
          availability: "in-stock",
        },
      };
      const response = await callAs(harness, seller)("POST", "/api/ads", body);
      const id = adSchema.parse(response.json()).id;
      await callAs(harness, seller)("POST", `/api/ads/${id}/publish`);
      created.push(id);
    }
    const seen: AdCard[] = [];
    let cursor: string | null = null;
    do {
      const response = await callAs(harness, null)(
        "GET",
        `/api/ads?vertical=commercial&sort=mileage-asc&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      const page = adSearchResponseSchema.parse(response.json());
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(ids(seen).sort()).toEqual([...created].sort());
    const mileages = seen.map((card) => card.fields.mileage);
    expect(mileages).toEqual([0, 0, 100_000, 100_000, null, null, null]);
  });

  it("[P5] a cursor of one sort is refused by another", async () => {
    const first = await search("sort=price-asc&limit=2");
    const response = await callAs(harness, null)(
      "GET",
      `/api/ads?vertical=car&sort=fresh&cursor=${first.nextCursor}`,
    );
    expect(response.statusCode).toBe(400);
  });

  it("[P5] a cursor whose key does not fit its sort, or an id no record can have, is refused (400)", async () => {
    const cursor = (value: unknown[]) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const refused = [
      `sort=price-asc&cursor=${cursor(["price-asc", "2026-01-01T00:00:00.000Z", 5])}`,
      `sort=price-asc&cursor=${cursor(["price-asc", 1e300, 5])}`,
      `sort=year-asc&cursor=${cursor(["year-asc", 3_000_000_000, 5])}`,
      `cursor=${cursor(["fresh", 5, 5])}`,
      `cursor=${cursor(["fresh", "5", 5])}`,
      `cursor=${cursor(["fresh", "2026-01-01T00:00:00.000Z", 99_999_999_999])}`,
      "regionId=99999999999",
      `mark=${toyota.markId},3000000000`,
      "townId=3000000000",
    ];
    for (const query of refused) {
      const response = await callAs(harness, null)("GET", `/api/ads?vertical=car&${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code, query).toBe("VALIDATION_FAILED");
    }
    const next = (await search("sort=price-asc&limit=1")).nextCursor;
    expect(
      (await callAs(harness, null)("GET", `/api/ads?vertical=car&sort=price-asc&cursor=${next}`)).statusCode,
    ).toBe(200);
  });

  it('[P5.1] counts exactly up to the limit; above it answers the limit, not exact ("1 000+")', async () => {
    const adSearch = createAdSearch(harness.database.db);
    const filters = adFilterSchemas.car.parse({ vertical: "car" }) as AdFilters;
    const bound = await adSearch.bind(verticalDefinitions.car, filters);
    const exact = await adSearch.count(bound, 10_000);
    expect(exact.isExact).toBe(true);
    expect(exact.total).toBe((await search("limit=1")).total);
    expect(exact.total).toBe((await activeIds("car")).length);
    expect(exact.total).toBeGreaterThan(5);
    expect(await adSearch.count(bound, 5)).toEqual({ total: 5, isExact: false });
    expect(await adSearch.count(bound, exact.total)).toEqual({ total: exact.total, isExact: true });
  });
});

describe("search counts", () => {
  it("[P5.1] counts any combination of a car search's filters from its count index, never reading a row", async () => {
    const { db } = harness.database;
    const adSearch = createAdSearch(db);
    const indexCount = async () => {
      const result = (await db.execute(
        sql`select count(*)::int as indexes from pg_indexes where tablename = 'ads'`,
      )) as unknown as { rows: { indexes: number }[] };
      return result.rows[0]?.indexes;
    };
    const indexes = await indexCount();
    for (const vertical of countIndexedVerticals) {
      const definition = verticalDefinitions[vertical];
      // Every filter the vertical has, and the common ones its count index holds.
      const query: Record<string, string> = {
        vertical,
        regionId: String(regionId),
        priceFrom: "1",
        priceTo: "90000000",
        withPhoto: "true",
        abroad: "false",
      };
      for (const field of definition.fields) {
        if (field.filter === "multi") {
          query[field.name] =
            field.kind === "catalog" ? "1" : "values" in field ? String(field.values[0]) : "";
        } else if (field.filter === "range" && "min" in field) {
          const bound = (value: FieldBound) => String(typeof value === "function" ? value() : value);
          query[rangeFilterNames(field).from] = bound(field.min);
          query[rangeFilterNames(field).to] = bound(field.max);
        }
      }
      const filters = adFilterSchemas[vertical].parse(query) as AdFilters;
      const bound = await adSearch.bind(definition, filters);
      const countIndex = countIndexOf(vertical);
      const plan = await planWithOnlyIndex(db, countIndex, countQueryOf(bound), {
        ...bound.values,
        cap: 1001,
      });
      expect(plan, vertical).toContain(`Index Only Scan using ${countIndex}`);
      expect(plan, vertical).not.toContain("Filter:");
    }
    expect(await indexCount()).toBe(indexes);
  });
});

describe("search filters", () => {
  it("[P5] filters by lists, ranges, price in either currency, place and text", async () => {
    const bmw = await pickCatalog(harness, "car", "bmw");
    const target = await publishCar(
      { mark: bmw.markId, model: bmw.modelId, generation: null, year: 1999, body: "coupe", color: "red" },
      { price: 10_000, currency: "USD", description: "Машины такого цвета редкость, торг уместен" },
    );
    const only = async (query: string) => ids((await search(query)).items);

    expect(await only(`mark=${bmw.markId}`)).toEqual([target.id]);
    expect(await only(`mark=${bmw.markId},${toyota.markId}&limit=50`)).toContain(target.id);
    expect(await only("body=coupe&color=red,black")).toEqual([target.id]);
    expect(await only("yearTo=1999")).toEqual([target.id]);
    expect(await only("yearFrom=2000&limit=50")).not.toContain(target.id);
    expect(await only("currency=USD&priceFrom=9990&priceTo=10010")).toEqual([target.id]);
    expect(await only("priceFrom=875000&priceTo=875000")).toEqual([target.id]);
    expect(await only(`regionId=${regionId}&body=coupe`)).toEqual([target.id]);
    expect(await only(`regionId=${regionId + 1}&body=coupe`)).toEqual([]);
    expect(await only("abroad=true")).toEqual([]);
    expect(await only("postedWithin=1&body=coupe")).toEqual([target.id]);
    // Russian stemming: "машина" finds "Машины"; a Latin word of the title by plain words.
    expect(await only(`q=${encodeURIComponent("машина")}`)).toEqual([target.id]);
    expect(await only(`q=${encodeURIComponent(bmw.markName)}`)).toEqual([target.id]);
    const counted = await search("body=coupe");
    expect(counted).toMatchObject({ total: 1, totalIsExact: true, nextCursor: null });
  });
});

describe("mileage in miles", () => {
  it("[P5] is filtered and sorted as km; the ad and its card keep what the seller typed", async () => {
    // 60 000 mi ≈ 96 561 km: more than the 80 000 km of the other car.
    const miles = await publishCar({ color: "orange", mileage: 60_000, mileageUnit: "mi" });
    const kilometres = await publishCar({ color: "orange", mileage: 80_000, mileageUnit: "km" });
    const only = async (query: string) => ids((await search(`color=orange&${query}`)).items);

    expect(await only("mileageTo=90000")).toEqual([kilometres.id]);
    expect(await only("mileageFrom=90000")).toEqual([miles.id]);
    expect(await only("mileageFrom=96561&mileageTo=96561")).toEqual([miles.id]);
    expect(await only("sort=mileage-asc")).toEqual([kilometres.id, miles.id]);
    const card = (await search("color=orange&sort=mileage-asc")).items[1];
    expect(card?.fields).toMatchObject({ mileage: 60_000, mileageUnit: "mi" });
    // A card carries the fields cards show, in the definition's order, each with its unit; not the colour.
    expect(Object.keys(card?.fields ?? {})).toEqual([
      "year",
      "body",
      "fuel",
      "engineVolume",
      "gearbox",
      "mileage",
      "mileageUnit",
    ]);
    const ad = adSchema.parse((await callAs(harness, null)("GET", `/api/ads/${miles.id}`)).json());
    expect(ad.fields).toMatchObject({ mileage: 60_000, mileageUnit: "mi" });
  });

  it("[P5] rows written before, miles in the km column, are moved to km by migration 0011", async () => {
    const db = harness.database.db;
    const live = await publishCar({ color: "purple", mileage: 10_000, mileageUnit: "mi" });
    const revised = await publishCar({ color: "purple", mileage: 20_000, mileageUnit: "km" });
    // As the API wrote them before: the typed miles in the column and in a waiting revision.
    const revision = { mileage: 30_000, fields: { mileage: 30_000, mileageUnit: "mi" } };
    await db.update(ads).set({ mileage: 10_000 }).where(eq(ads.id, live.id));
    await db.update(ads).set({ pendingRevision: revision }).where(eq(ads.id, revised.id));

    const migration = readFileSync(
      new URL("../../db/migrations/0011_ads_mileage_in_km.sql", import.meta.url),
      "utf8",
    );
    // Twice: a second run changes nothing more.
    for (const run of [1, 2]) {
      for (const statement of migration.split("--> statement-breakpoint")) {
        await db.execute(sql.raw(statement));
      }
      const rows = await db
        .select({ id: ads.id, mileage: ads.mileage, pendingRevision: ads.pendingRevision })
        .from(ads)
        .where(eq(ads.color, "purple"))
        .orderBy(ads.id);
      expect(rows, `run ${run}`).toEqual([
        { id: live.id, mileage: 16_093, pendingRevision: null },
        { id: revised.id, mileage: 20_000, pendingRevision: { ...revision, mileage: 48_280 } },
      ]);
    }
  });
});

describe("similar ads", () => {
  it("[P5] lists active ads of the same model, freshest first, without the ad itself", async () => {
    // Eight others of the same model of this test's own, whichever tests ran before.
    for (let index = 0; index < 8; index += 1) await publishCar();
    const ad = await publishCar();
    const response = await callAs(harness, null)("GET", `/api/ads/${ad.id}/similar`);
    expect(response.statusCode).toBe(200);
    const items: AdCard[] = response.json().items;
    expect(items).toHaveLength(8);
    expect(ids(items)).not.toContain(ad.id);
    const rows = await harness.database.db.select().from(ads).where(eq(ads.modelId, toyota.modelId));
    const models = new Map(rows.map((row) => [row.id, row.status]));
    for (const item of items) expect(models.get(item.id)).toBe("active");
    const raised = items.map((item) => Date.parse(item.raisedAt ?? ""));
    expect([...raised].sort((a, b) => b - a)).toEqual(raised);

    const bmw = await pickCatalog(harness, "car", "bmw");
    const lonely = await publishCar({ mark: bmw.markId, model: bmw.modelId, generation: null });
    const none = await callAs(harness, null)("GET", `/api/ads/${lonely.id}/similar`);
    expect(ids(none.json().items).filter((id) => id !== lonely.id)).toEqual(ids(none.json().items));
    expect(none.json().items.every((item: AdCard) => item.title.startsWith(bmw.markName))).toBe(true);
    expect((await callAs(harness, null)("GET", "/api/ads/999999/similar")).statusCode).toBe(404);
  });
});
