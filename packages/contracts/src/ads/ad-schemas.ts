/**
 * Schemas derived from a vertical's definition by generic functions: the body that creates or
 * updates an ad, and the search filters. Nothing here knows a particular vertical.
 */
import { z } from "zod";
import { currencies } from "../car-values.ts";
import { recordIdParamSchema, recordIdSchema } from "../ids.ts";
import { textInput } from "../text.ts";
import type { Vertical } from "../verticals.ts";
import {
  type FieldBound,
  type FieldDefinition,
  rangeFilterNames,
  resolveBound,
  type VerticalDefinition,
} from "./ad-fields.ts";
import {
  type AdSort,
  adDescriptionMaxLength,
  adPhotosMax,
  adPriceMax,
  adSearchLimitDefault,
  adSearchLimitMax,
  adSortNames,
  adSorts,
  adTitleMaxLength,
  adTitleMinLength,
  youtubeUrlPattern,
} from "./ad-rules.ts";

type Check = (value: number, context: z.RefinementCtx) => void;

/** Bounds known only at check time (next year) are checked when the value is. */
function boundCheck(min: FieldBound, max: FieldBound): Check {
  return (value, context) => {
    const low = resolveBound(min);
    const high = resolveBound(max);
    if (value < low) {
      context.addIssue({ code: "too_small", origin: "number", minimum: low, inclusive: true, input: value });
    } else if (value > high) {
      context.addIssue({ code: "too_big", origin: "number", maximum: high, inclusive: true, input: value });
    }
  };
}

function numberSchema(field: Extract<FieldDefinition, { kind: "number" | "integer" }>) {
  const base = field.kind === "integer" ? z.number().int() : z.number();
  return base.superRefine(boundCheck(field.min, field.max));
}

function enumSchema(values: readonly string[]) {
  return z.enum(values as [string, ...string[]]);
}

/** The schema of one field's value in an ad body. */
export function buildFieldSchema(field: FieldDefinition): z.ZodType {
  switch (field.kind) {
    case "enum":
      return enumSchema(field.values);
    case "multi-enum":
      return z
        .array(enumSchema(field.values))
        .max(field.values.length)
        .refine((list) => new Set(list).size === list.length, "each value once");
    case "number":
    case "integer":
      return numberSchema(field);
    case "boolean":
      return z.boolean();
    case "text": {
      let text = textInput().trim();
      if (field.upperCase) text = text.toUpperCase();
      text = text.min(field.minLength ?? 1).max(field.maxLength);
      return field.pattern ? text.regex(field.pattern) : text;
    }
    case "catalog":
      return recordIdSchema;
  }
}

/**
 * Cross-field checks run even when another field already failed, so a form learns every missing
 * field at once; they only need an object to look at.
 */
const evenWithOtherIssues = {
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
};

/** The `fields` object of an ad of this vertical; an absent optional field reads as null. */
export function buildFieldsSchema(definition: VerticalDefinition) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of definition.fields) {
    const schema = buildFieldSchema(field);
    shape[field.name] = field.required ? schema : schema.nullable().default(null);
  }
  return z.strictObject(shape).superRefine((values, context) => {
    for (const group of definition.requireOneOf ?? []) {
      if (group.some((name) => values[name] !== null && values[name] !== undefined)) continue;
      for (const name of group) {
        context.addIssue({ code: "custom", path: [name], message: `one of ${group.join(", ")} is required` });
      }
    }
  }, evenWithOtherIssues);
}

/** Lower-case ISO 3166-1 alpha-2 of the country an ad abroad is in. */
const countrySchema = z.string().regex(/^[a-z]{2}$/, "ISO 3166-1 alpha-2, lower case");

/** What every ad has, whatever its vertical (requirements P3, common fields). */
const commonShape = {
  description: textInput().trim().max(adDescriptionMaxLength).default(""),
  price: z.number().int().min(0).max(adPriceMax).describe("Whole number; 0 means negotiable"),
  currency: z.enum(currencies),
  negotiable: z.boolean().default(false),
  regionId: recordIdSchema.nullable().default(null),
  townId: recordIdSchema.nullable().default(null),
  abroadCountry: countrySchema
    .nullable()
    .default(null)
    .describe("Set instead of region/town for an ad abroad"),
  videoUrl: textInput().trim().max(200).regex(youtubeUrlPattern, "a YouTube link").nullable().default(null),
  chatOnly: z.boolean().default(false).describe("Hide the phone: contact through the chat only"),
  // Posted as the seller's own business (`GET /api/businesses/mine`); null: as the person.
  businessId: recordIdSchema.nullable().default(null),
  phoneIds: z
    .array(recordIdSchema)
    .max(5)
    .default([])
    .describe("Ids of the seller's confirmed phones to show; empty: the main phone"),
  photoIds: z
    .array(recordIdSchema)
    .max(adPhotosMax)
    .refine((list) => new Set(list).size === list.length, "each photo once")
    .default([])
    .describe("The seller's uploaded photos in display order; the first is the cover"),
};

const titleSchema = textInput().trim().min(adTitleMinLength).max(adTitleMaxLength);

