import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogMarks, catalogModels, users } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  type CatalogPick,
  callAs,
  carBody,
  createPublished,
  pickCatalog,
  pickPlaces,
  setAdColumns,
  setSetting,
} from "../ads/ads-test-kit.ts";
import { signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import { ADS_PER_FILE, createSitemapService } from "./sitemap.service.ts";

let harness: TestApp;
let seller: TestClient;
let toyota: CatalogPick;
let regionId: number;

/** A service of its own per look: the real one keeps answers for ten minutes. */
const fresh = () => createSitemapService(harness.database.db);

beforeAll(async () => {
  harness = await createTestApp({ JOB_WORKERS: "false" });
  await setSetting(harness, "moderationMode", "post");
  seller = await signUpUser(harness);
  toyota = await pickCatalog(harness, "car", "toyota");
  ({ regionId } = await pickPlaces(harness));
});

afterAll(() => harness.close());

describe("sitemap data (decision 062)", () => {
  it("[P5] lists active ads in files of ids, each ad once, archived ones left out", async () => {
    const live = await createPublished(harness, seller, carBody(toyota, regionId));
    const archived = await createPublished(harness, seller, carBody(toyota, regionId));
    await setAdColumns(harness, archived.id, { status: "archived" });

    const sitemap = fresh();
    const names = (await sitemap.files()).map((file) => file.name);
    const fileOf = (id: number) => `ads-${Math.floor((id - 1) / ADS_PER_FILE)}`;
    expect(names).toEqual(expect.arrayContaining(["catalog", "car-models", fileOf(live.id)]));
    const entries = (await sitemap.entries(fileOf(live.id))) ?? [];
    const paths = entries.map((entry) => entry.path);
    expect(paths).toContain(`/car/${live.id}`);
    expect(paths).not.toContain(`/car/${archived.id}`);
    expect(new Set(paths).size).toBe(paths.length);
    expect(entries.find((entry) => entry.path === `/car/${live.id}`)?.lastmod).toBeInstanceOf(Date);
  });

  it("answers null for files the index does not list", async () => {
    const sitemap = fresh();
    const last =
      (await sitemap.files()).filter((file) => file.name.startsWith("ads-")).at(-1)?.name ?? "ads-0";
    const beyond = `ads-${Number(last.slice(4)) + 1}`;
    for (const name of [beyond, "ads-", "ads-01x", "users", "../catalog", ""]) {
      expect(await sitemap.entries(name), name).toBeNull();
    }
  });

  it("[S1.2] lists the car catalogue's visible levels, a hidden mark and its models left out", async () => {
    const other = await pickCatalog(harness, "car");
    expect(other.markId).not.toBe(toyota.markId);
    const [hidden] = await harness.database.db
      .update(catalogMarks)
      .set({ isHidden: true })
      .where(eq(catalogMarks.id, other.markId))
      .returning();
    const paths = ((await fresh().entries("catalog")) ?? []).map((entry) => entry.path);
    const [model] = await harness.database.db
      .select()
      .from(catalogModels)
      .where(eq(catalogModels.id, toyota.modelId));
    expect(paths).toContain("/catalog/toyota");
    expect(paths).toContain(`/catalog/toyota/${model?.slug}`);
    expect(paths.some((path) => path.split("/").length === 6)).toBe(true);
    expect(hidden?.slug).toBeTruthy();
    expect(paths.filter((path) => path.startsWith(`/catalog/${hidden?.slug}/`))).toEqual([]);
    expect(paths).not.toContain(`/catalog/${hidden?.slug}`);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("[P5] lists /car/{mark}/{model} only for models with active ads", async () => {
    const other = await pickCatalog(harness, "car", "toyota");
    const [model] = await harness.database.db
      .select()
      .from(catalogModels)
      .where(eq(catalogModels.id, toyota.modelId));
    const paths = ((await fresh().entries("car-models")) ?? []).map((entry) => entry.path);
    expect(paths).toContain(`/car/toyota/${model?.slug}`);
    const models = await harness.database.db
      .select()
      .from(catalogModels)
      .where(eq(catalogModels.markId, other.markId));
    const empty = models.find((row) => row.id !== toyota.modelId);
    if (empty) expect(paths).not.toContain(`/car/toyota/${empty.slug}`);
  });

  it("[S2.5][S1.3] lists profiles with active ads and businesses, of open accounts only", async () => {
    const fileOf = (prefix: string, id: number) => `${prefix}-${Math.floor((id - 1) / ADS_PER_FILE)}`;
    const paths = async (name: string) => ((await fresh().entries(name)) ?? []).map((entry) => entry.path);
    const active = await signUpUser(harness);
    await createPublished(harness, active, carBody(toyota, regionId));
    const idle = await signUpUser(harness);
    const blocked = await signUpUser(harness);
    await createPublished(harness, blocked, carBody(toyota, regionId));
    await harness.database.db
      .update(users)
      .set({ blockedAt: new Date() })
      .where(eq(users.id, blocked.userId));
    const profiles = await paths(fileOf("profiles", active.userId));
    expect(profiles).toContain(`/profile/${active.userId}`);
    expect(profiles).not.toContain(`/profile/${idle.userId}`);
    expect(profiles).not.toContain(`/profile/${blocked.userId}`);

    const link = `sitemap-${active.userId}`;
    const created = await callAs(harness, active)("POST", "/api/businesses", {
      link,
      name: "Sitemap Motors",
      kind: "dealer",
      regionId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const business = created.json<{ id: number }>();
    expect((await fresh().files()).map((file) => file.name)).toContain(fileOf("businesses", business.id));
    expect(await paths(fileOf("businesses", business.id))).toContain(`/business/${link}`);
  });
});
