/**
 * Staff edits of the catalogue (editors and up, requirements P1): create and change entries at
 * every level, hide them, merge a duplicate into the entry that stays. Every change is recorded, the
 * search keys of the marks it touches are rebuilt in the same transaction, and the public search's
 * cached answers are dropped. A person's edit wins over the next data import (decision 007).
 */
import type {
  CatalogComplectationInput,
  CatalogComplectationPatch,
  CatalogGenerationInput,
  CatalogGenerationPatch,
  CatalogKind,
  CatalogLevel,
  CatalogMarkInput,
  CatalogMarkPatch,
  CatalogModelInput,
  CatalogModelPatch,
  CatalogStaffComplectation,
  CatalogStaffGeneration,
  CatalogStaffGenerations,
  CatalogStaffMark,
  CatalogStaffMarks,
  CatalogStaffModel,
  CatalogStaffModels,
  Role,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { recordStaffAction } from "../audit/audit.ts";
import type { MarkRow } from "./catalog.repository.ts";
import * as repo from "./catalog.repository.ts";
import { toStaffComplectation, toStaffGeneration, toStaffMark, toStaffModel } from "./catalog-presenters.ts";

/** The staff member making a change (from the access token), and their IP for the audit history. */
export interface CatalogActor {
  id: number;
  roles: readonly Role[];
  ip?: string;
}

/** Catalogue editing is for editors and up (requirements P1). */
const editorRoles: readonly Role[] = ["admin", "moderator", "editor"];

export interface CatalogStaff {
  /** The marks of a kind, hidden ones included (not merged ones): popular first, then A–Z. */
  listStaffMarks(actor: CatalogActor, kind: CatalogKind): Promise<CatalogStaffMarks>;
  /** A mark's models, hidden ones included; 404 for a mark that does not exist. */
  listStaffModels(actor: CatalogActor, markId: number): Promise<CatalogStaffModels>;
  /** A model's generations, hidden ones included, oldest first; 404 for a model that does not exist. */
  listStaffGenerations(actor: CatalogActor, modelId: number): Promise<CatalogStaffGenerations>;
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

/** `forgetSearches`: drops the public search's cached answers (names, hidden entries or merges changed). */
export function createCatalogStaff(db: Database, forgetSearches: () => void): CatalogStaff {
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
    changes: object,
    before?: object,
  ): Promise<void> {
    await repo.insertCatalogChange(tx, { level, entryId, action, userId: actor.id, changes });
    // The staff audit history (decision 065): the changed fields as they were and as they are.
    const was =
      before && Object.fromEntries(Object.keys(changes).map((key) => [key, before[key as keyof object]]));
    await recordStaffAction(tx, {
      staff: actor.id,
      action: "catalogue.edit",
      object: { type: "catalogue", id: `${level}:${entryId}` },
      before: was,
      after: { action, ...changes },
      ip: actor.ip,
    });
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
      forgetSearches();
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
    async listStaffMarks(actor, kind) {
      requireEditor(actor);
      return { kind, items: (await repo.findStaffMarks(db, kind)).map(toStaffMark) };
    },

    async listStaffModels(actor, markId) {
      requireEditor(actor);
      if (!(await repo.findMarkById(db, markId))) throw new AppError("CATALOG_NOT_FOUND");
      return { items: (await repo.findStaffModels(db, markId)).map(toStaffModel) };
    },

    async listStaffGenerations(actor, modelId) {
      requireEditor(actor);
      if (!(await repo.findModelById(db, modelId))) throw new AppError("CATALOG_NOT_FOUND");
      return { items: (await repo.findStaffGenerations(db, modelId)).map(toStaffGeneration) };
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
          const before = await repo.findMarkById(tx, id);
          if (!before) throw new AppError("CATALOG_NOT_FOUND");
          const row = await repo.updateMark(tx, id, { ...patch, ...stamp(actor) });
          await repo.rebuildSearchTerms(tx, [row.id]);
          await recordChange(tx, actor, "mark", id, "update", patch, before);
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
          await recordChange(tx, actor, "model", id, "update", patch, before);
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
          await recordChange(tx, actor, "generation", id, "update", patch, before);
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
          const before = await repo.findComplectationById(tx, id);
          if (!before) throw new AppError("CATALOG_NOT_FOUND");
          const row = await repo.updateComplectation(tx, id, { ...patch, ...stamp(actor) });
          await recordChange(tx, actor, "complectation", id, "update", patch, before);
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
          await recordChange(tx, actor, level, id, "merge", { intoId }, { intoId: source.mergedIntoId });
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
