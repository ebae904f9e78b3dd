/**
 * Imports the catalogue data files (`modules/catalog/data`) into the database: `npm run
 * catalog:import`, and part of `npm run db:seed` and of a new database's first start.
 *
 * Idempotent: every entry is upserted by its slug path in one transaction, so a second run inserts
 * nothing and rewrites nothing. Rows go in batches (a few statements per level, not one per row).
 * Staff decisions win over the files: a row a person has edited (updated_by set) keeps its values,
 * hidden rows stay hidden, and the children of an entry merged into another are not re-created
 * (the merge moved them to the entry that stays).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type CatalogKind, catalogKinds } from "@unaa/contracts";
import { count, eq, getTableName, type SQL, sql } from "drizzle-orm";
import { CasingCache } from "drizzle-orm/casing";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { insertInChunks, rebuildSearchTerms } from "../../modules/catalog/catalog.repository.ts";
import { type CatalogEntry, loadCatalogData } from "../../modules/catalog/catalog-data.ts";
import type { Database } from "../client.ts";
import {
  catalogComplectations,
  catalogGenerations,
  catalogMarks,
  catalogModels,
  catalogSearchTerms,
} from "../schema/index.ts";

export interface CatalogKindCounts {
  marks: number;
  models: number;
  modelsWithGenerations: number;
  generations: number;
  generationsWithComplectations: number;
  complectations: number;
}

export interface CatalogImportResult {
  /** What the database holds after the import, per kind. */
  counts: Record<CatalogKind, CatalogKindCounts>;
  inserted: number;
  updated: number;
  unchanged: number;
  searchTerms: number;
  milliseconds: number;
}

interface Written {
  inserted: number;
  updated: number;
}

/**
 * Upserts rows by their unique key. A conflicting row is only rewritten when a value differs and no
 * person has edited it, so unchanged rows keep their updated_at and staff edits survive.
 */
async function upsertRows<T extends PgTable>(
  db: Database,
  table: T,
  rows: T["$inferInsert"][],
  target: PgColumn[],
  fields: PgColumn[],
): Promise<Written> {
  const written: Written = { inserted: 0, updated: 0 };
  const tableName = sql.identifier(getTableName(table));
  const set: Record<string, SQL> = { updatedAt: sql`now()` };
  const current: SQL[] = [];
  const incoming: SQL[] = [];
  for (const field of fields) {
    const column = sql.identifier(casing.getColumnCasing(field));
    set[propertyOf(table, field)] = sql`excluded.${column}`;
    current.push(sql`${tableName}.${column}`);
    incoming.push(sql`excluded.${column}`);
  }
  await insertInChunks(rows, async (chunk) => {
    const result = await db
      .insert(table)
      .values(chunk)
      .onConflictDoUpdate({
        target,
        set,
        setWhere: sql`${tableName}.updated_by is null and (${sql.join(current, sql`, `)}) is distinct from (${sql.join(incoming, sql`, `)})`,
      })
      // xmax is 0 for a row this statement inserted, set for one it updated.
      .returning({ isInserted: sql<boolean>`(xmax = 0)` });
    for (const row of result) {
      if (row.isInserted) written.inserted += 1;
      else written.updated += 1;
    }
  });
  return written;
}

// The database client maps property names to snake_case; raw `excluded.<column>` needs the same names.
const casing = new CasingCache("snake_case");

/** The table's TypeScript key of a column (the `set` object of Drizzle is keyed by those). */
function propertyOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(table).find(([, value]) => value === column);
  if (!entry) throw new Error(`column ${column.name} is not in the table`);
  return entry[0];
}

const key = (...parts: (string | number)[]) => parts.join("/");

