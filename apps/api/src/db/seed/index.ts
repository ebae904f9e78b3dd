import { count } from "drizzle-orm";
import { insertMissingSettings } from "../../modules/settings/settings.repository.ts";
import { defaultSettings } from "../../modules/settings/settings.service.ts";
import type { Database } from "../client.ts";
import { regions } from "../schema/index.ts";
import { readRegionsFile, seedRegions } from "./regions.seed.ts";

export interface SeedLog {
  info(message: string): void;
}

/**
 * Reference data and demo content. Idempotent: running it again updates, never duplicates.
 * Later issues add their seeds (catalogue, demo users and ads) here, in dependency order.
 */
export async function seedDatabase(db: Database, log: SeedLog = console): Promise<void> {
  await insertMissingSettings(db, defaultSettings());
  const regionsFile = readRegionsFile();
  const townCount = await seedRegions(db, regionsFile);
  log.info(`seed: ${regionsFile.regions.length} regions, ${townCount} towns`);
}

/** The first start of a new database seeds it; later starts leave the data alone. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(regions);
  return (row?.value ?? 0) === 0;
}
