import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settingDefinitions } from "../../modules/settings/settings.definitions.ts";
import { openTestDatabase } from "../../test/test-database.ts";
import type { DatabaseHandle } from "../client.ts";
import { regions, settings, towns } from "../schema/index.ts";
import { isDatabaseEmpty, seedDatabase } from "./index.ts";
import { readRegionsFile } from "./regions.seed.ts";

const silent = { info() {} };
// Each test has a database of its own: the schema alone, or seeded as the other API tests get it.
let empty: DatabaseHandle;
let seeded: DatabaseHandle;

beforeAll(async () => {
  [empty, seeded] = await Promise.all([openTestDatabase(), openTestDatabase({ seeded: true })]);
});
afterAll(async () => {
  await Promise.all([empty.close(), seeded.close()]);
});

async function countRows(database: DatabaseHandle) {
  const [regionCount] = await database.db.select({ value: count() }).from(regions);
  const [townCount] = await database.db.select({ value: count() }).from(towns);
  const [settingCount] = await database.db.select({ value: count() }).from(settings);
  return { regions: regionCount?.value, towns: townCount?.value, settings: settingCount?.value };
}

// The full catalogue import, run up to twice per test: longer than the suite's 15 s by design.
describe("seed", { timeout: 30_000 }, () => {
  it("fills an empty database from the project's own data file", async () => {
    const database = empty;
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    await seedDatabase(database.db, silent);
    const file = readRegionsFile();
    const expectedTowns = file.regions.reduce((sum, region) => sum + region.towns.length, 0);
    const settingCount = Object.keys(settingDefinitions).length;
    expect(await countRows(database)).toEqual({ regions: 9, towns: expectedTowns, settings: settingCount });
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it("is idempotent: running it again duplicates nothing", async () => {
    const database = seeded;
    const before = await countRows(database);
    await seedDatabase(database.db, silent);
    await seedDatabase(database.db, silent);
    expect(await countRows(database)).toEqual(before);
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