export async function importCatalog(
  db: Database,
  data: readonly CatalogEntry[] = loadCatalogData(),
): Promise<CatalogImportResult> {
  const started = performance.now();
  let written: Written = { inserted: 0, updated: 0 };
  const add = (more: Written) => {
    written = { inserted: written.inserted + more.inserted, updated: written.updated + more.updated };
  };
  let total = 0;
  let searchTerms = 0;

  await db.transaction(async (tx) => {
    const m = catalogMarks;
    const markRows = data.map(({ kind, mark }) => ({
      kind,
      slug: mark.slug,
      name: mark.name,
      nameCyrillic: mark.nameCyrillic,
      country: mark.country,
      aliases: mark.aliases ?? [],
      popularity: mark.popularity,
    }));
    total += markRows.length;
    add(
      await upsertRows(
        tx,
        m,
        markRows,
        [m.kind, m.slug],
        [m.name, m.nameCyrillic, m.country, m.aliases, m.popularity],
      ),
    );
    const marks = await tx
      .select({ id: m.id, kind: m.kind, slug: m.slug, mergedIntoId: m.mergedIntoId })
      .from(m);
    const markIds = new Map(
      marks.filter((row) => row.mergedIntoId === null).map((row) => [key(row.kind, row.slug), row.id]),
    );

    const mo = catalogModels;
    const modelRows = data.flatMap(({ kind, mark }) => {
      const markId = markIds.get(key(kind, mark.slug));
      if (markId === undefined) return [];
      return mark.models.map((model) => ({
        markId,
        slug: model.slug,
        name: model.name,
        nameCyrillic: model.nameCyrillic ?? null,
        aliases: model.aliases ?? [],
        yearFrom: model.yearFrom,
        yearTo: model.yearTo,
        popularity: model.popularity,
      }));
    });
    total += modelRows.length;
    add(
      await upsertRows(
        tx,
        mo,
        modelRows,
        [mo.markId, mo.slug],
        [mo.name, mo.nameCyrillic, mo.aliases, mo.yearFrom, mo.yearTo, mo.popularity],
      ),
    );
    const models = await tx
      .select({ id: mo.id, markId: mo.markId, slug: mo.slug, mergedIntoId: mo.mergedIntoId })
      .from(mo);
    const modelIds = new Map(
      models.filter((row) => row.mergedIntoId === null).map((row) => [key(row.markId, row.slug), row.id]),
    );

    const g = catalogGenerations;
    const generationRows = data.flatMap(({ kind, mark }) => {
      const markId = markIds.get(key(kind, mark.slug));
      return mark.models.flatMap((model) => {
        const modelId = markId === undefined ? undefined : modelIds.get(key(markId, model.slug));
        if (modelId === undefined) return [];
        return model.generations.map((generation) => ({
          modelId,
          slug: generation.slug,
          name: generation.name,
          aliases: generation.aliases ?? [],
          yearFrom: generation.yearFrom,
          yearTo: generation.yearTo,
          isRestyling: generation.restyling,
        }));
      });
    });
    total += generationRows.length;
    add(
      await upsertRows(
        tx,
        g,
        generationRows,
        [g.modelId, g.slug],
        [g.name, g.aliases, g.yearFrom, g.yearTo, g.isRestyling],
      ),
    );
    const generations = await tx
      .select({ id: g.id, modelId: g.modelId, slug: g.slug, mergedIntoId: g.mergedIntoId })
      .from(g);
    const generationIds = new Map(
      generations
        .filter((row) => row.mergedIntoId === null)
        .map((row) => [key(row.modelId, row.slug), row.id]),
    );

    const c = catalogComplectations;
    const complectationRows = data.flatMap(({ kind, mark }) => {
      const markId = markIds.get(key(kind, mark.slug));
      return mark.models.flatMap((model) => {
        const modelId = markId === undefined ? undefined : modelIds.get(key(markId, model.slug));
        return model.generations.flatMap((generation) => {
          const generationId =
            modelId === undefined ? undefined : generationIds.get(key(modelId, generation.slug));
          if (generationId === undefined) return [];
          return generation.complectations.map((complectation, position) => ({
            generationId,
            slug: complectation.slug,
            name: complectation.name,
            position,
            body: complectation.body,
            engineVolume: complectation.engineVolume ?? null,
            powerHp: complectation.powerHp ?? null,
            fuel: complectation.fuel,
            gearbox: complectation.gearbox,
            drive: complectation.drive,
            fuelConsumption: complectation.fuelConsumption ?? null,
            lengthMm: complectation.lengthMm ?? null,
            widthMm: complectation.widthMm ?? null,
            heightMm: complectation.heightMm ?? null,
            seats: complectation.seats ?? null,
          }));
        });
      });
    });
    total += complectationRows.length;
    add(
      await upsertRows(
        tx,
        c,
        complectationRows,
        [c.generationId, c.slug],
        [
          c.name,
          c.position,
          c.body,
          c.engineVolume,
          c.powerHp,
          c.fuel,
          c.gearbox,
          c.drive,
          c.fuelConsumption,
          c.lengthMm,
          c.widthMm,
          c.heightMm,
          c.seats,
        ],
      ),
    );

    // The search index follows the marks and models; an import that changed nothing leaves it be.
    const [terms] = await tx.select({ value: count() }).from(catalogSearchTerms);
    if (written.inserted + written.updated > 0 || (terms?.value ?? 0) === 0) {
      searchTerms = await rebuildSearchTerms(tx);
      // Fresh statistics after a bulk load, so the planner picks the prefix index from the start.
      await tx.execute(sql`analyze ${catalogSearchTerms}`);
    } else {
      searchTerms = terms?.value ?? 0;
    }
  });

  return {
    counts: await countCatalog(db),
    inserted: written.inserted,
    updated: written.updated,
    unchanged: total - written.inserted - written.updated,
    searchTerms,
    milliseconds: Math.round(performance.now() - started),
  };
}

