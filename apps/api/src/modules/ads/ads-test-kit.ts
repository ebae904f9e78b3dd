// Helpers for the ads API tests: catalogue ids, places, and valid bodies of each vertical. Not a
// test file itself.
import { type Ad, adSchema, type CatalogKind, type Vertical } from "@unaa/contracts";
import { and, asc, eq } from "drizzle-orm";
import {
  adPhotos,
  ads,
  catalogGenerations,
  catalogMarks,
  catalogModels,
  regions,
  settings,
  towns,
} from "../../db/schema/index.ts";
import type { TestApp } from "../../test/test-app.ts";
import { bearer, type TestClient } from "../auth/auth-test-kit.ts";

export interface CatalogPick {
  markId: number;
  markName: string;
  modelId: number;
  modelName: string;
  generationId: number | null;
  generationName: string | null;
}

/**
 * A mark (by slug, or the first of its kind), one of its models (by slug, or the first) and one of
 * that model's generations (by slug, or the first).
 */
export async function pickCatalog(
  harness: TestApp,
  kind: CatalogKind,
  markSlug?: string,
  modelSlug?: string,
  generationSlug?: string,
): Promise<CatalogPick> {
  const db = harness.database.db;
  const [mark] = await db
    .select()
    .from(catalogMarks)
    .where(
      markSlug
        ? and(eq(catalogMarks.kind, kind), eq(catalogMarks.slug, markSlug))
        : eq(catalogMarks.kind, kind),
    )
    .orderBy(asc(catalogMarks.id))
    .limit(1);
  if (!mark) throw new Error(`no ${kind} mark`);
  const [model] = await db
    .select()
    .from(catalogModels)
    .where(
      modelSlug
        ? and(eq(catalogModels.markId, mark.id), eq(catalogModels.slug, modelSlug))
        : eq(catalogModels.markId, mark.id),
    )
    .orderBy(asc(catalogModels.id))
    .limit(1);
  if (!model) throw new Error(`no model of ${mark.slug}`);
  const [generation] = await db
    .select()
    .from(catalogGenerations)
    .where(
      generationSlug
        ? and(eq(catalogGenerations.modelId, model.id), eq(catalogGenerations.slug, generationSlug))
        : eq(catalogGenerations.modelId, model.id),
    )
    .orderBy(asc(catalogGenerations.id))
    .limit(1);
  return {
    markId: mark.id,
    markName: mark.name,
    modelId: model.id,
    modelName: model.name,
    generationId: generation?.id ?? null,
    generationName: generation?.name ?? null,
  };
}

/** A region, one of its towns, and a town of another region. */
export async function pickPlaces(harness: TestApp) {
  const db = harness.database.db;
  const regionRows = await db.select().from(regions).orderBy(asc(regions.id));
  const townRows = await db.select().from(towns).orderBy(asc(towns.id));
  const region = regionRows[0];
  const town = townRows.find((row) => row.regionId === region?.id);
  const foreignTown = townRows.find((row) => row.regionId !== region?.id);
  if (!region || !town || !foreignTown) throw new Error("no regions seeded");
  return { regionId: region.id, townId: town.id, foreignTownId: foreignTown.id };
}

export function carBody(pick: CatalogPick, regionId: number, change: Record<string, unknown> = {}) {
  return {
    vertical: "car",
    description: "Один хозяин, обслуживалась у дилера",
    price: 1_250_000,
    currency: "KGS",
    regionId,
    fields: {
      mark: pick.markId,
      model: pick.modelId,
      generation: pick.generationId,
      year: 2018,
      body: "sedan",
      fuel: "petrol",
      engineVolume: 2.5,
      gearbox: "automatic",
      drive: "front",
      steering: "left",
      color: "white",
      mileage: 85_000,
      mileageUnit: "km",
      condition: "good",
      customs: "cleared",
      registration: "kg",
      availability: "in-stock",
      vin: "jtdbr32e100123456",
      equipment: ["abs", "navigation"],
      ...change,
    },
  };
}

