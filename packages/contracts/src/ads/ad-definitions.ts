/** The field sets of the four verticals (requirements P3), as data. */
import {
  availabilities,
  carBodies,
  carDrives,
  colors,
  conditions,
  customsStates,
  equipment,
  equipmentGroups,
  exchanges,
  fuels,
  gearboxes,
  installments,
  mileageUnits,
  registrations,
  steerings,
} from "../car-values.ts";
import { catalogFirstYear, catalogLastYear } from "../catalog-rules.ts";
import { commercialCategories, motoCategories, serviceTypes, type Vertical } from "../verticals.ts";
import type { FieldDefinition, VerticalDefinition } from "./ad-fields.ts";

export const specialVehicleTypes = [
  "crane",
  "bulldozer",
  "loader",
  "excavator",
  "agricultural",
  "municipal",
  "construction",
] as const;
export const wheelFormulas = ["4x2", "4x4", "6x4", "6x6", "8x4"] as const;
export const motoTypes = [
  "sport",
  "naked",
  "touring",
  "enduro",
  "cross",
  "cruiser",
  "chopper",
  "classic",
  "other",
] as const;
export const motoEngineTypes = ["petrol", "electric"] as const;
export const motoFinalDrives = ["chain", "belt", "shaft"] as const;
export const servicePriceUnits = ["per-hour", "per-job", "per-km", "per-day"] as const;

/** The VIN: 17 characters, no I, O or Q (they read like 1 and 0). */
export const vinPattern = /^[A-HJ-NPR-Z0-9]{17}$/;

const year: FieldDefinition = {
  name: "year",
  kind: "integer",
  min: catalogFirstYear,
  max: () => catalogLastYear(),
  required: true,
  filter: "range",
  onCard: true,
};
const powerHp: FieldDefinition = {
  name: "powerHp",
  kind: "integer",
  min: 1,
  max: 3000,
  unit: "hp",
  required: false,
  filter: "range",
};
const engineVolume: FieldDefinition = {
  name: "engineVolume",
  kind: "number",
  min: 0.1,
  max: 10,
  step: 0.1,
  unit: "l",
  required: false,
  filter: "range",
  onCard: true,
};
const mileage = (required: boolean): FieldDefinition => ({
  name: "mileage",
  kind: "integer",
  min: 0,
  max: 2_000_000,
  required,
  filter: "range",
  onCard: true,
});
const mileageUnit: FieldDefinition = {
  name: "mileageUnit",
  kind: "enum",
  values: mileageUnits,
  unitOf: "mileage",
  // Searched, filtered and sorted in km: a mile is 1.609344 km.
  factors: { km: 1, mi: 1.609344 },
  required: false,
};
const multi = (
  name: string,
  values: readonly string[],
  required: boolean,
  onCard = false,
): FieldDefinition => ({
  name,
  kind: "enum",
  values,
  required,
  filter: "multi",
  ...(onCard ? { onCard } : {}),
});
const catalogRefs = (catalogKind: "car" | "commercial" | "moto", required: boolean): FieldDefinition[] => [
  { name: "mark", kind: "catalog", catalogKind, level: "mark", required, filter: "multi" },
  { name: "model", kind: "catalog", catalogKind, level: "model", parent: "mark", required, filter: "multi" },
];
/** Commercial and moto makes may be missing from the catalogue: then the seller types them. */
const freeTextMake: FieldDefinition[] = [
  { name: "markText", kind: "text", maxLength: 60, required: false },
  { name: "modelText", kind: "text", maxLength: 60, required: false },
];

