/**
 * The vehicle catalogue (spec sections 2 and 3, requirements P11): mark → model → generation →
 * complectation, for three kinds of vehicle. Public reads are by slug path (the page URLs use the
 * same slugs); staff writes are by id.
 */
import { z } from "zod";
import { carBodies, carDrives, fuels, gearboxes } from "./car-values.ts";
import {
  catalogFirstYear,
  catalogKinds,
  catalogLastYear,
  catalogSearchLimitMax,
  catalogSlugPattern,
  popularMarkCount,
  popularModelCount,
} from "./catalog-rules.ts";
import { recordIdParamSchema, recordIdSchema } from "./ids.ts";
import { textInput } from "./text.ts";

export const catalogKindSchema = z.enum(catalogKinds);

export const catalogSlugSchema = textInput()
  .max(80)
  .regex(catalogSlugPattern, "must be lower-case latin words joined by '-'");

const yearSchema = z
  .number()
  .int()
  .min(catalogFirstYear)
  .refine((year) => year <= catalogLastYear(), "must not be after next year");
const yearToSchema = yearSchema.nullable().describe("null: still produced");

export const catalogMarkRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string().describe("Official Latin name"),
  nameCyrillic: z.string().nullable().describe("How the name is written in Russian"),
  country: z.string().nullable().describe("ISO 3166-1 alpha-2, lower case (su: Soviet)"),
});
export type CatalogMarkRef = z.infer<typeof catalogMarkRefSchema>;

export const catalogMarkItemSchema = catalogMarkRefSchema.extend({
  aliases: z.array(z.string()).describe("Other spellings people search by"),
  popularity: z.number().int().describe("0–100, how common in Kyrgyzstan"),
  isPopular: z.boolean().describe(`One of the ${popularMarkCount} most popular marks of its kind`),
  modelCount: z.number().int(),
});
export type CatalogMarkItem = z.infer<typeof catalogMarkItemSchema>;

export const catalogModelRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  nameCyrillic: z.string().nullable(),
  yearFrom: z.number().int(),
  yearTo: z.number().int().nullable(),
});
export type CatalogModelRef = z.infer<typeof catalogModelRefSchema>;

export const catalogModelItemSchema = catalogModelRefSchema.extend({
  aliases: z.array(z.string()),
  popularity: z.number().int(),
  isPopular: z.boolean().describe(`One of the ${popularModelCount} most popular models of the mark`),
  generationCount: z.number().int(),
});
export type CatalogModelItem = z.infer<typeof catalogModelItemSchema>;

export const catalogGenerationRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string().describe("The code people search by: XV70, J200, 150"),
  yearFrom: z.number().int(),
  yearTo: z.number().int().nullable(),
  isRestyling: z.boolean().describe("A facelift of the previous generation"),
});
export type CatalogGenerationRef = z.infer<typeof catalogGenerationRefSchema>;

export const catalogGenerationItemSchema = catalogGenerationRefSchema.extend({
  aliases: z.array(z.string()),
  complectationCount: z.number().int(),
});
export type CatalogGenerationItem = z.infer<typeof catalogGenerationItemSchema>;

/** One version's specs; a figure is null where it is not known for sure. */
export const catalogComplectationSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string().describe("e.g. `2.5 AT`, `2.2d AT 4WD`"),
  body: z.enum(carBodies),
  engineVolume: z.number().nullable().describe("Litres; null for electric"),
  powerHp: z.number().int().nullable().describe("Metric horsepower (PS)"),
  fuel: z.enum(fuels),
  gearbox: z.enum(gearboxes),
  drive: z.enum(carDrives),
  fuelConsumption: z.number().nullable().describe("l/100 km, combined"),
  lengthMm: z.number().int().nullable(),
  widthMm: z.number().int().nullable(),
  heightMm: z.number().int().nullable(),
  seats: z.number().int().nullable(),
});
export type CatalogComplectation = z.infer<typeof catalogComplectationSchema>;

export const catalogKindQuerySchema = z.object({
  kind: catalogKindSchema.default("car").describe("Vehicle kind; cars by default"),
});

// Path slugs are not checked for shape: an address that cannot exist is simply not found (404).
const slugParam = textInput().min(1).max(100);
export const catalogMarkParamsSchema = z.object({ mark: slugParam });
export const catalogModelParamsSchema = catalogMarkParamsSchema.extend({ model: slugParam });
export const catalogGenerationParamsSchema = catalogModelParamsSchema.extend({ generation: slugParam });
export const catalogComplectationParamsSchema = catalogGenerationParamsSchema.extend({
  complectation: slugParam,
});
export type CatalogPath = {
  mark: string;
  model?: string;
  generation?: string;
  complectation?: string;
};

/** `GET /api/catalog/marks`: popular first, then A–Z. */
export const catalogMarksResponseSchema = z.object({
  kind: catalogKindSchema,
  items: z.array(catalogMarkItemSchema),
});
export type CatalogMarksResponse = z.infer<typeof catalogMarksResponseSchema>;

