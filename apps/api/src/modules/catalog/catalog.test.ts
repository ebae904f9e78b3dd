import {
  catalogComplectationResponseSchema,
  catalogComplectationsResponseSchema,
  catalogGenerationsResponseSchema,
  catalogMarksResponseSchema,
  catalogModelsResponseSchema,
  catalogSearchResponseSchema,
} from "@unaa/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countCatalog, importCatalog } from "../../db/seed/catalog.seed.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { catalogCounts, loadCatalogData } from "./catalog-data.ts";

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => {
  await harness.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return harness.app.inject({ url, headers });
}

const camry = "/api/catalog/marks/toyota/models/camry";

describe("GET /api/catalog/marks", () => {
  it("[S1.2] lists the car marks: popular first by popularity, then A–Z, with model counts", async () => {
    const response = await get("/api/catalog/marks?kind=car");
    expect(response.statusCode).toBe(200);
    const { kind, items } = catalogMarksResponseSchema.parse(response.json());
    expect(kind).toBe("car");
    expect(items.length).toBeGreaterThanOrEqual(90);
    expect(items[0]).toMatchObject({
      slug: "toyota",
      name: "Toyota",
      nameCyrillic: "Тойота",
      isPopular: true,
    });
    const popular = items.filter((item) => item.isPopular);
    const rest = items.filter((item) => !item.isPopular);
    expect(popular.length).toBeGreaterThan(5);
    // Popular ones come first, ordered by popularity; the rest follow alphabetically.
    expect(items.slice(0, popular.length)).toEqual(popular);
    for (let i = 1; i < popular.length; i++) {
      expect(popular[i - 1]!.popularity).toBeGreaterThanOrEqual(popular[i]!.popularity);
    }
    const names = rest.map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    const toyota = items[0]!;
    const data = loadCatalogData().find((entry) => entry.kind === "car" && entry.mark.slug === "toyota");
    expect(toyota.modelCount).toBe(data?.mark.models.length);
  });

  it("serves cars by default and the other kinds on request", async () => {
    const byDefault = catalogMarksResponseSchema.parse((await get("/api/catalog/marks")).json());
    expect(byDefault.kind).toBe("car");
    const commercial = catalogMarksResponseSchema.parse(
      (await get("/api/catalog/marks?kind=commercial")).json(),
    );
    expect(commercial.items.map((item) => item.slug)).toEqual(
      expect.arrayContaining(["kamaz", "howo", "man"]),
    );
    expect(commercial.items.length).toBeGreaterThanOrEqual(40);
    const moto = catalogMarksResponseSchema.parse((await get("/api/catalog/marks?kind=moto")).json());
    expect(moto.items.length).toBeGreaterThanOrEqual(40);
  });

  it("refuses an unknown kind with a field error", async () => {
    const response = await get("/api/catalog/marks?kind=boat");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "kind" }] });
  });
});