export const carDefinition: VerticalDefinition = {
  vertical: "car",
  title: { kind: "generated", parts: [["mark"], ["model"], ["generation"]], year: "year" },
  similarBy: ["model"],
  fields: [
    ...catalogRefs("car", true),
    {
      name: "generation",
      kind: "catalog",
      catalogKind: "car",
      level: "generation",
      parent: "model",
      required: false,
      filter: "multi",
    },
    {
      name: "complectation",
      kind: "catalog",
      catalogKind: "car",
      level: "complectation",
      parent: "generation",
      required: false,
    },
    year,
    multi("body", carBodies, true, true),
    multi("fuel", fuels, true, true),
    engineVolume,
    powerHp,
    multi("gearbox", gearboxes, true, true),
    multi("drive", carDrives, true),
    multi("steering", steerings, true),
    multi("color", colors, true),
    mileage(true),
    mileageUnit,
    multi("condition", conditions, true),
    multi("customs", customsStates, true),
    multi("registration", registrations, true),
    multi("availability", availabilities, true),
    multi("exchange", exchanges, false),
    multi("installment", installments, false),
    {
      name: "vin",
      kind: "text",
      maxLength: 17,
      pattern: vinPattern,
      mask: "*****************",
      upperCase: true,
      maskedForGuests: true,
      required: false,
    },
    { name: "equipment", kind: "multi-enum", values: equipment, groups: equipmentGroups, required: false },
  ],
};

export const commercialDefinition: VerticalDefinition = {
  vertical: "commercial",
  title: {
    kind: "generated",
    parts: [
      ["mark", "markText"],
      ["model", "modelText"],
    ],
    year: "year",
  },
  categoryField: "category",
  similarBy: ["category"],
  requireOneOf: [["mark", "markText"]],
  fields: [
    multi("category", commercialCategories, true, true),
    multi("specialType", specialVehicleTypes, false),
    ...catalogRefs("commercial", false),
    ...freeTextMake,
    year,
    multi("fuel", fuels, true, true),
    engineVolume,
    powerHp,
    multi("gearbox", gearboxes, true),
    multi("drive", carDrives, false),
    multi("wheelFormula", wheelFormulas, false),
    multi("steering", steerings, true),
    mileage(false),
    mileageUnit,
    {
      name: "engineHours",
      kind: "integer",
      min: 0,
      max: 200_000,
      unit: "h",
      required: false,
      filter: "range",
    },
    {
      name: "payloadKg",
      kind: "integer",
      min: 1,
      max: 200_000,
      unit: "kg",
      required: false,
      filter: "range",
      onCard: true,
    },
    { name: "seats", kind: "integer", min: 1, max: 120, required: false, filter: "range" },
    multi("condition", conditions, true),
    multi("customs", customsStates, true),
    multi("exchange", exchanges, false),
    multi("availability", availabilities, true),
  ],
};

export const motoDefinition: VerticalDefinition = {
  vertical: "moto",
  title: {
    kind: "generated",
    parts: [
      ["mark", "markText"],
      ["model", "modelText"],
    ],
    year: "year",
  },
  categoryField: "category",
  similarBy: ["category"],
  requireOneOf: [["mark", "markText"]],
  fields: [
    multi("category", motoCategories, true, true),
    ...catalogRefs("moto", false),
    ...freeTextMake,
    year,
    multi("motoType", motoTypes, false, true),
    {
      name: "engineCc",
      kind: "integer",
      min: 1,
      max: 3000,
      unit: "cc",
      required: false,
      filter: "range",
      onCard: true,
    },
    powerHp,
    multi("engineType", motoEngineTypes, true),
    multi("gearbox", gearboxes, false),
    multi("finalDrive", motoFinalDrives, false),
    mileage(true),
    mileageUnit,
    multi("condition", conditions, true),
    multi("customs", customsStates, true),
    multi("color", colors, false),
  ],
};

export const uslugiDefinition: VerticalDefinition = {
  vertical: "uslugi",
  title: { kind: "seller" },
  categoryField: "category",
  similarBy: ["category"],
  fields: [
    multi("category", serviceTypes, true, true),
    {
      name: "priceUnit",
      kind: "enum",
      values: servicePriceUnits,
      unitOf: "price",
      required: false,
      onCard: true,
    },
    { name: "address", kind: "text", maxLength: 200, required: false },
    { name: "workingHours", kind: "text", maxLength: 200, required: false },
    { name: "latitude", kind: "number", min: -90, max: 90, required: false },
    { name: "longitude", kind: "number", min: -180, max: 180, required: false },
  ],
};

export const verticalDefinitions: Readonly<Record<Vertical, VerticalDefinition>> = {
  car: carDefinition,
  commercial: commercialDefinition,
  moto: motoDefinition,
  uslugi: uslugiDefinition,
};
