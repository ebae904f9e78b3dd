import { and, asc, count, desc, eq, inArray, isNull, like, not, sql } from "drizzle-orm";
import { type Database, keyRead, preparedPerHandle } from "../../db/client.ts";
import {
  catalogChanges,
  catalogComplectations,
  catalogGenerations,
  catalogMarks,
  catalogModels,
  catalogSearchTerms,
} from "../../db/schema/index.ts";
import { escapeLike } from "../../lib/like.ts";
import { buildSearchTerms } from "./catalog-search-index.ts";

export type MarkRow = typeof catalogMarks.$inferSelect;
export type ModelRow = typeof catalogModels.$inferSelect;
export type GenerationRow = typeof catalogGenerations.$inferSelect;
export type ComplectationRow = typeof catalogComplectations.$inferSelect;

/** Shown in lists, search and pickers: not hidden and not merged into another entry. */
function isVisible(table: typeof catalogMarks | typeof catalogModels | typeof catalogGenerations) {
  return and(not(table.isHidden), isNull(table.mergedIntoId));
}

// ---- Reads ----

/**
 * A statement reading an entry by its id (an ad's page names its mark, model, generation and
 * complectation): a read by a key (decision 098), prepared once per handle.
 */
function entryById<
  Table extends
    | typeof catalogMarks
    | typeof catalogModels
    | typeof catalogGenerations
    | typeof catalogComplectations,
>(table: Table, name: string) {
  return preparedPerHandle(
    (db) =>
      db
        .select()
        .from(table as typeof catalogMarks)
        .where(eq(table.id, sql.placeholder("id")))
        .prepare(keyRead(name)) as unknown as {
        execute(values: { id: number }): Promise<Table["$inferSelect"][]>;
      },
  );
}

const markById = entryById(catalogMarks, "catalog_mark_by_id");
const modelById = entryById(catalogModels, "catalog_model_by_id");
const generationById = entryById(catalogGenerations, "catalog_generation_by_id");
const complectationById = entryById(catalogComplectations, "catalog_complectation_by_id");

export async function findMarkBySlug(db: Database, kind: string, slug: string): Promise<MarkRow | undefined> {
  const [row] = await db
    .select()
    .from(catalogMarks)
    .where(and(eq(catalogMarks.kind, kind), eq(catalogMarks.slug, slug)));
  return row;
}

export async function findMarkById(db: Database, id: number): Promise<MarkRow | undefined> {
  const [row] = await markById(db).execute({ id });
  return row;
}

export async function findModelBySlug(
  db: Database,
  markId: number,
  slug: string,
): Promise<ModelRow | undefined> {
  const [row] = await db
    .select()
    .from(catalogModels)
    .where(and(eq(catalogModels.markId, markId), eq(catalogModels.slug, slug)));
  return row;
}

export async function findModelById(db: Database, id: number): Promise<ModelRow | undefined> {
  const [row] = await modelById(db).execute({ id });
  return row;
}

export async function findGenerationBySlug(
  db: Database,
  modelId: number,
  slug: string,
): Promise<GenerationRow | undefined> {
  const [row] = await db
    .select()
    .from(catalogGenerations)
    .where(and(eq(catalogGenerations.modelId, modelId), eq(catalogGenerations.slug, slug)));
  return row;
}

export async function findGenerationById(db: Database, id: number): Promise<GenerationRow | undefined> {
  const [row] = await generationById(db).execute({ id });
  return row;
}

export async function findComplectationBySlug(
  db: Database,
  generationId: number,
  slug: string,
): Promise<ComplectationRow | undefined> {
  const [row] = await db
    .select()
    .from(catalogComplectations)
    .where(and(eq(catalogComplectations.generationId, generationId), eq(catalogComplectations.slug, slug)));
  return row;
}

export async function findComplectationById(db: Database, id: number): Promise<ComplectationRow | undefined> {
  const [row] = await complectationById(db).execute({ id });
  return row;
}

