import type { Region } from "@unaa/contracts";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { regions, towns } from "../../db/schema/index.ts";

/** The regions with their towns that staff have not hidden, in display order (the public configuration). */
export async function findRegionsWithTowns(db: Database): Promise<Region[]> {
  const [regionRows, townRows] = await Promise.all([
    db
      .select()
      .from(regions)
      .where(eq(regions.hidden, false))
      .orderBy(asc(regions.position), asc(regions.id)),
    db.select().from(towns).where(eq(towns.hidden, false)).orderBy(asc(towns.position), asc(towns.id)),
  ]);
  const byRegion = new Map<number, Region["towns"]>();
  for (const town of townRows) {
    const list = byRegion.get(town.regionId) ?? [];
    list.push({
      id: town.id,
      slug: town.slug,
      kind: town.kind,
      name: { ky: town.nameKy, ru: town.nameRu, en: town.nameEn },
    });
    byRegion.set(town.regionId, list);
  }
  return regionRows.map((region) => ({
    id: region.id,
    slug: region.slug,
    code: region.code,
    name: { ky: region.nameKy, ru: region.nameRu, en: region.nameEn },
    towns: byRegion.get(region.id) ?? [],
  }));
}
