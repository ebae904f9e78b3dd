/**
 * The catalogue service (decision 007): the public reads (lists, pages, search, an ad's references)
 * and the staff edits, each in its own file, sharing the public reads' cached answers (searches,
 * ads' references), which an edit drops.
 */
import type { Database } from "../../db/client.ts";
import type { CacheDrops } from "../../lib/cache-drops.ts";
import { type CatalogReads, createCatalogAnswers, createCatalogReads } from "./catalog-reads.service.ts";
import { type CatalogStaff, createCatalogStaff } from "./catalog-staff.service.ts";

export type CatalogService = CatalogReads & CatalogStaff;

export function createCatalogService(db: Database, cacheDrops: CacheDrops): CatalogService {
  const answers = createCatalogAnswers();
  return {
    ...createCatalogReads(db, answers),
    ...createCatalogStaff(
      db,
      cacheDrops.register("catalog-searches", () => answers.clear()),
    ),
  };
}
