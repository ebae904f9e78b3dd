/**
 * The public catalogue (requirements P11): marks, models, generations and complectations as
 * lists and pages show them (hidden and merged entries left out, old paths followed to the entry that
 * stays), the prefix search of the pickers and the search box, and the names of the entries an ad
 * points at.
 */
import {
  type CatalogComplectationResponse,
  type CatalogComplectationsResponse,
  type CatalogGenerationRef,
  type CatalogGenerationsResponse,
  type CatalogKind,
  type CatalogMarkRef,
  type CatalogMarksResponse,
  type CatalogModelRef,
  type CatalogModelsResponse,
  type CatalogPath,
  type CatalogSearchResponse,
  foldCatalogQuery,
  popularMarkCount,
  popularModelCount,
  switchKeyboardLayout,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { createSearchCache } from "../../lib/search-cache.ts";
import type { ComplectationRow, GenerationRow, MarkRow, ModelRow } from "./catalog.repository.ts";
import * as repo from "./catalog.repository.ts";
import { toComplectation, toGenerationRef, toMarkRef, toModelRef } from "./catalog-presenters.ts";

export interface ResolvedPath {
  kind: CatalogKind;
  mark: MarkRow;
  model?: ModelRow;
  generation?: GenerationRow;
  complectation?: ComplectationRow;
}

/** The catalogue entries an ad points at, by id (an ad keeps ids; its page shows names and links). */
export interface CatalogRefIds {
  mark?: number | null;
  model?: number | null;
  generation?: number | null;
  complectation?: number | null;
}

export interface CatalogRefs {
  mark?: CatalogMarkRef;
  model?: CatalogModelRef;
  generation?: CatalogGenerationRef;
  complectation?: { id: number; slug: string; name: string };
}

export interface CatalogReads {
  listMarks(kind: CatalogKind): Promise<CatalogMarksResponse>;
  /** Names and slugs of the given ids (hidden or merged entries too: an ad still shows them). */
  findRefs(ids: CatalogRefIds): Promise<CatalogRefs>;
  listModels(kind: CatalogKind, path: { mark: string }): Promise<CatalogModelsResponse>;
  listGenerations(
    kind: CatalogKind,
    path: { mark: string; model: string },
  ): Promise<CatalogGenerationsResponse>;
  listComplectations(
    kind: CatalogKind,
    path: { mark: string; model: string; generation: string },
  ): Promise<CatalogComplectationsResponse>;
  getComplectation(
    kind: CatalogKind,
    path: { mark: string; model: string; generation: string; complectation: string },
  ): Promise<CatalogComplectationResponse>;
  search(query: { q: string; kind?: CatalogKind | undefined; limit: number }): Promise<CatalogSearchResponse>;
}

/**
 * "Popular first, then A–Z": the first `popularCount` entries by popularity (the repository sorts
 * that way), then everything else by name. Entries nobody rated (popularity 0) are never "popular".
 */
function popularThenAlphabetical<T extends { popularity: number; name: string }>(
  rows: readonly T[],
  popularCount: number,
): (T & { isPopular: boolean })[] {
  const popular = rows.slice(0, popularCount).filter((row) => row.popularity > 0);
  const rest = rows
    .filter((row) => !popular.includes(row))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return [
    ...popular.map((row) => ({ ...row, isPopular: true })),
    ...rest.map((row) => ({ ...row, isPopular: false })),
  ];
}

/** How many merges a lookup follows: merges chain (A → B, later B → C), but never in a loop. */
const MAX_MERGE_HOPS = 8;

const SEARCH_CACHE_TTL_MS = 60_000;
const SEARCH_CACHE_ENTRIES = 5_000;

/**
 * Answers kept a minute, which a staff change drops: the search's (people type the same prefixes),
 * ads' references (every ad page names its mark, model and generation, and ads of one model are
 * many), and the lists (a model's list page reads its mark, model and generations on every view,
 * whatever its filters; decision 097).
 */
export function createCatalogAnswers() {
  const options = { maxEntries: SEARCH_CACHE_ENTRIES, ttlMs: SEARCH_CACHE_TTL_MS };
  const searches = createSearchCache<CatalogSearchResponse["items"]>(options);
  const refs = createSearchCache<CatalogRefs>(options);
  const lists = createSearchCache<object>(options);
  return {
    searches,
    refs,
    /** A list or page answer by its key (what it is and its path), shared by the requests that ask. */
    list<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
      return lists.get(key, load) as Promise<T>;
    },
    clear() {
      searches.clear();
      refs.clear();
      lists.clear();
    },
  };
}