/** The visible marks of a kind, most popular first, then A–Z, with their visible model counts. */
export async function findVisibleMarks(
  db: Database,
  kind: string,
): Promise<(MarkRow & { modelCount: number })[]> {
  const counts = db
    .select({ markId: catalogModels.markId, modelCount: count().as("model_count") })
    .from(catalogModels)
    .where(isVisible(catalogModels))
    .groupBy(catalogModels.markId)
    .as("counts");
  const rows = await db
    .select({ mark: catalogMarks, modelCount: counts.modelCount })
    .from(catalogMarks)
    .leftJoin(counts, eq(counts.markId, catalogMarks.id))
    .where(and(eq(catalogMarks.kind, kind), isVisible(catalogMarks)))
    .orderBy(desc(catalogMarks.popularity), asc(catalogMarks.name));
  return rows.map(({ mark, modelCount }) => ({ ...mark, modelCount: Number(modelCount ?? 0) }));
}

export async function findVisibleModels(
  db: Database,
  markId: number,
): Promise<(ModelRow & { generationCount: number })[]> {
  const counts = db
    .select({ modelId: catalogGenerations.modelId, generationCount: count().as("generation_count") })
    .from(catalogGenerations)
    .innerJoin(catalogModels, eq(catalogModels.id, catalogGenerations.modelId))
    .where(and(eq(catalogModels.markId, markId), isVisible(catalogGenerations)))
    .groupBy(catalogGenerations.modelId)
    .as("counts");
  const rows = await db
    .select({ model: catalogModels, generationCount: counts.generationCount })
    .from(catalogModels)
    .leftJoin(counts, eq(counts.modelId, catalogModels.id))
    .where(and(eq(catalogModels.markId, markId), isVisible(catalogModels)))
    .orderBy(desc(catalogModels.popularity), asc(catalogModels.name));
  return rows.map(({ model, generationCount }) => ({
    ...model,
    generationCount: Number(generationCount ?? 0),
  }));
}

/** Oldest first; a facelift after the generation it updates. */
export async function findVisibleGenerations(
  db: Database,
  modelId: number,
): Promise<(GenerationRow & { complectationCount: number })[]> {
  const c = catalogComplectations;
  const counts = db
    .select({ generationId: c.generationId, complectationCount: count().as("complectation_count") })
    .from(c)
    .innerJoin(catalogGenerations, eq(catalogGenerations.id, c.generationId))
    .where(and(eq(catalogGenerations.modelId, modelId), not(c.isHidden), isNull(c.mergedIntoId)))
    .groupBy(c.generationId)
    .as("counts");
  const rows = await db
    .select({ generation: catalogGenerations, complectationCount: counts.complectationCount })
    .from(catalogGenerations)
    .leftJoin(counts, eq(counts.generationId, catalogGenerations.id))
    .where(and(eq(catalogGenerations.modelId, modelId), isVisible(catalogGenerations)))
    .orderBy(
      asc(catalogGenerations.yearFrom),
      asc(catalogGenerations.isRestyling),
      asc(catalogGenerations.name),
      asc(catalogGenerations.id),
    );
  return rows.map(({ generation, complectationCount }) => ({
    ...generation,
    complectationCount: Number(complectationCount ?? 0),
  }));
}

export async function findVisibleComplectations(
  db: Database,
  generationId: number,
): Promise<ComplectationRow[]> {
  const c = catalogComplectations;
  return db
    .select()
    .from(c)
    .where(and(eq(c.generationId, generationId), not(c.isHidden), isNull(c.mergedIntoId)))
    .orderBy(asc(c.position), asc(c.id));
}

/**
 * The names of a kind's visible marks, models and generations, for reading search queries (the ads
 * search's `ads-query-reader.ts`): a few thousand short rows.
 */
