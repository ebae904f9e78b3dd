/**
 * The ad form's catalogue choice in both directions: the pickers speak slugs, an ad stores ids.
 * Slugs become ids through the browser's cached catalogue lists (the pickers' queries); an edited ad's ids come back as
 * slugs and names from the server (the catalogue service's `findRefs`).
 */
import type { QueryClient } from "@tanstack/react-query";
import type {
  CatalogComplectation,
  CatalogComplectationsResponse,
  CatalogGenerationsResponse,
  CatalogKind,
  CatalogLevel,
  CatalogMarksResponse,
  CatalogModelsResponse,
  FieldDefinition,
  VerticalDefinition,
} from "@unaa/contracts";
import { catalogComplectationsQueryOptions } from "../../catalog/api/get-catalog-complectations.ts";
import { catalogGenerationsQueryOptions } from "../../catalog/api/get-catalog-generations.ts";
import { catalogMarksQueryOptions } from "../../catalog/api/get-catalog-marks.ts";
import { catalogModelsQueryOptions } from "../../catalog/api/get-catalog-models.ts";
import type { CatalogChoice, CatalogSlugs, FieldValue } from "./ad-form-values.ts";

export interface CatalogLists {
  marks(kind: CatalogKind): Promise<CatalogMarksResponse>;
  models(kind: CatalogKind, mark: string): Promise<CatalogModelsResponse>;
  generations(kind: CatalogKind, mark: string, model: string): Promise<CatalogGenerationsResponse>;
  complectations(
    kind: CatalogKind,
    mark: string,
    model: string,
    generation: string,
  ): Promise<CatalogComplectationsResponse>;
}

/** The browser's catalogue lists, from the query cache the pickers fill (asked only when missing). */
export function catalogListsOf(queryClient: QueryClient): CatalogLists {
  return {
    marks: (kind) => queryClient.fetchQuery(catalogMarksQueryOptions(kind)),
    models: (kind, mark) => queryClient.fetchQuery(catalogModelsQueryOptions(kind, mark)),
    generations: (kind, mark, model) =>
      queryClient.fetchQuery(catalogGenerationsQueryOptions(kind, mark, model)),
    complectations: (kind, mark, model, generation) =>
      queryClient.fetchQuery(catalogComplectationsQueryOptions(kind, mark, model, generation)),
  };
}

type CatalogField = Extract<FieldDefinition, { kind: "catalog" }>;

interface Entry {
  id: number;
  slug: string;
  name: string;
}

/** The catalogue fields of a definition, outermost level first (mark, model, …). */
export function catalogFieldsOf(definition: VerticalDefinition): CatalogField[] {
  return definition.fields.filter((field): field is CatalogField => field.kind === "catalog");
}

/** The chosen entry of each level, as far as the chosen slugs reach, with the chosen version's specs. */
async function walk(
  lists: CatalogLists,
  kind: CatalogKind,
  slugs: CatalogSlugs,
  levels: number,
): Promise<{ entries: Partial<Record<CatalogLevel, Entry>>; complectation?: CatalogComplectation }> {
  const entries: Partial<Record<CatalogLevel, Entry>> = {};
  const find = <T extends Entry>(level: CatalogLevel, items: readonly T[]) =>
    items.find((item) => item.slug === slugs[level]);
  const mark = find("mark", (await lists.marks(kind)).items);
  if (!mark) return { entries };
  entries.mark = mark;
  if (levels < 2 || !slugs.model) return { entries };
  const model = find("model", (await lists.models(kind, mark.slug)).items);
  if (!model) return { entries };
  entries.model = model;
  if (levels < 3 || !slugs.generation) return { entries };
  const generation = find("generation", (await lists.generations(kind, mark.slug, model.slug)).items);
  if (!generation) return { entries };
  entries.generation = generation;
  if (levels < 4 || !slugs.complectation) return { entries };
  const items = (await lists.complectations(kind, mark.slug, model.slug, generation.slug)).items;
  const complectation = find("complectation", items);
  if (!complectation) return { entries };
  entries.complectation = complectation;
  return { entries, complectation };
}

/** The pickers' slugs and the preview's names of an ad's catalogue entries (found by id on the server). */
export function catalogChoiceOfRefs(
  definition: VerticalDefinition,
  refs: Partial<Record<CatalogLevel, { slug: string; name: string }>>,
): CatalogChoice {
  const slugs: CatalogSlugs = { mark: null, model: null, generation: null, complectation: null };
  const names: Record<string, string> = {};
  for (const field of catalogFieldsOf(definition)) {
    const ref = refs[field.level];
    if (!ref) continue;
    slugs[field.level] = ref.slug;
    names[field.name] = ref.name;
  }
  return { slugs, names };
}

export interface ResolvedCatalog {
  /** Catalogue field name → id (null where nothing is chosen). */
  ids: Record<string, number | null>;
  names: Record<string, string>;
  complectation: CatalogComplectation | null;
}

/** The ids and names of what the pickers chose (slugs), with the chosen version's specs. */
export async function resolveCatalogSlugs(
  lists: CatalogLists,
  definition: VerticalDefinition,
  slugs: CatalogSlugs,
): Promise<ResolvedCatalog> {
  const catalogFields = catalogFieldsOf(definition);
  const first = catalogFields[0];
  const ids: Record<string, number | null> = Object.fromEntries(
    catalogFields.map((field) => [field.name, null]),
  );
  const names: Record<string, string> = {};
  if (!first || !slugs.mark) return { ids, names, complectation: null };
  const { entries, complectation } = await walk(lists, first.catalogKind, slugs, catalogFields.length);
  for (const field of catalogFields) {
    const entry = entries[field.level];
    if (!entry) continue;
    ids[field.name] = entry.id;
    names[field.name] = entry.name;
  }
  return { ids, names, complectation: complectation ?? null };
}

/**
 * Fields a chosen version tells (body, fuel, gearbox, drive, engine size, power) that the seller
 * has left empty: filled from the catalogue where the value fits the field.
 */
export function fieldsFromComplectation(
  definition: VerticalDefinition,
  complectation: CatalogComplectation,
  current: Readonly<Record<string, FieldValue>>,
): Record<string, FieldValue> {
  const filled: Record<string, FieldValue> = {};
  for (const field of definition.fields) {
    const value = (complectation as unknown as Record<string, unknown>)[field.name];
    if (value === null || value === undefined || current[field.name] !== null) continue;
    const fits =
      (field.kind === "enum" && typeof value === "string" && field.values.includes(value)) ||
      ((field.kind === "number" || field.kind === "integer") && typeof value === "number");
    if (fits) filled[field.name] = value as FieldValue;
  }
  return filled;
}
