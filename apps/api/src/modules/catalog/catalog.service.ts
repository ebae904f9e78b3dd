import {
  type CatalogComplectation,
  type CatalogComplectationInput,
  type CatalogComplectationPatch,
  type CatalogComplectationResponse,
  type CatalogComplectationsResponse,
  type CatalogGenerationInput,
  type CatalogGenerationPatch,
  type CatalogGenerationRef,
  type CatalogGenerationsResponse,
  type CatalogKind,
  type CatalogLevel,
  type CatalogMarkInput,
  type CatalogMarkPatch,
  type CatalogMarkRef,
  type CatalogMarksResponse,
  type CatalogModelInput,
  type CatalogModelPatch,
  type CatalogModelRef,
  type CatalogModelsResponse,
  type CatalogPath,
  type CatalogSearchResponse,
  type CatalogStaffComplectation,
  type CatalogStaffGeneration,
  type CatalogStaffMark,
  type CatalogStaffModel,
  foldCatalogQuery,
  popularMarkCount,
  popularModelCount,
  type Role,
  switchKeyboardLayout,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { createSearchCache } from "../../lib/search-cache.ts";
import type { ComplectationRow, GenerationRow, MarkRow, ModelRow } from "./catalog.repository.ts";
import * as repo from "./catalog.repository.ts";

/** The staff member making a change (from the access token). */
export interface CatalogActor {
  id: number;
  roles: readonly Role[];
}

/** Catalogue editing is for editors and up (product.md section 1). */
const editorRoles: readonly Role[] = ["admin", "moderator", "editor"];

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

export interface CatalogService {
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

  getStaffMark(actor: CatalogActor, id: number): Promise<CatalogStaffMark>;
  getStaffModel(actor: CatalogActor, id: number): Promise<CatalogStaffModel>;
  getStaffGeneration(actor: CatalogActor, id: number): Promise<CatalogStaffGeneration>;
  getStaffComplectation(actor: CatalogActor, id: number): Promise<CatalogStaffComplectation>;
  createMark(actor: CatalogActor, input: CatalogMarkInput): Promise<CatalogStaffMark>;
  updateMark(actor: CatalogActor, id: number, patch: CatalogMarkPatch): Promise<CatalogStaffMark>;
  createModel(actor: CatalogActor, input: CatalogModelInput): Promise<CatalogStaffModel>;
  updateModel(actor: CatalogActor, id: number, patch: CatalogModelPatch): Promise<CatalogStaffModel>;
  createGeneration(actor: CatalogActor, input: CatalogGenerationInput): Promise<CatalogStaffGeneration>;
  updateGeneration(
    actor: CatalogActor,
    id: number,
    patch: CatalogGenerationPatch,
  ): Promise<CatalogStaffGeneration>;
  createComplectation(
    actor: CatalogActor,
    input: CatalogComplectationInput,
  ): Promise<CatalogStaffComplectation>;
  updateComplectation(
    actor: CatalogActor,
    id: number,
    patch: CatalogComplectationPatch,
  ): Promise<CatalogStaffComplectation>;
  /** Marks `id` a duplicate of `intoId` (same level and kind); its children move to `intoId`. */
  merge(actor: CatalogActor, level: CatalogLevel, id: number, intoId: number): Promise<void>;
}

// ---- Mapping rows to the contract ----

function toMarkRef(row: Pick<MarkRow, "id" | "slug" | "name" | "nameCyrillic" | "country">): CatalogMarkRef {
  return { id: row.id, slug: row.slug, name: row.name, nameCyrillic: row.nameCyrillic, country: row.country };
}

function toModelRef(
  row: Pick<ModelRow, "id" | "slug" | "name" | "nameCyrillic" | "yearFrom" | "yearTo">,
): CatalogModelRef {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    nameCyrillic: row.nameCyrillic,
    yearFrom: row.yearFrom,
    yearTo: row.yearTo,
  };
}

function toGenerationRef(row: GenerationRow): CatalogGenerationRef {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    yearFrom: row.yearFrom,
    yearTo: row.yearTo,
    isRestyling: row.isRestyling,
  };
}

function toComplectation(row: ComplectationRow): CatalogComplectation {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    body: row.body as CatalogComplectation["body"],
    engineVolume: row.engineVolume,
    powerHp: row.powerHp,
    fuel: row.fuel as CatalogComplectation["fuel"],
    gearbox: row.gearbox as CatalogComplectation["gearbox"],
    drive: row.drive as CatalogComplectation["drive"],
    fuelConsumption: row.fuelConsumption,
    lengthMm: row.lengthMm,
    widthMm: row.widthMm,
    heightMm: row.heightMm,
    seats: row.seats,
  };
}