export function createCatalogReads(
  db: Database,
  answers: ReturnType<typeof createCatalogAnswers>,
): CatalogReads {
  const searchTerms = repo.prepareCatalogSearch(db);
  /** The entry a merged one now lives on; a missing, hidden or endlessly merged entry is not found. */
  async function followMerges<T extends { mergedIntoId: number | null; isHidden: boolean }>(
    row: T | undefined,
    findById: (db: Database, id: number) => Promise<T | undefined>,
  ): Promise<T> {
    let current = row;
    for (let hop = 0; current?.mergedIntoId != null && hop < MAX_MERGE_HOPS; hop++) {
      current = await findById(db, current.mergedIntoId);
    }
    if (!current || current.isHidden || current.mergedIntoId !== null)
      throw new AppError("CATALOG_NOT_FOUND");
    return current;
  }

  async function visibleMarkById(id: number, kind: CatalogKind): Promise<MarkRow> {
    const mark = await followMerges(await repo.findMarkById(db, id), repo.findMarkById);
    if (mark.kind !== kind) throw new AppError("CATALOG_NOT_FOUND");
    return mark;
  }

  async function visibleModelById(id: number): Promise<ModelRow> {
    return followMerges(await repo.findModelById(db, id), repo.findModelById);
  }

  async function visibleGenerationById(id: number): Promise<GenerationRow> {
    return followMerges(await repo.findGenerationById(db, id), repo.findGenerationById);
  }

  /**
   * Resolves a slug path level by level. An entry merged into another is followed to the one that
   * stays, whose parents may differ from the path's: the answer carries the real (canonical) slugs,
   * so a page can redirect an old address to the current one.
   */
  async function resolvePath(kind: CatalogKind, path: CatalogPath): Promise<ResolvedPath> {
    let mark = await followMerges(await repo.findMarkBySlug(db, kind, path.mark), repo.findMarkById);
    if (mark.kind !== kind) throw new AppError("CATALOG_NOT_FOUND");
    if (path.model === undefined) return { kind, mark };

    let model = await followMerges(await repo.findModelBySlug(db, mark.id, path.model), repo.findModelById);
    if (model.markId !== mark.id) mark = await visibleMarkById(model.markId, kind);
    if (path.generation === undefined) return { kind, mark, model };

    const generation = await followMerges(
      await repo.findGenerationBySlug(db, model.id, path.generation),
      repo.findGenerationById,
    );
    if (generation.modelId !== model.id) {
      model = await visibleModelById(generation.modelId);
      mark = await visibleMarkById(model.markId, kind);
    }
    if (path.complectation === undefined) return { kind, mark, model, generation };

    const complectation = await followMerges(
      await repo.findComplectationBySlug(db, generation.id, path.complectation),
      repo.findComplectationById,
    );
    if (complectation.generationId !== generation.id) {
      const moved = await visibleGenerationById(complectation.generationId);
      model = await visibleModelById(moved.modelId);
      mark = await visibleMarkById(model.markId, kind);
      return { kind, mark, model, generation: moved, complectation };
    }
    return { kind, mark, model, generation, complectation };
  }

  /** The public lists and pages as the database has them; the service answers them kept. */
  const reads: Pick<
    CatalogReads,
    "listMarks" | "listModels" | "listGenerations" | "listComplectations" | "getComplectation"
  > = {
    async listMarks(kind) {
      const rows = await repo.findVisibleMarks(db, kind);
      return {
        kind,
        items: popularThenAlphabetical(rows, popularMarkCount).map((row) => ({
          ...toMarkRef(row),
          aliases: row.aliases,
          popularity: row.popularity,
          isPopular: row.isPopular,
          modelCount: row.modelCount,
        })),
      };
    },

    async listModels(kind, path) {
      const { mark } = await resolvePath(kind, path);
      const rows = await repo.findVisibleModels(db, mark.id);
      return {
        kind,
        mark: toMarkRef(mark),
        items: popularThenAlphabetical(rows, popularModelCount).map((row) => ({
          ...toModelRef(row),
          aliases: row.aliases,
          popularity: row.popularity,
          isPopular: row.isPopular,
          generationCount: row.generationCount,
        })),
      };
    },

    async listGenerations(kind, path) {
      const { mark, model } = await resolvePath(kind, path);
      if (!model) throw new AppError("CATALOG_NOT_FOUND");
      const rows = await repo.findVisibleGenerations(db, model.id);
      return {
        kind,
        mark: toMarkRef(mark),
        model: toModelRef(model),
        items: rows.map((row) => ({
          ...toGenerationRef(row),
          aliases: row.aliases,
          complectationCount: row.complectationCount,
        })),
      };
    },

    async listComplectations(kind, path) {
      const { mark, model, generation } = await resolvePath(kind, path);
      if (!model || !generation) throw new AppError("CATALOG_NOT_FOUND");
      const rows = await repo.findVisibleComplectations(db, generation.id);
      return {
        kind,
        mark: toMarkRef(mark),
        model: toModelRef(model),
        generation: toGenerationRef(generation),
        items: rows.map(toComplectation),
      };
    },

    async getComplectation(kind, path) {
      const { mark, model, generation, complectation } = await resolvePath(kind, path);
      if (!model || !generation || !complectation) throw new AppError("CATALOG_NOT_FOUND");
      return {
        kind,
        mark: toMarkRef(mark),
        model: toModelRef(model),
        generation: toGenerationRef(generation),
        complectation: toComplectation(complectation),
      };
    },
  };

  /** A read kept by its name and arguments (the kind and the path), which a staff edit drops. */
  const kept =
    <Args extends unknown[], Answer extends object>(name: string, read: (...args: Args) => Promise<Answer>) =>
    (...args: Args) =>
      answers.list(JSON.stringify([name, ...args]), () => read(...args));

  return {
    listMarks: kept("marks", reads.listMarks),
    listModels: kept("models", reads.listModels),
    listGenerations: kept("generations", reads.listGenerations),
    listComplectations: kept("complectations", reads.listComplectations),
    getComplectation: kept("complectation", reads.getComplectation),

    async search({ q, kind, limit }) {
      const folded = foldCatalogQuery(q);
      if (folded === "") return { query: q, items: [] };
      const key = `${kind ?? "*"}|${limit}|${folded}|${switchKeyboardLayout(q)}`;
      const items = await answers.searches.get(key, async () => {
        let hits = await searchTerms({ prefix: folded, kind, limit });
        // Nothing found: perhaps it was typed on the other keyboard layout ("rfvhb" for "камри").
        const switched = foldCatalogQuery(switchKeyboardLayout(q));
        if (hits.length === 0 && switched !== "" && switched !== folded) {
          hits = await searchTerms({ prefix: switched, kind, limit });
        }
        return hits.map(({ mark, model }) => ({
          type: model ? ("model" as const) : ("mark" as const),
          kind: mark.kind as CatalogKind,
          mark: toMarkRef(mark),
          model: model ? toModelRef(model) : null,
        }));
      });
      return { query: q, items };
    },

    findRefs(ids) {
      const key = [ids.mark, ids.model, ids.generation, ids.complectation].join(":");
      return answers.refs.get(key, () => readRefs(ids));
    },
  };

  async function readRefs(ids: CatalogRefIds): Promise<CatalogRefs> {
    const [mark, model, generation, complectation] = await Promise.all([
      ids.mark ? repo.findMarkById(db, ids.mark) : undefined,
      ids.model ? repo.findModelById(db, ids.model) : undefined,
      ids.generation ? repo.findGenerationById(db, ids.generation) : undefined,
      ids.complectation ? repo.findComplectationById(db, ids.complectation) : undefined,
    ]);
    return {
      ...(mark ? { mark: toMarkRef(mark) } : {}),
      ...(model ? { model: toModelRef(model) } : {}),
      ...(generation ? { generation: toGenerationRef(generation) } : {}),
      ...(complectation
        ? { complectation: { id: complectation.id, slug: complectation.slug, name: complectation.name } }
        : {}),
    };
  }
}
