import { readFileSync } from "node:fs";
import { localizedNameSchema } from "@unaa/contracts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../client.ts";
import { regions, towns } from "../schema/index.ts";

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
const regionsFileSchema = z.object({
  source: z.string(),
  regions: z.array(
    z.object({
      slug,
      code: z.string(),
      lat: z.number().optional(),
      lon: z.number().optional(),
      name: localizedNameSchema,
      towns: z.array(
        z.object({
          slug,
          kind: z.string(),
          name: localizedNameSchema,
          lat: z.number().optional(),
          lon: z.number().optional(),
        }),
      ),
    }),
  ),
});
export type RegionsFile = z.infer<typeof regionsFileSchema>;

export function readRegionsFile(): RegionsFile {
  const url = new URL("./data/regions.json", import.meta.url);
  return regionsFileSchema.parse(JSON.parse(readFileSync(url, "utf8")));
}

/** Idempotent: matching rows are updated by slug, never duplicated. */
export async function seedRegions(db: Database, file: RegionsFile = readRegionsFile()): Promise<number> {
  let townCount = 0;
  await db.transaction(async (tx) => {
    for (const [position, region] of file.regions.entries()) {
      const values = {
        slug: region.slug,
        code: region.code,
        nameKy: region.name.ky,
        nameRu: region.name.ru,
        nameEn: region.name.en,
        lat: region.lat ?? null,
        lon: region.lon ?? null,
        position,
      };
      const [row] = await tx
        .insert(regions)
        .values(values)
        .onConflictDoUpdate({ target: regions.slug, set: values })
        .returning({ id: regions.id });
      if (!row) throw new Error(`Region ${region.slug} was not saved`);
      if (region.towns.length === 0) continue;
      const townValues = region.towns.map((town, townPosition) => ({
        regionId: row.id,
        slug: town.slug,
        kind: town.kind,
        nameKy: town.name.ky,
        nameRu: town.name.ru,
        nameEn: town.name.en,
        lat: town.lat ?? null,
        lon: town.lon ?? null,
        position: townPosition,
      }));
      await tx
        .insert(towns)
        .values(townValues)
        .onConflictDoUpdate({
          target: [towns.regionId, towns.slug],
          set: {
            kind: sql`excluded.kind`,
            nameKy: sql`excluded.name_ky`,
            nameRu: sql`excluded.name_ru`,
            nameEn: sql`excluded.name_en`,
            lat: sql`excluded.lat`,
            lon: sql`excluded.lon`,
            position: sql`excluded.position`,
          },
        });
      townCount += townValues.length;
    }
  });
  return townCount;
}
