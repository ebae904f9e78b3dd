/**
 * The ad form's state and what is derived from a vertical's definition: the steps and which fields
 * each shows, the API body built from the state, and browser-side validation with the API's own
 * schema (`adInputSchema`), its issues turned into translation keys beside the fields. Plain
 * functions: no React, no browser.
 */
import {
  type Ad,
  type AdInput,
  type AdPhoto,
  adInputSchema,
  type CatalogLevel,
  type Currency,
  type FieldDefinition,
  generatedAdTitle,
  type Vertical,
  type VerticalDefinition,
  verticalDefinitions,
} from "@unaa/contracts";
import type { z } from "zod";

export type FieldValue = string | number | boolean | string[] | null;

/** The chosen catalogue entries by level, as the pickers name them (slugs). */
export type CatalogSlugs = Record<CatalogLevel, string | null>;

export interface AdFormValues {
  vertical: Vertical;
  /** The vertical's fields by name; catalogue fields hold ids (their slugs are in `catalog`). */
  fields: Record<string, FieldValue>;
  catalog: CatalogSlugs;
  /** Names of the chosen catalogue entries by field, for the generated title of the preview. */
  catalogNames: Record<string, string>;
  /** The seller types the make and model: it is not in the catalogue. */
  isOffCatalog: boolean;
  title: string;
  description: string;
  price: number | null;
  currency: Currency;
  negotiable: boolean;
  isAbroad: boolean;
  regionId: number | null;
  townId: number | null;
  abroadCountry: string | null;
  videoUrl: string;
  chatOnly: boolean;
  phoneIds: number[];
  /** Posted as the seller's business (its id), or null: as the person. */
  businessId: number | null;
  /** Uploaded photos in display order; the first is the cover. */
  photos: AdPhoto[];
}

export const adFormSteps = ["main", "details", "photos", "price", "description", "preview"] as const;
export type AdFormStep = (typeof adFormSteps)[number];

/** Countries an ad abroad is usually in (where vehicles come from or go to); lower-case ISO codes. */
export const abroadCountries = [
  "kz",
  "ru",
  "uz",
  "tj",
  "cn",
  "kr",
  "jp",
  "ae",
  "tr",
  "de",
  "us",
  "ca",
  "ge",
  "am",
  "by",
  "lt",
  "pl",
] as const;

/** Body fields common to every vertical → the step that shows them. */
const commonFieldSteps: Record<string, AdFormStep> = {
  vertical: "main",
  photoIds: "photos",
  price: "price",
  currency: "price",
  negotiable: "price",
  regionId: "price",
  townId: "price",
  abroadCountry: "price",
  videoUrl: "price",
  chatOnly: "price",
  phoneIds: "price",
  businessId: "price",
  title: "description",
  description: "description",
};

const emptyCatalog: CatalogSlugs = { mark: null, model: null, generation: null, complectation: null };

export function emptyAdFormValues(vertical: Vertical): AdFormValues {
  return {
    vertical,
    fields: Object.fromEntries(verticalDefinitions[vertical].fields.map((field) => [field.name, null])),
    catalog: emptyCatalog,
    catalogNames: {},
    isOffCatalog: false,
    title: "",
    description: "",
    price: null,
    currency: "KGS",
    negotiable: false,
    isAbroad: false,
    regionId: null,
    townId: null,
    abroadCountry: null,
    videoUrl: "",
    chatOnly: false,
    phoneIds: [],
    businessId: null,
    photos: [],
  };
}

/** Fields the seller may type instead of choosing from the catalogue (a make that is not listed). */
export function freeTextFields(definition: VerticalDefinition): FieldDefinition[] {
  const names = new Set((definition.requireOneOf ?? []).flat());
  if (definition.title.kind === "generated")
    for (const part of definition.title.parts) for (const name of part) names.add(name);
  return definition.fields.filter((field) => field.kind === "text" && names.has(field.name));
}

/** The first step names what is sold: category, catalogue entry (or typed make), and the title's year. */
function isMainField(definition: VerticalDefinition, field: FieldDefinition): boolean {
  if (field.name === definition.categoryField || field.kind === "catalog") return true;
  if (freeTextFields(definition).includes(field)) return true;
  return definition.title.kind === "generated" && definition.title.year === field.name;
}

/** The value a unit enum is chosen beside (mileage, price); null for any other field. */
function unitOwnerOf(field: FieldDefinition): string | null {
  return field.kind === "enum" && field.unitOf ? field.unitOf : null;
}