export async function findCatalogVocabulary(db: Database, kind: string) {
  const [marks, models, generations] = await Promise.all([
    db
      .select({
        id: catalogMarks.id,
        name: catalogMarks.name,
        nameCyrillic: catalogMarks.nameCyrillic,
        aliases: catalogMarks.aliases,
      })
      .from(catalogMarks)
      .where(and(eq(catalogMarks.kind, kind), isVisible(catalogMarks))),
    db
      .select({
        id: catalogModels.id,
        markId: catalogModels.markId,
        name: catalogModels.name,
        nameCyrillic: catalogModels.nameCyrillic,
        aliases: catalogModels.aliases,
      })
      .from(catalogModels)
      .innerJoin(catalogMarks, eq(catalogMarks.id, catalogModels.markId))
      .where(and(eq(catalogMarks.kind, kind), isVisible(catalogModels))),
    db
      .select({
        id: catalogGenerations.id,
        modelId: catalogGenerations.modelId,
        name: catalogGenerations.name,
        aliases: catalogGenerations.aliases,
      })
      .from(catalogGenerations)
      .innerJoin(catalogModels, eq(catalogModels.id, catalogGenerations.modelId))
      .innerJoin(catalogMarks, eq(catalogMarks.id, catalogModels.markId))
      .where(and(eq(catalogMarks.kind, kind), isVisible(catalogGenerations))),
  ]);
  return { marks, models, generations };
}

export interface SearchHit {
  mark: Pick<MarkRow, "id" | "kind" | "slug" | "name" | "nameCyrillic" | "country">;
  model: Pick<ModelRow, "id" | "slug" | "name" | "nameCyrillic" | "yearFrom" | "yearTo"> | null;
}

/** Popularity steps (0–24, 25–49, 50–74, 75–99, 100) inside which the closest match wins. */
const POPULARITY_TIER = 25;

export type CatalogSearch = (options: {
  prefix: string;
  kind: string | undefined;
  limit: number;
}) => Promise<SearchHit[]>;

/**
 * Marks and models with a search key starting with `prefix` (folded text): a range scan of the
 * text_pattern_ops index. The matching keys are grouped per entry, ranked and cut to `limit` before
 * anything else is read: a whole key typed first, then by popularity step, a mark before models,
 * the shortest key, the more popular, the catalogue's order. Prepared once per database (the
 * search is the catalogue's hottest query): no query building per call, and on PostgreSQL no
 * planning either.
 */
export function prepareCatalogSearch(db: Database): CatalogSearch {
  const t = catalogSearchTerms;
  const m = catalogMarks;
  const mo = catalogModels;
  const prepare = (withKind: boolean) => {
    const isExact = sql<boolean>`bool_or(${t.term} = ${sql.placeholder("exact")})`;
    const popularity = sql<number>`max(${t.popularity})`;
    const hits = db.$with("hits").as(
      db
        .select({
          markId: t.markId,
          modelId: t.modelId,
          rank: sql<number>`row_number() over (order by
            ${isExact} desc,
            ${popularity} / ${POPULARITY_TIER} desc,
            ${t.modelId} is null desc,
            min(length(${t.term})),
            ${popularity} desc,
            ${t.markId},
            ${t.modelId})`.as("rank"),
        })
        .from(t)
        .where(
          and(
            withKind ? eq(t.kind, sql.placeholder("kind")) : undefined,
            like(t.term, sql.placeholder("pattern")),
          ),
        )
        .groupBy(t.markId, t.modelId)
        .orderBy(sql`rank`)
        .limit(sql.placeholder("limit")),
    );
    return db
      .with(hits)
      .select({
        mark: {
          id: m.id,
          kind: m.kind,
          slug: m.slug,
          name: m.name,
          nameCyrillic: m.nameCyrillic,
          country: m.country,
        },
        model: {
          id: mo.id,
          slug: mo.slug,
          name: mo.name,
          nameCyrillic: mo.nameCyrillic,
          yearFrom: mo.yearFrom,
          yearTo: mo.yearTo,
        },
        // Terms exist only for visible entries (rebuilt on every change); this guards a race with one.
        isVisible: sql<boolean>`not ${m.isHidden} and ${m.mergedIntoId} is null
          and (${mo.id} is null or (not ${mo.isHidden} and ${mo.mergedIntoId} is null))`,
      })
      .from(hits)
      .innerJoin(m, eq(m.id, hits.markId))
      .leftJoin(mo, eq(mo.id, hits.modelId))
      .orderBy(asc(hits.rank))
      .prepare(withKind ? "catalog_search_kind" : "catalog_search_all");
  };
  const byKind = prepare(true);
  const allKinds = prepare(false);
  return async ({ prefix, kind, limit }) => {
    const values = { exact: prefix, pattern: `${escapeLike(prefix)}%`, limit };
    const rows = kind ? await byKind.execute({ ...values, kind }) : await allKinds.execute(values);
    return rows.filter((row) => row.isVisible).map(({ mark, model }) => ({ mark, model }));
  };
}

