/**
 * The specs table and the equipment list of an ad, from its vertical's definition: every field in
 * the definition's order, labels and values as ad-format.ts writes them. Catalogue fields show the
 * entry's name (linked to the catalogue), or the seller's free text where the title rule offers it
 * as the alternative; a unit's companion field (`mileageUnit`), the price's unit and the map point
 * are not rows.
 */
import {
  type Ad,
  colorSwatches,
  type FieldDefinition,
  type Locale,
  type VerticalDefinition,
  verticalDefinitions,
} from "@unaa/contracts";
import type { TFunction } from "i18next";
import { catalogPath, localizeRestyling } from "../catalog/catalog-format.ts";
import { fieldLabelKey, formatFieldValue, valueLabelKey } from "./ad-format.ts";
import type { CatalogRefs } from "./ad-page-data.ts";

export interface SpecRow {
  name: string;
  label: string;
  value: string;
  /** A colour swatch (CSS colour or gradient) shown before the value. */
  swatch?: string;
  /** The catalogue page of a catalogue entry. */
  to?: string;
}

export interface EquipmentGroup {
  name: string;
  label: string;
  items: string[];
}

/** Map-point fields: shown as a link to a map, not as numbers. */
export const mapPointFields = { latitude: "latitude", longitude: "longitude" } as const;

/** Fields that stand in for another when it is empty (`markText` for `mark`), from the title rule. */
function alternativesOf(definition: VerticalDefinition): Map<string, string[]> {
  const alternatives = new Map<string, string[]>();
  if (definition.title.kind === "generated") {
    for (const [first, ...rest] of definition.title.parts) {
      if (first && rest.length) alternatives.set(first, rest);
    }
  }
  return alternatives;
}

const catalogLevels = ["mark", "model", "generation", "complectation"] as const;

/** A catalogue field's entry name, linked to its catalogue page when the whole path is known. */
function catalogRow(
  t: TFunction,
  field: FieldDefinition,
  refs: CatalogRefs,
): { value: string; to?: string } | null {
  if (field.kind !== "catalog") return null;
  const entry = refs[field.level];
  if (!entry) return null;
  const value = localizeRestyling(t, entry.name);
  const slugs = catalogLevels
    .slice(0, catalogLevels.indexOf(field.level) + 1)
    .map((level) => refs[level]?.slug);
  const isComplete = slugs.every((slug): slug is string => slug !== undefined);
  return isComplete ? { value, to: catalogPath(field.catalogKind, ...slugs) } : { value };
}

export function specRows(t: TFunction, locale: Locale, ad: Ad, refs: CatalogRefs): SpecRow[] {
  const definition = verticalDefinitions[ad.vertical];
  const alternatives = alternativesOf(definition);
  const standIns = new Set([...alternatives.values()].flat());
  const rows: SpecRow[] = [];
  for (const field of definition.fields) {
    if (field.kind === "multi-enum" && field.groups) continue;
    // A unit (km or mi, per hour) is shown with its value or the price, not as a row.
    if (standIns.has(field.name) || (field.kind === "enum" && field.unitOf)) continue;
    if (field.name in mapPointFields) continue;
    const label = t(fieldLabelKey(field.name));
    const fromCatalog = catalogRow(t, field, refs);
    if (fromCatalog) {
      rows.push({ name: field.name, label, ...fromCatalog });
      continue;
    }
    let value = formatFieldValue(t, locale, definition, field, ad.fields);
    for (const standIn of alternatives.get(field.name) ?? []) {
      if (value) break;
      const text = ad.fields[standIn];
      value = typeof text === "string" && text ? text : null;
    }
    if (!value) continue;
    const raw = ad.fields[field.name];
    const swatch =
      field.name === "color" && typeof raw === "string" && Object.hasOwn(colorSwatches, raw)
        ? colorSwatches[raw as keyof typeof colorSwatches]
        : undefined;
    rows.push({ name: field.name, label, value, ...(swatch ? { swatch } : {}) });
  }
  return rows;
}

/** Grouped multi-choice fields (a car's equipment): each group with the chosen items, in order. */
export function equipmentGroups(t: TFunction, ad: Ad): EquipmentGroup[] {
  const definition = verticalDefinitions[ad.vertical];
  const groups: EquipmentGroup[] = [];
  for (const field of definition.fields) {
    if (field.kind !== "multi-enum" || !field.groups) continue;
    const chosen = ad.fields[field.name];
    if (!Array.isArray(chosen) || chosen.length === 0) continue;
    for (const [group, values] of Object.entries(field.groups)) {
      const items = values
        .filter((value) => chosen.includes(value))
        .map((value) => t(valueLabelKey(definition, field.name, value)));
      if (items.length) groups.push({ name: group, label: t(`equipmentGroup.${group}`), items });
    }
  }
  return groups;
}

/** The seller's map point, if both coordinates are given. */
export function mapPoint(ad: Ad): { latitude: number; longitude: number } | null {
  const latitude = ad.fields[mapPointFields.latitude];
  const longitude = ad.fields[mapPointFields.longitude];
  return typeof latitude === "number" && typeof longitude === "number" ? { latitude, longitude } : null;
}