describe("a mark, a model, a generation, a complectation", () => {
  it("[S1.2] lists a mark's models with years, popular first", async () => {
    const response = await get("/api/catalog/marks/toyota/models");
    expect(response.statusCode).toBe(200);
    const body = catalogModelsResponseSchema.parse(response.json());
    expect(body.mark).toMatchObject({ slug: "toyota", name: "Toyota", country: "jp" });
    expect(body.items[0]?.isPopular).toBe(true);
    const model = body.items.find((item) => item.slug === "camry");
    expect(model).toMatchObject({ name: "Camry", nameCyrillic: "Камри", yearFrom: 1982, yearTo: null });
    expect(model?.generationCount).toBeGreaterThan(5);
  });

  it("[S1.2] lists a model's generations oldest first, facelifts marked", async () => {
    const body = catalogGenerationsResponseSchema.parse((await get(`${camry}/generations`)).json());
    expect(body.model).toMatchObject({ slug: "camry", name: "Camry" });
    const slugs = body.items.map((item) => item.slug);
    expect(slugs.indexOf("xv70")).toBeLessThan(slugs.indexOf("xv70-restyling"));
    expect(body.items.find((item) => item.slug === "xv70")).toMatchObject({
      name: "XV70",
      yearFrom: 2017,
      yearTo: 2021,
      isRestyling: false,
    });
    expect(body.items.find((item) => item.slug === "xv70-restyling")?.isRestyling).toBe(true);
    const years = body.items.map((item) => item.yearFrom);
    expect(years).toEqual([...years].sort((a, b) => a - b));
  });

  it("[S1.2] lists a generation's complectations with their specs", async () => {
    const body = catalogComplectationsResponseSchema.parse(
      (await get(`${camry}/generations/xv70/complectations`)).json(),
    );
    expect(body.generation).toMatchObject({ slug: "xv70", name: "XV70" });
    expect(body.items.find((item) => item.slug === "2-5-at")).toMatchObject({
      name: "2.5 AT",
      body: "sedan",
      engineVolume: 2.5,
      fuel: "petrol",
      gearbox: "automatic",
      drive: "front",
    });
  });

  it("[S1.2] answers one complectation's specs with its mark, model and generation", async () => {
    const body = catalogComplectationResponseSchema.parse(
      (await get(`${camry}/generations/xv70/complectations/2-5-at`)).json(),
    );
    expect(body).toMatchObject({
      kind: "car",
      mark: { slug: "toyota" },
      model: { slug: "camry" },
      generation: { slug: "xv70" },
      complectation: { slug: "2-5-at", engineVolume: 2.5, powerHp: expect.any(Number) },
    });
  });

  it("names the entries an ad points at by id, leaving out unknown ids", async () => {
    const body = catalogComplectationResponseSchema.parse(
      (await get(`${camry}/generations/xv70/complectations/2-5-at`)).json(),
    );
    const refs = await harness.app.services.catalogService.findRefs({
      mark: body.mark.id,
      model: body.model.id,
      generation: body.generation.id,
      complectation: body.complectation.id,
    });
    expect(refs).toMatchObject({
      mark: { slug: "toyota", name: "Toyota" },
      model: { slug: "camry", name: "Camry" },
      generation: { slug: "xv70" },
      complectation: { slug: "2-5-at", name: body.complectation.name },
    });
    expect(await harness.app.services.catalogService.findRefs({ mark: 2_000_000_000, model: null })).toEqual(
      {},
    );
  });

  it.each([
    "/api/catalog/marks/no-such-mark/models",
    "/api/catalog/marks/Toyota/models",
    "/api/catalog/marks/toyota%20/models",
    "/api/catalog/marks/kamaz/models", // a commercial mark, asked for as a car
    "/api/catalog/marks/toyota/models/no-such-model/generations",
    `${camry}/generations/xv99/complectations`,
    `${camry}/generations/xv70/complectations/9-9-at`,
    `${camry}/generations/xv70/complectations/${"x".repeat(100)}`,
  ])("[S8.3] answers 404 CATALOG_NOT_FOUND for %s", async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "CATALOG_NOT_FOUND", message: expect.any(String) });
  });

  it("finds a commercial mark as commercial", async () => {
    const body = catalogModelsResponseSchema.parse(
      (await get("/api/catalog/marks/kamaz/models?kind=commercial")).json(),
    );
    expect(body.kind).toBe("commercial");
    expect(body.items.length).toBeGreaterThan(0);
  });
});