/**
 * Rebuilds the search rows of the given marks (all marks when omitted) from their current visible
 * entries: hidden and merged marks and models lose their rows.
 */
export async function rebuildSearchTerms(db: Database, markIds?: readonly number[]): Promise<number> {
  if (markIds && markIds.length === 0) return 0;
  const markFilter = markIds ? inArray(catalogMarks.id, [...markIds]) : undefined;
  await db
    .delete(catalogSearchTerms)
    .where(markIds ? inArray(catalogSearchTerms.markId, [...markIds]) : undefined);
  const marks = await db
    .select()
    .from(catalogMarks)
    .where(and(markFilter, isVisible(catalogMarks)));
  if (marks.length === 0) return 0;
  const models = await db
    .select()
    .from(catalogModels)
    .where(
      and(
        inArray(
          catalogModels.markId,
          marks.map((mark) => mark.id),
        ),
        isVisible(catalogModels),
      ),
    );
  const modelsByMark = Map.groupBy(models, (model) => model.markId);
  const rows = marks.flatMap((mark) => buildSearchTerms(mark, modelsByMark.get(mark.id) ?? []));
  // Five arrays instead of five parameters per row: one statement, no per-row binding cost.
  await db.execute(sql`
    insert into ${catalogSearchTerms} (kind, term, mark_id, model_id, popularity)
    select * from unnest(
      ${toTextArray(rows.map((row) => row.kind))}::text[],
      ${toTextArray(rows.map((row) => row.term))}::text[],
      ${toTextArray(rows.map((row) => row.markId))}::int[],
      ${toTextArray(rows.map((row) => row.modelId))}::int[],
      ${toTextArray(rows.map((row) => row.popularity))}::int[]
    )`);
  return rows.length;
}

/** A PostgreSQL array literal (`{"a","b",NULL}`), sent as one text parameter on both drivers. */
function toTextArray(values: readonly (string | number | null)[]): string {
  const items = values.map((value) =>
    value === null ? "NULL" : `"${String(value).replace(/["\\]/g, (char) => `\\${char}`)}"`,
  );
  return `{${items.join(",")}}`;
}

