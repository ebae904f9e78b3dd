/** Catalogue rows as the API answers them: public references, and staff views with the audit columns. */
import type {
  CatalogComplectation,
  CatalogGenerationRef,
  CatalogKind,
  CatalogMarkRef,
  CatalogModelRef,
  CatalogStaffComplectation,
  CatalogStaffGeneration,
  CatalogStaffMark,
  CatalogStaffModel,
} from "@unaa/contracts";
import type { ComplectationRow, GenerationRow, MarkRow, ModelRow } from "./catalog.repository.ts";

export function toMarkRef(
  row: Pick<MarkRow, "id" | "slug" | "name" | "nameCyrillic" | "country">,
): CatalogMarkRef {
  return { id: row.id, slug: row.slug, name: row.name, nameCyrillic: row.nameCyrillic, country: row.country };
}

export function toModelRef(
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

export function toGenerationRef(row: GenerationRow): CatalogGenerationRef {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    yearFrom: row.yearFrom,
    yearTo: row.yearTo,
    isRestyling: row.isRestyling,
  };
}

export function toComplectation(row: ComplectationRow): CatalogComplectation {
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

export function toStaffMark(row: MarkRow): CatalogStaffMark {
  return {
    ...toMarkRef(row),
    kind: row.kind as CatalogKind,
    aliases: row.aliases,
    popularity: row.popularity,
    ...toAudit(row),
  };
}

export function toStaffModel(row: ModelRow): CatalogStaffModel {
  return {
    ...toModelRef(row),
    markId: row.markId,
    aliases: row.aliases,
    popularity: row.popularity,
    ...toAudit(row),
  };
}

export function toStaffGeneration(row: GenerationRow): CatalogStaffGeneration {
  return { ...toGenerationRef(row), modelId: row.modelId, aliases: row.aliases, ...toAudit(row) };
}

export function toStaffComplectation(row: ComplectationRow): CatalogStaffComplectation {
  return { ...toComplectation(row), generationId: row.generationId, ...toAudit(row) };
}
