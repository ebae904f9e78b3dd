/**
 * The building blocks of a vertical's field set (requirements P3). A definition is plain data:
 * the API validates with schemas derived from it, the forms, filter panels and specs tables render
 * from it, and the database keeps one typed column per filterable field. Adding a field is one entry.
 */
import type { CatalogKind, CatalogLevel } from "../catalog-rules.ts";
import type { Vertical } from "../verticals.ts";

/** How the filter panel offers a field: several values at once, a from–to range, or a yes-only switch. */
export type FieldFilter = "multi" | "range" | "boolean";

/** A bound known only when checked (e.g. "next year"), so a long-running server stays right. */
export type FieldBound = number | (() => number);

interface FieldBase {
  /** The key in `fields` of an ad; for a filterable field also the `ads` column (camelCase). */
  name: string;
  required: boolean;
  /** How the search filters it; absent: not filterable (kept in the ad's JSON only). */
  filter?: FieldFilter;
  /** Shown on list cards, in this order. */
  onCard?: boolean;
  /** Translation key suffix of the unit shown beside the value (`unit.{unit}`). */
  unit?: string;
}

export interface EnumField extends FieldBase {
  kind: "enum";
  values: readonly string[];
  /**
   * This enum is the unit of another value, chosen beside it: a field of the definition
   * (`mileageUnit` of `mileage`: km or mi) or the common price (`priceUnit` of `price`: per hour).
   */
  unitOf?: string;
  /**
   * With `unitOf`, for units of one quantity: one of each unit in the base unit (the one worth 1;
   * none chosen is the base): `{ km: 1, mi: 1.609344 }`. The value's column, filter and sort hold
   * it in the base unit; the ad's `fields` keep what the seller typed.
   */
  factors?: Readonly<Record<string, number>>;
}

export interface MultiEnumField extends FieldBase {
  kind: "multi-enum";
  values: readonly string[];
  /** How the form groups the checkboxes. */
  groups?: Readonly<Record<string, readonly string[]>>;
}

export interface NumberField extends FieldBase {
  kind: "number" | "integer";
  min: FieldBound;
  max: FieldBound;
  /** The input's step (0.1 for litres). */
  step?: number;
}

export interface BooleanField extends FieldBase {
  kind: "boolean";
}

export interface TextField extends FieldBase {
  kind: "text";
  maxLength: number;
  minLength?: number;
  /** The whole value must match (after trimming and, with `upperCase`, upper-casing). */
  pattern?: RegExp;
  /** The input mask of the form (`input-mask.ts` syntax). */
  mask?: string;
  upperCase?: boolean;
  /** Guests (not signed in) see only the first three and the last four characters (the VIN). */
  maskedForGuests?: boolean;
}

/** An id from the vehicle catalogue; `parent` names the field whose entry it must belong to. */
export interface CatalogField extends FieldBase {
  kind: "catalog";
  catalogKind: CatalogKind;
  level: CatalogLevel;
  parent?: string;
}

export type FieldDefinition =
  | EnumField
  | MultiEnumField
  | NumberField
  | BooleanField
  | TextField
  | CatalogField;
export type FieldKind = FieldDefinition["kind"];

/**
 * How the title is made: `seller` — written by the seller; `generated` — "Mark Model Generation, Year"
 * from the first filled field of each part (a catalogue entry's name, or a free-text field).
 */
export type TitleRule =
  | { kind: "seller" }
  | { kind: "generated"; parts: readonly (readonly string[])[]; year: string };

export interface VerticalDefinition {
  vertical: Vertical;
  title: TitleRule;
  /** The field of the `{category}`/`{type}` URL segment, if the vertical has categories. */
  categoryField?: string;
  /** Each group needs at least one filled field (a catalogue mark, or the mark as free text). */
  requireOneOf?: readonly (readonly string[])[];
  fields: readonly FieldDefinition[];
  /** Filterable fields an ad shares with its "similar ads" (the detail page's strip). */
  similarBy: readonly string[];
}

/** The query names of a range filter's bounds: `yearFrom`, `yearTo`. */
export function rangeFilterNames(field: Pick<FieldDefinition, "name">): { from: string; to: string } {
  return { from: `${field.name}From`, to: `${field.name}To` };
}

/** The query names of a field's filter: `body`; `yearFrom` and `yearTo`; none when not filterable. */
export function filterParamNames(field: FieldDefinition): string[] {
  if (!field.filter) return [];
  if (field.filter !== "range") return [field.name];
  const { from, to } = rangeFilterNames(field);
  return [from, to];
}

/** The enum chosen beside the value `name` as its unit (`mileage` → `mileageUnit`, `price` → `priceUnit`). */
export function unitFieldOf(definition: VerticalDefinition, name: string): EnumField | undefined {
  return definition.fields.find(
    (field): field is EnumField => field.kind === "enum" && field.unitOf === name,
  );
}

/**
 * A number field's value in the base unit of its unit field (60 000 `mi` → 96 561 km), rounded to a
 * whole number for an integer field; the value as typed when its unit has no factors; null when
 * empty. What the field's column holds, so ranges and sorts compare like with like.
 */
export function valueInBaseUnit(
  definition: VerticalDefinition,
  field: FieldDefinition,
  fields: Readonly<Record<string, unknown>>,
): unknown {
  const value = fields[field.name] ?? null;
  const unitField = unitFieldOf(definition, field.name);
  if (typeof value !== "number" || !unitField?.factors) return value;
  const unit = fields[unitField.name];
  const factor = typeof unit === "string" ? (unitField.factors[unit] ?? 1) : 1;
  return field.kind === "integer" ? Math.round(value * factor) : value * factor;
}

/** A value as guests see a `maskedForGuests` field: `JTD**********3456`. */
export function maskForGuests(value: string): string {
  if (value.length <= 7) return "*".repeat(value.length);
  return `${value.slice(0, 3)}${"*".repeat(value.length - 7)}${value.slice(-4)}`;
}

/** The fields of an ad as a guest may see them. */
export function fieldsForGuests<T extends Record<string, unknown>>(
  definition: VerticalDefinition,
  fields: T,
): T {
  const shown: Record<string, unknown> = { ...fields };
  for (const field of definition.fields) {
    const value = shown[field.name];
    if (field.kind === "text" && field.maskedForGuests && typeof value === "string") {
      shown[field.name] = maskForGuests(value);
    }
  }
  return shown as T;
}

export function resolveBound(bound: FieldBound): number {
  return typeof bound === "function" ? bound() : bound;
}

export function findField(definition: VerticalDefinition, name: string): FieldDefinition | undefined {
  return definition.fields.find((field) => field.name === name);
}