function toAudit(row: MarkRow | ModelRow | GenerationRow | ComplectationRow) {
  return {
    isHidden: row.isHidden,
    mergedIntoId: row.mergedIntoId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
  };
}

function toStaffMark(row: MarkRow): CatalogStaffMark {
  return {
    ...toMarkRef(row),
    kind: row.kind as CatalogKind,
    aliases: row.aliases,
    popularity: row.popularity,
    ...toAudit(row),
  };
}

function toStaffModel(row: ModelRow): CatalogStaffModel {
  return {
    ...toModelRef(row),
    markId: row.markId,
    aliases: row.aliases,
    popularity: row.popularity,
    ...toAudit(row),
  };
}

function toStaffGeneration(row: GenerationRow): CatalogStaffGeneration {
  return { ...toGenerationRef(row), modelId: row.modelId, aliases: row.aliases, ...toAudit(row) };
}

function toStaffComplectation(row: ComplectationRow): CatalogStaffComplectation {
  return { ...toComplectation(row), generationId: row.generationId, ...toAudit(row) };
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

export function createCatalogService(db: Database): CatalogService {
  const searchCache = createSearchCache<CatalogSearchResponse["items"]>({
    maxEntries: SEARCH_CACHE_ENTRIES,
    ttlMs: SEARCH_CACHE_TTL_MS,
  });
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

  function requireEditor(actor: CatalogActor): void {
    // The route checks the role too; a service never trusts its caller with an access rule.
    if (!actor.roles.some((role) => editorRoles.includes(role))) throw new AppError("ROUTE_NOT_FOUND");
  }

  async function recordChange(
    tx: Database,
    actor: CatalogActor,
    level: CatalogLevel,
    entryId: number,
    action: "create" | "update" | "merge",
    changes: unknown,
  ): Promise<void> {
    await repo.insertCatalogChange(tx, { level, entryId, action, userId: actor.id, changes });
  }

  /**
   * Runs a staff write: a slug taken under the same parent is a 409 naming the field, not a 500;
   * afterwards the search answers are recomputed (names, hidden entries or merges may have changed).
   */
  async function writing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (repo.isUniqueViolation(error)) {
        throw new AppError("CATALOG_SLUG_TAKEN", {
          errors: [{ path: "slug", code: "taken", message: "This slug is already taken under this parent" }],
        });
      }
      throw error;
    } finally {
      searchCache.clear();
    }
  }

  const stamp = (actor: CatalogActor) => ({ updatedBy: actor.id, updatedAt: new Date() });

  function missingParent(field: string): AppError {
    return new AppError("VALIDATION_FAILED", {
      errors: [{ path: field, code: "not_found", message: "There is no such catalogue entry" }],
    });
  }

  async function markById(tx: Database, markId: number): Promise<MarkRow> {
    const mark = await repo.findMarkById(tx, markId);
    if (!mark) throw new AppError("CATALOG_NOT_FOUND");
    return mark;
  }

  async function markOfModel(tx: Database, modelId: number): Promise<MarkRow> {
    const model = await repo.findModelById(tx, modelId);
    const mark = model && (await repo.findMarkById(tx, model.markId));
    if (!mark) throw new AppError("CATALOG_NOT_FOUND");
    return mark;
  }

  async function markOfGeneration(tx: Database, generationId: number): Promise<MarkRow> {
    const generation = await repo.findGenerationById(tx, generationId);
    if (!generation) throw new AppError("CATALOG_NOT_FOUND");
    return markOfModel(tx, generation.modelId);
  }

  async function markOfComplectation(tx: Database, complectationId: number): Promise<MarkRow> {
    const complectation = await repo.findComplectationById(tx, complectationId);
    if (!complectation) throw new AppError("CATALOG_NOT_FOUND");
    return markOfGeneration(tx, complectation.generationId);
  }

  /** The mark an entry of any level belongs to (its kind decides what it may be merged with). */
  const markOf: Record<CatalogLevel, (tx: Database, id: number) => Promise<MarkRow>> = {
    mark: markById,
    model: markOfModel,
    generation: markOfGeneration,
    complectation: markOfComplectation,
  };

  /**
   * Merges `source` into `target` (same level): the source is marked merged, each child moves to
   * the target, or, when the target already has a live child with that slug, is merged into it in
   * turn (an already merged child with a taken slug stays where it is: it points elsewhere anyway).
   */
  async function mergeEntry(
    tx: Database,
    actor: CatalogActor,
    level: CatalogLevel,
    source: { id: number },
    targetId: number,
  ): Promise<void> {
    const mergedStamp = { mergedIntoId: targetId, ...stamp(actor) };
    if (level === "mark") {
      await repo.updateMark(tx, source.id, mergedStamp);
      const targetChildren = new Map(
        (await repo.findModelsOfMark(tx, targetId)).map((row) => [row.slug, row]),
      );
      for (const child of await repo.findModelsOfMark(tx, source.id)) {
        const twin = targetChildren.get(child.slug);
        if (!twin) await repo.updateModel(tx, child.id, { markId: targetId, ...stamp(actor) });
        else if (child.mergedIntoId === null) await mergeEntry(tx, actor, "model", child, twin.id);
      }
    } else if (level === "model") {
      await repo.updateModel(tx, source.id, mergedStamp);
      const targetChildren = new Map(
        (await repo.findGenerationsOfModel(tx, targetId)).map((row) => [row.slug, row]),
      );
      for (const child of await repo.findGenerationsOfModel(tx, source.id)) {
        const twin = targetChildren.get(child.slug);
        if (!twin) await repo.updateGeneration(tx, child.id, { modelId: targetId, ...stamp(actor) });
        else if (child.mergedIntoId === null) await mergeEntry(tx, actor, "generation", child, twin.id);
      }
    } else if (level === "generation") {
      await repo.updateGeneration(tx, source.id, mergedStamp);
      const targetChildren = new Map(
        (await repo.findComplectationsOfGeneration(tx, targetId)).map((row) => [row.slug, row]),
      );
      let position = await repo.findNextComplectationPosition(tx, targetId);
      for (const child of await repo.findComplectationsOfGeneration(tx, source.id)) {
        const twin = targetChildren.get(child.slug);
        if (!twin) {
          await repo.updateComplectation(tx, child.id, {
            generationId: targetId,
            position: position++,
            ...stamp(actor),
          });
        } else if (child.mergedIntoId === null) {
          await mergeEntry(tx, actor, "complectation", child, twin.id);
        }
      }
    } else {
      await repo.updateComplectation(tx, source.id, mergedStamp);
    }
  }

  return {
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

    async search({ q, kind, limit }) {
      const folded = foldCatalogQuery(q);
      if (folded === "") return { query: q, items: [] };
      const key = `${kind ?? "*"}|${limit}|${folded}|${switchKeyboardLayout(q)}`;
      const items = await searchCache.get(key, async () => {
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

    async findRefs(ids) {
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
    },

    async getStaffMark(actor, id) {
      requireEditor(actor);
      const row = await repo.findMarkById(db, id);
      if (!row) throw new AppError("CATALOG_NOT_FOUND");
      return toStaffMark(row);
    },

    async getStaffModel(actor, id) {
      requireEditor(actor);
      const row = await repo.findModelById(db, id);
      if (!row) throw new AppError("CATALOG_NOT_FOUND");
      return toStaffModel(row);
    },

    async getStaffGeneration(actor, id) {
      requireEditor(actor);
      const row = await repo.findGenerationById(db, id);
      if (!row) throw new AppError("CATALOG_NOT_FOUND");
      return toStaffGeneration(row);
    },

    async getStaffComplectation(actor, id) {
      requireEditor(actor);
      const row = await repo.findComplectationById(db, id);
      if (!row) throw new AppError("CATALOG_NOT_FOUND");
      return toStaffComplectation(row);
    },

    async createMark(actor, input) {
      requireEditor(actor);
      return writing(() =>
        db.transaction(async (tx) => {
          const row = await repo.insertMark(tx, { ...input, createdBy: actor.id, updatedBy: actor.id });
          await repo.rebuildSearchTerms(tx, [row.id]);
          await recordChange(tx, actor, "mark", row.id, "create", input);
          return toStaffMark(row);
        }),
      );
    },

    async updateMark(actor, id, patch) {
      requireEditor(actor);
      return writing(() =>
        db.transaction(async (tx) => {
          if (!(await repo.findMarkById(tx, id))) throw new AppError("CATALOG_NOT_FOUND");
          const row = await repo.updateMark(tx, id, { ...patch, ...stamp(actor) });
          await repo.rebuildSearchTerms(tx, [row.id]);
          await recordChange(tx, actor, "mark", id, "update", patch);
          return toStaffMark(row);
        }),
      );
    },

    async createModel(actor, input) {
      requireEditor(actor);
      return writing(() =>
        db.transaction(async (tx) => {
          if (!(await repo.findMarkById(tx, input.markId))) throw missingParent("markId");
          const row = await repo.insertModel(tx, { ...input, createdBy: actor.id, updatedBy: actor.id });
          await repo.rebuildSearchTerms(tx, [row.markId]);
          await recordChange(tx, actor, "model", row.id, "create", input);
          return toStaffModel(row);
        }),
      );
    },

    async updateModel(actor, id, patch) {
      requireEditor(actor);
      return writing(() =>
        db.transaction(async (tx) => {
          const before = await repo.findModelById(tx, id);
          if (!before) throw new AppError("CATALOG_NOT_FOUND");
          checkSpan({ ...before, ...patch });
          const row = await repo.updateModel(tx, id, { ...patch, ...stamp(actor) });
          await repo.rebuildSearchTerms(tx, [row.markId]);
          await recordChange(tx, actor, "model", id, "update", patch);
          return toStaffModel(row);
        }),
      );
    },

    async createGeneration(actor, input) {
      requireEditor(actor);
      return writing(() =>
        db.transaction(async (tx) => {
          if (!(await repo.findModelById(tx, input.modelId))) throw missingParent("modelId");
          const row = await repo.insertGeneration(tx, { ...input, createdBy: actor.id, updatedBy: actor.id });
          await recordChange(tx, actor, "generation", row.id, "create", input);
          return toStaffGeneration(row);
        }),
      );
    },

    async updateGeneration(actor, id, patch) {
      requireEditor(actor);
      return writing(() =>
        db.transaction(async (tx) => {
          const before = await repo.findGenerationById(tx, id);
          if (!before) throw new AppError("CATALOG_NOT_FOUND");
          checkSpan({ ...before, ...patch });
          const row = await repo.updateGeneration(tx, id, { ...patch, ...stamp(actor) });
          await recordChange(tx, actor, "generation", id, "update", patch);
          return toStaffGeneration(row);
        }),
      );
    },

    async createComplectation(actor, input) {
      requireEditor(actor);
      return writing(() =>
        db.transaction(async (tx) => {
          if (!(await repo.findGenerationById(tx, input.generationId))) throw missingParent("generationId");
          const position = await repo.findNextComplectationPosition(tx, input.generationId);
          const row = await repo.insertComplectation(tx, {
            ...input,
            position,
            createdBy: actor.id,
            updatedBy: actor.id,
          });
          await recordChange(tx, actor, "complectation", row.id, "create", input);
          return toStaffComplectation(row);
        }),
      );
    },

    async updateComplectation(actor, id, patch) {
      requireEditor(actor);
      return writing(() =>
        db.transaction(async (tx) => {
          if (!(await repo.findComplectationById(tx, id))) throw new AppError("CATALOG_NOT_FOUND");
          const row = await repo.updateComplectation(tx, id, { ...patch, ...stamp(actor) });
          await recordChange(tx, actor, "complectation", id, "update", patch);
          return toStaffComplectation(row);
        }),
      );
    },

    async merge(actor, level, id, intoId) {
      requireEditor(actor);
      await writing(() =>
        db.transaction(async (tx) => {
          const findEntry = {
            mark: repo.findMarkById,
            model: repo.findModelById,
            generation: repo.findGenerationById,
            complectation: repo.findComplectationById,
          }[level];
          const source = await findEntry(tx, id);
          if (!source) throw new AppError("CATALOG_NOT_FOUND");
          const target = await findEntry(tx, intoId);
          const invalid = new AppError("CATALOG_MERGE_INVALID", {
            errors: [
              { path: "intoId", code: "invalid", message: "Must be another live entry of the same kind" },
            ],
          });
          // The one that stays must be live, and a merged entry is not merged again (no loops).
          if (!target || target.id === source.id || target.isHidden || target.mergedIntoId !== null)
            throw invalid;
          if (source.mergedIntoId !== null) throw invalid;
          const [sourceMark, targetMark] = [
            await markOf[level](tx, source.id),
            await markOf[level](tx, target.id),
          ];
          if (sourceMark.kind !== targetMark.kind) throw invalid;
          await mergeEntry(tx, actor, level, source, target.id);
          await repo.rebuildSearchTerms(tx, [...new Set([sourceMark.id, targetMark.id])]);
          await recordChange(tx, actor, level, id, "merge", { intoId });
        }),
      );
    },
  };
}

/** A patch may move one end of the span past the other end it did not send. */
function checkSpan(value: { yearFrom: number; yearTo: number | null }): void {
  if (value.yearTo !== null && value.yearTo < value.yearFrom) {
    throw new AppError("VALIDATION_FAILED", {
      errors: [{ path: "yearTo", code: "too_small", message: "must not be before yearFrom" }],
    });
  }
}
