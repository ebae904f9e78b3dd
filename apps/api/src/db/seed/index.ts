import { count } from "drizzle-orm";
import type { FileStorage } from "../../lib/storage.ts";
import { insertMissingSettings } from "../../modules/settings/settings.repository.ts";
import { defaultSettings } from "../../modules/settings/settings.service.ts";
import type { Database } from "../client.ts";
import { regions } from "../schema/index.ts";
import { describeCatalogImport, importCatalog } from "./catalog.seed.ts";
import { seedDemoAds } from "./demo-ads.seed.ts";
import { seedDemoBusinesses } from "./demo-businesses.seed.ts";
import { seedDemoReviews } from "./demo-reviews.seed.ts";
import { readRegionsFile, seedRegions } from "./regions.seed.ts";
import { DEMO_PASSWORD, seedDemoUsers } from "./users.seed.ts";

export interface SeedLog {
  info(message: string): void;
}

export interface SeedOptions {
  /** One demo account per role (README: demo credentials). Development only: never in production. */
  demoUsers?: boolean;
  /**
   * A few thousand demo ads from demo sellers, their generated photos stored here (needs
   * `demoUsers` for the demo user's own ads). Development only; only into a database without ads.
   * Reviews of the sellers with the most ads follow (only into a database without reviews).
   */
  demoAds?: { storage: FileStorage };
}

/**
 * Reference data and demo content. Idempotent: running it again updates, never duplicates.
 * Later issues add their seeds (catalogue, demo users and ads) here, in dependency order.
 */
export async function seedDatabase(
  db: Database,
  log: SeedLog = console,
  options: SeedOptions = {},
): Promise<void> {
  await insertMissingSettings(db, defaultSettings());
  const regionsFile = readRegionsFile();
  const townCount = await seedRegions(db, regionsFile);
  log.info(`seed: ${regionsFile.regions.length} regions, ${townCount} towns`);
  for (const line of describeCatalogImport(await importCatalog(db))) log.info(line);
  if (options.demoUsers) log.info(`seed: ${await seedDemoUsers(db)} demo users (password ${DEMO_PASSWORD})`);
  if (options.demoAds) {
    const demo = await seedDemoAds(db, options.demoAds.storage);
    log.info(
      demo
        ? `seed: ${demo.ads} demo ads of ${demo.sellers} demo sellers, ${demo.pictures} pictures, ${(demo.milliseconds / 1000).toFixed(1)} s`
        : "seed: no demo ads (the database has ads)",
    );
    log.info(`seed: ${await seedDemoReviews(db)} demo reviews (after chats in which both wrote)`);
    log.info(`seed: ${await seedDemoBusinesses(db, options.demoAds.storage)} demo businesses`);
  }
}

/** The first start of a new database seeds it; later starts leave the data alone. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(regions);
  return (row?.value ?? 0) === 0;
}