/** The fields of the definition shown on a step, in the definition's order (companions go with theirs). */
export function fieldsOfStep(definition: VerticalDefinition, step: AdFormStep): FieldDefinition[] {
  if (step !== "main" && step !== "details") return [];
  return definition.fields.filter(
    (field) => unitOwnerOf(field) === null && isMainField(definition, field) === (step === "main"),
  );
}

/** The steps of a vertical's form: a step without fields of its own is left out. */
export function stepsOf(definition: VerticalDefinition): AdFormStep[] {
  return adFormSteps.filter(
    (step) => (step !== "main" && step !== "details") || fieldsOfStep(definition, step).length > 0,
  );
}

/**
 * The key of a field's error: `fields.{name}` for the vertical's fields, the body's name for the
 * common ones. API paths (`fields.year`, `phoneIds.0`) and zod paths map the same way.
 */
export function errorKeyOf(path: readonly PropertyKey[] | string): string {
  const segments = (typeof path === "string" ? path.split(".") : path.map(String)).filter(Boolean);
  if (segments[0] === "fields" && segments[1] !== undefined) return `fields.${segments[1]}`;
  return segments[0] ?? "";
}

/** The step that shows the field an error key names. */
export function stepOfErrorKey(definition: VerticalDefinition, key: string): AdFormStep {
  if (key.startsWith("fields.")) {
    const field = definition.fields.find((item) => `fields.${item.name}` === key);
    if (!field) return "main";
    const base = unitOwnerOf(field);
    if (base !== null) return stepOfErrorKey(definition, base === "price" ? "price" : `fields.${base}`);
    return isMainField(definition, field) ? "main" : "details";
  }
  return commonFieldSteps[key] ?? "main";
}

function isEmpty(value: FieldValue | undefined): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * The API body of the form's state. Empty optional fields are null; an empty required field is left
 * out, so the schema reports it as missing.
 */
export function toAdInput(values: AdFormValues): Record<string, unknown> {
  const definition = verticalDefinitions[values.vertical];
  const fields: Record<string, unknown> = {};
  for (const field of definition.fields) {
    const value = values.fields[field.name];
    const isTyped = field.kind === "text" && freeTextFields(definition).includes(field);
    const isHidden = field.kind === "catalog" ? values.isOffCatalog : isTyped && !values.isOffCatalog;
    if (isEmpty(value) || isHidden) {
      if (!field.required) fields[field.name] = null;
    } else {
      fields[field.name] = typeof value === "string" ? value.trim() : value;
    }
  }
  return {
    vertical: values.vertical,
    ...(definition.title.kind === "seller" ? { title: values.title } : {}),
    description: values.description,
    ...(values.price === null ? {} : { price: values.price }),
    currency: values.currency,
    negotiable: values.negotiable,
    regionId: values.isAbroad ? null : values.regionId,
    townId: values.isAbroad ? null : values.townId,
    abroadCountry: values.isAbroad ? values.abroadCountry : null,
    videoUrl: values.videoUrl.trim() === "" ? null : values.videoUrl.trim(),
    chatOnly: values.chatOnly,
    phoneIds: values.phoneIds,
    businessId: values.businessId,
    photoIds: values.photos.map((photo) => photo.id),
    fields,
  };
}

/** A field error as translation keys (the first that exists is shown) and their values. */
export interface FieldErrorText {
  keys: string[];
  values?: Record<string, number>;
}

export type FormFieldErrors = Record<string, FieldErrorText>;