/** A valid draft body of each vertical. */
export async function validBodies(harness: TestApp): Promise<Record<Vertical, Record<string, unknown>>> {
  const { regionId, townId } = await pickPlaces(harness);
  const car = await pickCatalog(harness, "car", "toyota");
  const commercial = await pickCatalog(harness, "commercial");
  return {
    car: { ...carBody(car, regionId), townId },
    commercial: {
      vertical: "commercial",
      price: 42_000,
      currency: "USD",
      regionId,
      fields: {
        category: "truck",
        mark: commercial.markId,
        model: commercial.modelId,
        year: 2015,
        fuel: "diesel",
        gearbox: "manual",
        wheelFormula: "6x4",
        steering: "left",
        payloadKg: 20_000,
        condition: "good",
        customs: "cleared",
        availability: "in-stock",
      },
    },
    moto: {
      vertical: "moto",
      price: 350_000,
      currency: "KGS",
      abroadCountry: "kz",
      fields: {
        category: "motorcycle",
        markText: "Урал",
        modelText: "М-72",
        year: 1975,
        motoType: "classic",
        engineCc: 750,
        engineType: "petrol",
        mileage: 30_000,
        condition: "needs-repair",
        customs: "not-cleared",
      },
    },
    uslugi: {
      vertical: "uslugi",
      title: "Эвакуатор по Бишкеку круглосуточно",
      description: "Быстро и аккуратно",
      price: 0,
      currency: "KGS",
      negotiable: true,
      regionId,
      chatOnly: true,
      videoUrl: "https://youtu.be/dQw4w9WgXcQ",
      fields: { category: "tow-truck", priceUnit: "per-job", workingHours: "24/7" },
    },
  };
}

export function callAs(harness: TestApp, client: TestClient | null) {
  return (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
    harness.app.inject({
      method,
      url,
      headers: client ? bearer(client) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/** Changes a site setting for the rest of the file (e.g. the moderation mode). */
export async function setSetting(harness: TestApp, key: string, value: unknown): Promise<void> {
  await harness.database.db.update(settings).set({ value }).where(eq(settings.key, key));
}

/**
 * Stored photo rows of a user, as an upload leaves them (no files: the ads API never reads them);
 * `folder` "chat-photos" for photos a chat message takes.
 */
export async function insertPhotoRows(
  harness: TestApp,
  userId: number,
  count: number,
  folder = "photos",
): Promise<number[]> {
  const rows = await harness.database.db
    .insert(adPhotos)
    .values(
      Array.from({ length: count }, (_, index) => ({
        userId,
        base: `${folder}/${userId}-test-${Date.now()}-${index}`,
        width: 1600,
        height: 1200,
        placeholder: "data:image/webp;base64,UklGRg==",
        bytes: 1000,
      })),
    )
    .returning({ id: adPhotos.id });
  return rows.map((row) => row.id);
}

/** Sets columns the API has no call for yet (paid placements bought in the money issue, counters). */
export async function setAdColumns(
  harness: TestApp,
  id: number,
  values: Partial<typeof ads.$inferInsert>,
): Promise<void> {
  if (Object.keys(values).length > 0) await harness.database.db.update(ads).set(values).where(eq(ads.id, id));
}

/** Creates an ad and publishes it (active, or pending under pre-moderation). */
export async function createPublished(
  harness: TestApp,
  client: TestClient,
  body: Record<string, unknown>,
): Promise<Ad> {
  const created = await callAs(harness, client)("POST", "/api/ads", body);
  if (created.statusCode !== 201) throw new Error(created.body);
  const published = await callAs(harness, client)(
    "POST",
    `/api/ads/${adSchema.parse(created.json()).id}/publish`,
  );
  if (published.statusCode !== 200) throw new Error(published.body);
  return adSchema.parse(published.json());
}