describe("GET /api/catalog/search", () => {
  async function search(q: string, kind = "car") {
    const response = await get(
      `/api/catalog/search?q=${encodeURIComponent(q)}${kind ? `&kind=${kind}` : ""}`,
    );
    expect(response.statusCode).toBe(200);
    return catalogSearchResponseSchema.parse(response.json()).items;
  }
  const label = (item: { mark: { name: string }; model: { name: string } | null }) =>
    item.model ? `${item.mark.name} ${item.model.name}` : item.mark.name;

  it.each([
    ["кам", "Toyota Camry"],
    ["Кам", "Toyota Camry"],
    ["cam", "Toyota Camry"],
    ["lc", "Toyota Land Cruiser"],
    ["лэнд", "Toyota Land Cruiser"],
    ["ленд кр", "Toyota Land Cruiser"],
    ["прадо", "Toyota Land Cruiser Prado"],
    ["toyota cam", "Toyota Camry"],
    ["тойота кам", "Toyota Camry"],
    ["тойота", "Toyota"],
    ["тоета", "Toyota"],
    ["rfvhb", "Toyota Camry"], // "камри" typed on the Latin layout
    ["рав4", "Toyota RAV4"],
    ["мерседес", "Mercedes-Benz"],
  ])("[S1.2] %s finds %s first, in Latin or Cyrillic", async (q, expected) => {
    const items = await search(q);
    expect(items.map(label)[0]).toBe(expected);
  });

  it("searches every kind when none is given, and one kind when asked", async () => {
    const all = await search("кам", "");
    expect(all.map(label)).toEqual(expect.arrayContaining(["Toyota Camry", "KAMAZ"]));
    const commercial = await search("кам", "commercial");
    expect(commercial.map((item) => item.kind)).not.toContain("car");
    expect(commercial.map(label)[0]).toBe("KAMAZ");
  });

  it("limits the answer and finds nothing for nonsense", async () => {
    expect((await get("/api/catalog/search?q=a&limit=3")).json().items).toHaveLength(3);
    expect(await search("zzqx")).toEqual([]);
    expect(await search("%")).toEqual([]);
  });

  it("refuses an empty query with a field error", async () => {
    const response = await get("/api/catalog/search?q=%20");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "q" }] });
  });

  it("reads the prefix index, not the whole table", async () => {
    const plan = await harness.database.db.execute(
      sql`explain select mark_id from catalog_search_terms where kind = 'car' and term like 'кам%'`,
    );
    const text = JSON.stringify((plan as unknown as { rows: unknown[] }).rows);
    expect(text).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    expect(text).not.toMatch(/Seq Scan/);
  });
});

describe("caching", () => {
  it.each([
    "/api/catalog/marks?kind=car",
    "/api/catalog/marks/toyota/models",
    `${camry}/generations`,
    `${camry}/generations/xv70/complectations`,
    `${camry}/generations/xv70/complectations/2-5-at`,
    "/api/catalog/search?q=%D0%BA%D0%B0%D0%BC",
  ])("answers %s with an ETag and Cache-Control, and 304 to a matching If-None-Match", async (url) => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers["cache-control"]).toMatch(/^public, max-age=\d+/);
    const second = await get(url, { "if-none-match": etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe("");
    const stale = await get(url, { "if-none-match": '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });
});

describe("the import", () => {
  it("holds everything the data files list, and prints the counts", async () => {
    const expected = catalogCounts(loadCatalogData());
    const counts = await countCatalog(harness.database.db);
    for (const kind of ["car", "commercial", "moto"] as const) {
      expect(counts[kind]).toMatchObject(expected[kind]);
    }
    expect(counts.car.modelsWithGenerations).toBeGreaterThanOrEqual(200);
    expect(counts.car.generationsWithComplectations).toBeGreaterThanOrEqual(100);
  });

  it("is idempotent: a second run inserts and rewrites nothing", async () => {
    const before = await countCatalog(harness.database.db);
    const result = await importCatalog(harness.database.db);
    expect(result.inserted).toBe(0);
    expect(result.updated).toBe(0);
    expect(result.counts).toEqual(before);
    expect(result.searchTerms).toBeGreaterThan(1000);
  });

  it("updates a changed entry in place, never duplicating it", async () => {
    const data = structuredClone(loadCatalogData());
    const toyota = data.find((entry) => entry.kind === "car" && entry.mark.slug === "toyota")!;
    const model = toyota.mark.models.find((item) => item.slug === "camry")!;
    model.aliases = [...(model.aliases ?? []), "камрюша"];
    const before = await countCatalog(harness.database.db);
    const changed = await importCatalog(harness.database.db, data);
    expect(changed).toMatchObject({ inserted: 0, updated: 1 });
    expect(changed.counts).toEqual(before);
    const items = (await get("/api/catalog/search?q=%D0%BA%D0%B0%D0%BC%D1%80%D1%8E%D1%88")).json().items;
    expect(items[0]?.model?.slug).toBe("camry");
    // Back to the files as they are.
    expect(await importCatalog(harness.database.db)).toMatchObject({ inserted: 0, updated: 1 });
  });
});