/** `GET /api/catalog/marks/{mark}/models`: popular first, then A–Z. */
export const catalogModelsResponseSchema = z.object({
  kind: catalogKindSchema,
  mark: catalogMarkRefSchema,
  items: z.array(catalogModelItemSchema),
});
export type CatalogModelsResponse = z.infer<typeof catalogModelsResponseSchema>;

/** `GET /api/catalog/marks/{mark}/models/{model}/generations`: oldest first. */
export const catalogGenerationsResponseSchema = z.object({
  kind: catalogKindSchema,
  mark: catalogMarkRefSchema,
  model: catalogModelRefSchema,
  items: z.array(catalogGenerationItemSchema),
});
export type CatalogGenerationsResponse = z.infer<typeof catalogGenerationsResponseSchema>;

/** `GET /api/catalog/marks/{mark}/models/{model}/generations/{generation}/complectations`. */
export const catalogComplectationsResponseSchema = z.object({
  kind: catalogKindSchema,
  mark: catalogMarkRefSchema,
  model: catalogModelRefSchema,
  generation: catalogGenerationRefSchema,
  items: z.array(catalogComplectationSchema),
});
export type CatalogComplectationsResponse = z.infer<typeof catalogComplectationsResponseSchema>;

/** `GET …/complectations/{complectation}`: one version's specs with its parents. */
export const catalogComplectationResponseSchema = z.object({
  kind: catalogKindSchema,
  mark: catalogMarkRefSchema,
  model: catalogModelRefSchema,
  generation: catalogGenerationRefSchema,
  complectation: catalogComplectationSchema,
});
export type CatalogComplectationResponse = z.infer<typeof catalogComplectationResponseSchema>;

export const catalogSearchQuerySchema = z.object({
  q: textInput().trim().min(1).max(100).describe("What was typed: Latin or Cyrillic, any case"),
  kind: catalogKindSchema.optional().describe("Only this kind; all kinds when absent"),
  limit: z.coerce.number().int().min(1).max(catalogSearchLimitMax).default(10),
});

export const catalogSearchItemSchema = z.object({
  type: z.enum(["mark", "model"]),
  kind: catalogKindSchema,
  mark: catalogMarkRefSchema,
  model: catalogModelRefSchema.nullable().describe("null when the hit is a mark"),
});
export type CatalogSearchItem = z.infer<typeof catalogSearchItemSchema>;

/** `GET /api/catalog/search`: marks and models whose name, alias or transliteration starts so. */
export const catalogSearchResponseSchema = z.object({
  query: z.string(),
  items: z.array(catalogSearchItemSchema),
});
export type CatalogSearchResponse = z.infer<typeof catalogSearchResponseSchema>;

// ---- Staff (editor, moderator, admin): create, edit, hide and merge, by id ----

export const catalogIdParamsSchema = z.object({ id: recordIdParamSchema });

const nameInput = textInput().trim().min(1).max(100);
const aliasesInput = z.array(textInput().trim().min(1).max(60)).max(30);
const popularityInput = z.number().int().min(0).max(100);

export const catalogAuditSchema = z.object({
  isHidden: z.boolean(),
  mergedIntoId: z.number().int().nullable().describe("Set when merged into that entry (same level)"),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().describe("ISO 8601"),
  createdBy: z.number().int().nullable().describe("User id; null for the data import"),
  updatedBy: z.number().int().nullable().describe("User id; null for the data import"),
});

/*
 * Each level's fields are written once without defaults: a patch (`.partial()`) must leave out what
 * was not sent, while a create fills the optional fields with their defaults.
 */
const markFields = z.object({
  slug: catalogSlugSchema,
  name: nameInput,
  nameCyrillic: nameInput,
  country: z
    .string()
    .regex(/^[a-z]{2}$/, "must be a lower-case two-letter country code")
    .nullable(),
  aliases: aliasesInput,
  popularity: popularityInput,
});
export const catalogMarkInputSchema = markFields.extend({
  kind: catalogKindSchema,
  country: markFields.shape.country.default(null),
  aliases: aliasesInput.default([]),
  popularity: popularityInput.default(0),
});
export const catalogMarkPatchSchema = markFields.partial().extend({ isHidden: z.boolean().optional() });

const yearSpanCheck = (value: { yearFrom?: number | undefined; yearTo?: number | null | undefined }) =>
  value.yearFrom === undefined ||
  value.yearTo === undefined ||
  value.yearTo === null ||
  value.yearTo >= value.yearFrom;
const yearSpanIssue = { message: "must not be before yearFrom", path: ["yearTo"] };

const modelFields = z.object({
  slug: catalogSlugSchema,
  name: nameInput,
  nameCyrillic: nameInput.nullable(),
  aliases: aliasesInput,
  yearFrom: yearSchema,
  yearTo: yearToSchema,
  popularity: popularityInput,
});
export const catalogModelInputSchema = modelFields
  .extend({
    markId: recordIdSchema,
    nameCyrillic: modelFields.shape.nameCyrillic.default(null),
    aliases: aliasesInput.default([]),
    popularity: popularityInput.default(0),
  })
  .refine(yearSpanCheck, yearSpanIssue);
