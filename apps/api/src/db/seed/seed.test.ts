import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settingDefinitions } from "../../modules/settings/settings.definitions.ts";
import { openTestDatabase } from "../../test/test-database.ts";
import type { DatabaseHandle } from "../client.ts";
import { regions, settings, towns } from "../schema/index.ts";
import { isDatabaseEmpty, seedDatabase } from "./index.ts";
import { readRegionsFile } from "./regions.seed.ts";

const silent = { info() {} };
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function countRows() {
  const [regionCount] = await database.db.select({ value: count() }).from(regions);
  const [townCount] = await database.db.select({ value: count() }).from(towns);
  const [settingCount] = await database.db.select({ value: count() }).from(settings);
  return { regions: regionCount?.value, towns: townCount?.value, settings: settingCount?.value };
}

describe("seed", () => {
  it("fills an empty database from the project's own data file", async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    await seedDatabase(database.db, silent);
    const file = readRegionsFile();
    const expectedTowns = file.regions.reduce((sum, region) => sum + region.towns.length, 0);
    const settingCount = Object.keys(settingDefinitions).length;
    expect(await countRows()).toEqual({ regions: 9, towns: expectedTowns, settings: settingCount });
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it("is idempotent: running it again duplicates nothing", async () => {
    const before = await countRows();
    await seedDatabase(database.db, silent);
    await seedDatabase(database.db, silent);
    expect(await countRows()).toEqual(before);
  });

  it("every town slug is unique in its region and has names in ky, ru, en", () => {
    for (const region of readRegionsFile().regions) {
      const slugs = region.towns.map((town) => town.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const town of region.towns)
        expect([town.name.ky, town.name.ru, town.name.en].every(Boolean)).toBe(true);
    }
  });
});