/** Every row of the catalogue per kind, hidden and merged ones included. */
export async function countCatalog(db: Database): Promise<Record<CatalogKind, CatalogKindCounts>> {
  const rows = await db
    .select({
      kind: catalogMarks.kind,
      marks: sql<number>`count(distinct ${catalogMarks.id})`,
      models: sql<number>`count(distinct ${catalogModels.id})`,
      modelsWithGenerations: sql<number>`count(distinct ${catalogGenerations.modelId})`,
      generations: sql<number>`count(distinct ${catalogGenerations.id})`,
      generationsWithComplectations: sql<number>`count(distinct ${catalogComplectations.generationId})`,
      complectations: sql<number>`count(distinct ${catalogComplectations.id})`,
    })
    .from(catalogMarks)
    .leftJoin(catalogModels, eq(catalogModels.markId, catalogMarks.id))
    .leftJoin(catalogGenerations, eq(catalogGenerations.modelId, catalogModels.id))
    .leftJoin(catalogComplectations, eq(catalogComplectations.generationId, catalogGenerations.id))
    .groupBy(catalogMarks.kind);
  const empty = (): CatalogKindCounts => ({
    marks: 0,
    models: 0,
    modelsWithGenerations: 0,
    generations: 0,
    generationsWithComplectations: 0,
    complectations: 0,
  });
  const counts = Object.fromEntries(catalogKinds.map((kind) => [kind, empty()])) as Record<
    CatalogKind,
    CatalogKindCounts
  >;
  for (const { kind, ...values } of rows) {
    if (!(catalogKinds as readonly string[]).includes(kind)) continue;
    counts[kind as CatalogKind] = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, Number(value)]),
    ) as unknown as CatalogKindCounts;
  }
  return counts;
}

/** The lines the import prints: one per kind, then what this run changed. */
export function describeCatalogImport(result: CatalogImportResult): string[] {
  const lines = catalogKinds.map((kind) => {
    const c = result.counts[kind];
    return (
      `catalogue ${kind}: ${c.marks} marks, ${c.models} models (${c.modelsWithGenerations} with generations), ` +
      `${c.generations} generations (${c.generationsWithComplectations} with complectations), ` +
      `${c.complectations} complectations`
    );
  });
  lines.push(
    `catalogue import: ${result.inserted} new, ${result.updated} updated, ${result.unchanged} unchanged; ` +
      `${result.searchTerms} search keys; ${(result.milliseconds / 1000).toFixed(1)} s`,
  );
  return lines;
}

function isMain(): boolean {
  const entry = process.argv[1];
  return entry !== undefined && path.resolve(entry) === fileURLToPath(import.meta.url);
}

// `npm run catalog:import`: migrates the database named by DATABASE_URL / DATA_DIR and imports.
if (isMain()) {
  const { loadConfig } = await import("../../config.ts");
  const { openDatabase } = await import("../client.ts");
  const config = loadConfig();
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    for (const line of describeCatalogImport(await importCatalog(handle.db))) console.info(line);
  } finally {
    await handle.close();
  }
}