/** The body that creates (and, whole, updates) an ad of this vertical. */
export function buildAdInputSchema<V extends Vertical>(definition: VerticalDefinition & { vertical: V }) {
  return z
    .strictObject({
      vertical: z.literal(definition.vertical),
      // Vehicle titles are generated from the mark, model, generation and year.
      ...(definition.title.kind === "seller" ? { title: titleSchema } : {}),
      ...commonShape,
      fields: buildFieldsSchema(definition),
    })
    .superRefine((ad, context) => {
      // `!= null`: with other fields failing, a value may also be missing (undefined).
      if (ad.abroadCountry != null) {
        for (const key of ["regionId", "townId"] as const) {
          if (ad[key] != null)
            context.addIssue({ code: "custom", path: [key], message: "not with abroadCountry" });
        }
      } else if (ad.regionId == null) {
        context.addIssue({ code: "custom", path: ["regionId"], message: "a region, or abroadCountry" });
      }
    }, evenWithOtherIssues);
}

/** Sort keys that are fields: a vertical without the field cannot sort by it. */
const fieldSortKeys = new Set(["year", "mileage"]);

/** `a,b` and repeated `?x=a&x=b` both give a list; an empty value is no filter. */
function toList(value: unknown): unknown {
  const items = (Array.isArray(value) ? value : [value]).flatMap((item) =>
    typeof item === "string" ? item.split(",") : [item],
  );
  const filled = items.filter((item) => item !== "" && item !== undefined);
  return filled.length ? filled : undefined;
}

function emptyToUndefined(value: unknown): unknown {
  return value === "" ? undefined : value;
}

function rangeBound(field: Extract<FieldDefinition, { kind: "number" | "integer" }>) {
  const base = field.kind === "integer" ? z.coerce.number().int() : z.coerce.number();
  return z.preprocess(emptyToUndefined, base.superRefine(boundCheck(field.min, field.max)).optional());
}

function listOf(item: z.ZodType) {
  return z.preprocess(toList, z.array(item).min(1).max(50).optional());
}

function filterShape(field: FieldDefinition): Record<string, z.ZodType> {
  if (!field.filter) return {};
  if (field.filter === "range" && (field.kind === "number" || field.kind === "integer")) {
    const { from, to } = rangeFilterNames(field);
    return { [from]: rangeBound(field), [to]: rangeBound(field) };
  }
  if (field.filter === "boolean") return { [field.name]: z.stringbool().optional() };
  if (field.kind === "catalog") return { [field.name]: listOf(recordIdParamSchema) };
  if (field.kind === "enum" || field.kind === "multi-enum")
    return { [field.name]: listOf(enumSchema(field.values)) };
  throw new Error(`field ${field.name}: a ${field.kind} field cannot be filtered by ${field.filter}`);
}

const positiveInt = z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(adPriceMax).optional());

/** The query of `GET /api/ads` for this vertical: the common filters plus one per filterable field. */
export function buildAdFilterSchema(definition: VerticalDefinition) {
  const shape: Record<string, z.ZodType> = {
    vertical: z.literal(definition.vertical),
    q: z.preprocess(emptyToUndefined, textInput().trim().min(1).max(100).optional()),
    priceFrom: positiveInt,
    priceTo: positiveInt,
    currency: z.enum(currencies).default("KGS").describe("The currency of priceFrom/priceTo"),
    regionId: listOf(recordIdParamSchema),
    townId: listOf(recordIdParamSchema),
    abroad: z.stringbool().optional(),
    postedWithin: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(31).optional()),
    withPhoto: z.stringbool().optional().describe("true: only ads with at least one photo"),
    urgent: z.stringbool().optional().describe("true: only ads with the urgent badge in force"),
    businessId: z.preprocess(emptyToUndefined, recordIdParamSchema.optional()),
    sort: z.enum(adSortNames as [AdSort, ...AdSort[]]).default("fresh"),
    cursor: textInput().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(adSearchLimitMax).default(adSearchLimitDefault),
  };
  for (const field of definition.fields) Object.assign(shape, filterShape(field));
  const fieldNames = new Set(definition.fields.map((field) => field.name));
  return z.strictObject(shape).superRefine((query, context) => {
    const key = adSorts[query.sort as AdSort].key;
    if (fieldSortKeys.has(key) && !fieldNames.has(key)) {
      context.addIssue({
        code: "custom",
        path: ["sort"],
        message: `${definition.vertical} ads have no ${key}`,
      });
    }
  });
}

/** The filters as parsed: field filters by name (`yearFrom`, `body`, …) next to the common ones. */
export interface AdFilters {
  vertical: Vertical;
  q?: string;
  priceFrom?: number;
  priceTo?: number;
  currency: "KGS" | "USD";
  regionId?: number[];
  townId?: number[];
  abroad?: boolean;
  postedWithin?: number;
  withPhoto?: boolean;
  urgent?: boolean;
  businessId?: number;
  sort: AdSort;
  cursor?: string;
  limit: number;
  [filter: string]: unknown;
}
