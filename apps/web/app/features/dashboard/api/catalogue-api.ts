/**
 * `/api/catalog/staff/*`: the dashboard's catalogue section. Lists include hidden entries (not
 * merged ones); writes are by id and audited as `catalogue.edit`.
 */
import { queryOptions } from "@tanstack/react-query";
import type {
  CatalogGenerationInput,
  CatalogGenerationPatch,
  CatalogKind,
  CatalogMarkInput,
  CatalogMarkPatch,
  CatalogModelInput,
  CatalogModelPatch,
  CatalogStaffGenerations,
  CatalogStaffMarks,
  CatalogStaffModels,
} from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

export type CatalogueLevel = "mark" | "model" | "generation";
const paths: Record<CatalogueLevel, string> = { mark: "marks", model: "models", generation: "generations" };

/** Every catalogue list of this viewer: one prefix, dropped after any write. */
export const catalogueKey = (viewerId: number | undefined) => ["dashboard", viewerId, "catalogue"] as const;

export function staffMarksQueryOptions(viewerId: number | undefined, kind: CatalogKind) {
  return queryOptions({
    queryKey: [...catalogueKey(viewerId), "marks", kind],
    queryFn: ({ signal }) =>
      api.get<CatalogStaffMarks>(`/api/catalog/staff/marks?kind=${kind}`, { signal, silent: true }),
    enabled: viewerId !== undefined,
  });
}

export function staffModelsQueryOptions(viewerId: number | undefined, markId: number | null) {
  return queryOptions({
    queryKey: [...catalogueKey(viewerId), "models", markId],
    queryFn: ({ signal }) =>
      api.get<CatalogStaffModels>(`/api/catalog/staff/marks/${markId}/models`, { signal, silent: true }),
    enabled: viewerId !== undefined && markId !== null,
  });
}

export function staffGenerationsQueryOptions(viewerId: number | undefined, modelId: number | null) {
  return queryOptions({
    queryKey: [...catalogueKey(viewerId), "generations", modelId],
    queryFn: ({ signal }) =>
      api.get<CatalogStaffGenerations>(`/api/catalog/staff/models/${modelId}/generations`, {
        signal,
        silent: true,
      }),
    enabled: viewerId !== undefined && modelId !== null,
  });
}

export type CatalogueEntryPatch = CatalogMarkPatch | CatalogModelPatch | CatalogGenerationPatch;

/** Silent: the form shows the error (`CATALOG_SLUG_TAKEN` beside the slug). */
export function saveEntry(level: CatalogueLevel, id: number, patch: CatalogueEntryPatch): Promise<unknown> {
  return api.patch(`/api/catalog/staff/${paths[level]}/${id}`, patch, { silent: true });
}

/** A mark of a kind, a model under a mark, or a generation under a model. Silent: the form shows the error. */
export function createEntry(
  level: CatalogueLevel,
  input:
    | Omit<CatalogMarkInput, "popularity" | "country">
    | Omit<CatalogModelInput, "popularity">
    | Omit<CatalogGenerationInput, "isRestyling">,
): Promise<unknown> {
  return api.post(`/api/catalog/staff/${paths[level]}`, input, { silent: true });
}

/** Marks `id` a duplicate of `intoId` (same level): its children move there. Silent: the dialog shows the error. */
export function mergeEntry(level: CatalogueLevel, id: number, intoId: number): Promise<unknown> {
  return api.post(`/api/catalog/staff/${paths[level]}/${id}/merge`, { intoId }, { silent: true });
}