export const catalogModelPatchSchema = modelFields
  .partial()
  .extend({ isHidden: z.boolean().optional() })
  .refine(yearSpanCheck, yearSpanIssue);

const generationFields = z.object({
  slug: catalogSlugSchema,
  name: nameInput,
  aliases: aliasesInput,
  yearFrom: yearSchema,
  yearTo: yearToSchema,
  isRestyling: z.boolean(),
});
export const catalogGenerationInputSchema = generationFields
  .extend({
    modelId: recordIdSchema,
    aliases: aliasesInput.default([]),
    isRestyling: z.boolean().default(false),
  })
  .refine(yearSpanCheck, yearSpanIssue);
export const catalogGenerationPatchSchema = generationFields
  .partial()
  .extend({ isHidden: z.boolean().optional() })
  .refine(yearSpanCheck, yearSpanIssue);

const complectationFields = z.object({
  slug: catalogSlugSchema,
  name: nameInput,
  body: z.enum(carBodies),
  engineVolume: z.number().min(0.04).max(20).nullable(),
  powerHp: z.number().int().min(1).max(2000).nullable(),
  fuel: z.enum(fuels),
  gearbox: z.enum(gearboxes),
  drive: z.enum(carDrives),
  fuelConsumption: z.number().min(0.5).max(60).nullable(),
  lengthMm: z.number().int().min(1000).max(20000).nullable(),
  widthMm: z.number().int().min(500).max(3000).nullable(),
  heightMm: z.number().int().min(500).max(5000).nullable(),
  seats: z.number().int().min(1).max(100).nullable(),
});
const specs = complectationFields.shape;
export const catalogComplectationInputSchema = complectationFields.extend({
  generationId: recordIdSchema,
  engineVolume: specs.engineVolume.default(null),
  powerHp: specs.powerHp.default(null),
  fuelConsumption: specs.fuelConsumption.default(null),
  lengthMm: specs.lengthMm.default(null),
  widthMm: specs.widthMm.default(null),
  heightMm: specs.heightMm.default(null),
  seats: specs.seats.default(null),
});
export const catalogComplectationPatchSchema = complectationFields
  .partial()
  .extend({ isHidden: z.boolean().optional() });

export const catalogMergeInputSchema = z.object({
  intoId: recordIdSchema.describe("The entry of the same level that stays"),
});

export const catalogStaffMarkSchema = catalogMarkItemSchema
  .omit({ isPopular: true, modelCount: true })
  .extend({ kind: catalogKindSchema })
  .extend(catalogAuditSchema.shape);
export const catalogStaffModelSchema = catalogModelRefSchema
  .extend({ markId: z.number().int(), aliases: z.array(z.string()), popularity: z.number().int() })
  .extend(catalogAuditSchema.shape);
export const catalogStaffGenerationSchema = catalogGenerationRefSchema
  .extend({ modelId: z.number().int(), aliases: z.array(z.string()) })
  .extend(catalogAuditSchema.shape);
export const catalogStaffComplectationSchema = catalogComplectationSchema
  .extend({ generationId: z.number().int() })
  .extend(catalogAuditSchema.shape);
export type CatalogStaffMark = z.infer<typeof catalogStaffMarkSchema>;
export type CatalogStaffModel = z.infer<typeof catalogStaffModelSchema>;
export type CatalogStaffGeneration = z.infer<typeof catalogStaffGenerationSchema>;
export type CatalogStaffComplectation = z.infer<typeof catalogStaffComplectationSchema>;
export type CatalogMarkInput = z.infer<typeof catalogMarkInputSchema>;
export type CatalogMarkPatch = z.infer<typeof catalogMarkPatchSchema>;
export type CatalogModelInput = z.infer<typeof catalogModelInputSchema>;
export type CatalogModelPatch = z.infer<typeof catalogModelPatchSchema>;
export type CatalogGenerationInput = z.infer<typeof catalogGenerationInputSchema>;
export type CatalogGenerationPatch = z.infer<typeof catalogGenerationPatchSchema>;
export type CatalogComplectationInput = z.infer<typeof catalogComplectationInputSchema>;
export type CatalogComplectationPatch = z.infer<typeof catalogComplectationPatchSchema>;

/**
 * Staff lists (the dashboard's catalogue section): the entries of one parent, hidden ones
 * included, merged ones left out (they live on as the entry they were merged into).
 */
export const catalogStaffMarksResponseSchema = z.object({
  kind: catalogKindSchema,
  items: z.array(catalogStaffMarkSchema),
});
export const catalogStaffModelsResponseSchema = z.object({ items: z.array(catalogStaffModelSchema) });
export const catalogStaffGenerationsResponseSchema = z.object({
  items: z.array(catalogStaffGenerationSchema),
});
export type CatalogStaffMarks = z.infer<typeof catalogStaffMarksResponseSchema>;
export type CatalogStaffModels = z.infer<typeof catalogStaffModelsResponseSchema>;
export type CatalogStaffGenerations = z.infer<typeof catalogStaffGenerationsResponseSchema>;