/** Big inserts go in slices, well under PostgreSQL's 65,535 bind parameters per statement. */
export async function insertInChunks<T>(
  rows: readonly T[],
  insert: (chunk: T[]) => PromiseLike<unknown>,
  size = 1000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

// ---- Staff writes ----

export type MarkInsert = typeof catalogMarks.$inferInsert;
export type ModelInsert = typeof catalogModels.$inferInsert;
export type GenerationInsert = typeof catalogGenerations.$inferInsert;
export type ComplectationInsert = typeof catalogComplectations.$inferInsert;

export async function insertMark(db: Database, values: MarkInsert): Promise<MarkRow> {
  const [row] = await db.insert(catalogMarks).values(values).returning();
  return row!;
}

export async function updateMark(db: Database, id: number, values: Partial<MarkInsert>): Promise<MarkRow> {
  const [row] = await db.update(catalogMarks).set(values).where(eq(catalogMarks.id, id)).returning();
  return row!;
}

export async function insertModel(db: Database, values: ModelInsert): Promise<ModelRow> {
  const [row] = await db.insert(catalogModels).values(values).returning();
  return row!;
}

export async function updateModel(db: Database, id: number, values: Partial<ModelInsert>): Promise<ModelRow> {
  const [row] = await db.update(catalogModels).set(values).where(eq(catalogModels.id, id)).returning();
  return row!;
}

export async function insertGeneration(db: Database, values: GenerationInsert): Promise<GenerationRow> {
  const [row] = await db.insert(catalogGenerations).values(values).returning();
  return row!;
}

export async function updateGeneration(
  db: Database,
  id: number,
  values: Partial<GenerationInsert>,
): Promise<GenerationRow> {
  const [row] = await db
    .update(catalogGenerations)
    .set(values)
    .where(eq(catalogGenerations.id, id))
    .returning();
  return row!;
}

export async function insertComplectation(
  db: Database,
  values: ComplectationInsert,
): Promise<ComplectationRow> {
  const [row] = await db.insert(catalogComplectations).values(values).returning();
  return row!;
}

export async function updateComplectation(
  db: Database,
  id: number,
  values: Partial<ComplectationInsert>,
): Promise<ComplectationRow> {
  const [row] = await db
    .update(catalogComplectations)
    .set(values)
    .where(eq(catalogComplectations.id, id))
    .returning();
  return row!;
}

/** The next position after a generation's last complectation (staff additions go to the end). */
export async function findNextComplectationPosition(db: Database, generationId: number): Promise<number> {
  const [row] = await db
    .select({ last: sql<number | null>`max(${catalogComplectations.position})` })
    .from(catalogComplectations)
    .where(eq(catalogComplectations.generationId, generationId));
  return Number(row?.last ?? -1) + 1;
}

/** Staff lists: every entry of a parent that is not merged away, hidden ones included. */
export async function findStaffMarks(db: Database, kind: string): Promise<MarkRow[]> {
  return db
    .select()
    .from(catalogMarks)
    .where(and(eq(catalogMarks.kind, kind), isNull(catalogMarks.mergedIntoId)))
    .orderBy(desc(catalogMarks.popularity), asc(catalogMarks.name), asc(catalogMarks.id));
}

export async function findStaffModels(db: Database, markId: number): Promise<ModelRow[]> {
  return db
    .select()
    .from(catalogModels)
    .where(and(eq(catalogModels.markId, markId), isNull(catalogModels.mergedIntoId)))
    .orderBy(desc(catalogModels.popularity), asc(catalogModels.name), asc(catalogModels.id));
}

export async function findStaffGenerations(db: Database, modelId: number): Promise<GenerationRow[]> {
  return db
    .select()
    .from(catalogGenerations)
    .where(and(eq(catalogGenerations.modelId, modelId), isNull(catalogGenerations.mergedIntoId)))
    .orderBy(
      asc(catalogGenerations.yearFrom),
      asc(catalogGenerations.isRestyling),
      asc(catalogGenerations.name),
      asc(catalogGenerations.id),
    );
}

export async function findModelsOfMark(db: Database, markId: number): Promise<ModelRow[]> {
  return db.select().from(catalogModels).where(eq(catalogModels.markId, markId));
}

export async function findGenerationsOfModel(db: Database, modelId: number): Promise<GenerationRow[]> {
  return db.select().from(catalogGenerations).where(eq(catalogGenerations.modelId, modelId));
}

export async function findComplectationsOfGeneration(
  db: Database,
  generationId: number,
): Promise<ComplectationRow[]> {
  return db.select().from(catalogComplectations).where(eq(catalogComplectations.generationId, generationId));
}

export async function insertCatalogChange(
  db: Database,
  change: { level: string; entryId: number; action: string; userId: number; changes: unknown },
): Promise<void> {
  await db.insert(catalogChanges).values(change);
}

export async function findCatalogChanges(
  db: Database,
  level: string,
  entryId: number,
): Promise<(typeof catalogChanges.$inferSelect)[]> {
  return db
    .select()
    .from(catalogChanges)
    .where(and(eq(catalogChanges.level, level), eq(catalogChanges.entryId, entryId)))
    .orderBy(asc(catalogChanges.id));
}

/** True when the error is PostgreSQL's unique violation (the same slug under the same parent). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