function valueAt(body: Record<string, unknown>, path: readonly PropertyKey[]): unknown {
  let current: unknown = body;
  for (const segment of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

/** Keys of the fields filled by choosing (chips, selects, the catalogue), not by typing. */
function isChoiceKey(definition: VerticalDefinition, key: string): boolean {
  if (key === "regionId" || key === "townId" || key === "abroadCountry") return true;
  const field = definition.fields.find((item) => `fields.${item.name}` === key);
  return field?.kind === "enum" || field?.kind === "multi-enum" || field?.kind === "catalog";
}

/** A zod issue of the ad schema as the text beside its field. */
export function issueText(
  definition: VerticalDefinition,
  issue: z.core.$ZodIssue,
  value: unknown,
  key: string,
): FieldErrorText {
  const name = key.replace(/^fields\./, "");
  const isMissing = value === undefined || value === null || value === "";
  if (isMissing || issue.code === "custom") {
    return {
      keys: [isChoiceKey(definition, key) ? "adForm.fieldError.choose" : "adForm.fieldError.required"],
    };
  }
  switch (issue.code) {
    case "too_small":
      if (issue.origin === "string")
        return { keys: ["adForm.fieldError.minLength"], values: { min: Number(issue.minimum) } };
      return { keys: ["adForm.fieldError.min"], values: { min: Number(issue.minimum) } };
    case "too_big":
      if (issue.origin === "string")
        return { keys: ["adForm.fieldError.maxLength"], values: { max: Number(issue.maximum) } };
      if (issue.origin === "array")
        return { keys: ["adForm.fieldError.tooMany"], values: { max: Number(issue.maximum) } };
      return { keys: ["adForm.fieldError.max"], values: { max: Number(issue.maximum) } };
    case "invalid_format":
      return { keys: [`adForm.fieldError.format.${name}`, "adForm.fieldError.format.default"] };
    case "invalid_value":
      return { keys: ["adForm.fieldError.choose"] };
    case "invalid_type":
      return { keys: [issue.expected === "int" ? "adForm.fieldError.integer" : "adForm.fieldError.invalid"] };
    default:
      return { keys: ["adForm.fieldError.invalid"] };
  }
}

/** Checks the whole form with the API's schema; the first error of each field is kept. */
export function validateAdForm(values: AdFormValues): FormFieldErrors {
  const definition = verticalDefinitions[values.vertical];
  const body = toAdInput(values);
  const result = adInputSchema.safeParse(body);
  const errors: FormFieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = errorKeyOf(issue.path);
    if (errors[key]) continue;
    errors[key] = issueText(definition, issue, valueAt(body, issue.path), key);
  }
  return errors;
}

/** The parsed body, once the form is valid. */
export function parseAdInput(values: AdFormValues): AdInput {
  return adInputSchema.parse(toAdInput(values));
}

/** The errors whose fields a step shows. */
export function errorsOfStep(
  definition: VerticalDefinition,
  errors: FormFieldErrors,
  step: AdFormStep,
): FormFieldErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => stepOfErrorKey(definition, key) === step),
  );
}

/** The first step (in form order) showing one of these error keys, or null. */
export function firstStepOf(definition: VerticalDefinition, keys: readonly string[]): AdFormStep | null {
  const steps = new Set(keys.map((key) => stepOfErrorKey(definition, key)));
  return stepsOf(definition).find((step) => steps.has(step)) ?? null;
}

/** Whether an error key names a field the form shows (else its text goes above the form). */
export function isFormField(definition: VerticalDefinition, key: string): boolean {
  if (key.startsWith("fields.")) return definition.fields.some((field) => `fields.${field.name}` === key);
  return key !== "vertical" && Object.hasOwn(commonFieldSteps, key);
}

/** The title the ad will have: the seller's, or the vehicle's generated one. */
export function previewTitle(values: AdFormValues): string {
  const definition = verticalDefinitions[values.vertical];
  return generatedAdTitle(definition, values.fields, values.catalogNames) ?? values.title.trim();
}

/** Catalogue slugs and names of an ad's catalogue ids, found by whoever loads the ad for editing. */
export interface CatalogChoice {
  slugs: CatalogSlugs;
  names: Record<string, string>;
}

/** The form's state of an existing ad (the edit page). */
export function valuesOfAd(ad: Ad, catalog: CatalogChoice): AdFormValues {
  const definition = verticalDefinitions[ad.vertical];
  const empty = emptyAdFormValues(ad.vertical);
  const fields = { ...empty.fields };
  for (const field of definition.fields) fields[field.name] = (ad.fields[field.name] ?? null) as FieldValue;
  const hasTypedMake = freeTextFields(definition).some((field) => !isEmpty(fields[field.name]));
  return {
    ...empty,
    fields,
    catalog: catalog.slugs,
    catalogNames: catalog.names,
    isOffCatalog: hasTypedMake,
    title: ad.title,
    description: ad.description,
    price: ad.price,
    currency: ad.currency,
    negotiable: ad.negotiable,
    isAbroad: ad.abroadCountry !== null,
    regionId: ad.regionId,
    townId: ad.townId,
    abroadCountry: ad.abroadCountry,
    videoUrl: ad.videoUrl ?? "",
    chatOnly: ad.chatOnly,
    phoneIds: ad.phoneIds,
    businessId: ad.businessId,
    photos: ad.photos,
  };
}

/** Whether the seller has put anything into the form yet (an untouched form is no draft). */
export function hasContent(values: AdFormValues): boolean {
  const empty = emptyAdFormValues(values.vertical);
  return JSON.stringify({ ...values, currency: empty.currency }) !== JSON.stringify(empty);
}
