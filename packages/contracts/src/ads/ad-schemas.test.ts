import { describe, expect, it } from "vitest";
import { verticals } from "../verticals.ts";
import { adInputSchema } from "./ad-api.ts";
import { carDefinition, verticalDefinitions } from "./ad-definitions.ts";
import {
  type FieldDefinition,
  fieldsForGuests,
  type VerticalDefinition,
  valueInBaseUnit,
} from "./ad-fields.ts";
import { buildAdFilterSchema, buildAdInputSchema } from "./ad-schemas.ts";

const carFields = {
  mark: 1,
  model: 2,
  year: 2018,
  body: "sedan",
  fuel: "petrol",
  gearbox: "automatic",
  drive: "front",
  steering: "left",
  color: "white",
  mileage: 85_000,
  condition: "good",
  customs: "cleared",
  registration: "kg",
  availability: "in-stock",
};
const carAd = { vertical: "car", price: 1_500_000, currency: "KGS", regionId: 1, fields: carFields };

/** The paths of the issues a parse reports. */
function issuePaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  return (result.error?.issues ?? []).map((issue) => issue.path.map(String).join("."));
}

describe("ad definitions", () => {
  it("[S1.1] defines each of the four verticals with unique field names", () => {
    for (const vertical of verticals) {
      const names = verticalDefinitions[vertical].fields.map((field) => field.name);
      expect(new Set(names).size, vertical).toBe(names.length);
      expect(verticalDefinitions[vertical].vertical).toBe(vertical);
    }
  });

  it("[P5] a unit with factors converts every one of its values to one base unit", () => {
    for (const vertical of verticals) {
      for (const field of verticalDefinitions[vertical].fields) {
        if (field.kind !== "enum" || !field.factors) continue;
        expect(Object.keys(field.factors).sort(), field.name).toEqual([...field.values].sort());
        expect(
          Object.values(field.factors).filter((factor) => factor === 1),
          field.name,
        ).toHaveLength(1);
      }
    }
    const mileage = carDefinition.fields.find((field) => field.name === "mileage");
    if (!mileage) throw new Error("no mileage");
    expect(valueInBaseUnit(carDefinition, mileage, { mileage: 60_000, mileageUnit: "mi" })).toBe(96_561);
    expect(valueInBaseUnit(carDefinition, mileage, { mileage: 60_000, mileageUnit: "km" })).toBe(60_000);
    expect(valueInBaseUnit(carDefinition, mileage, { mileage: 60_000 })).toBe(60_000);
    expect(valueInBaseUnit(carDefinition, mileage, { mileage: null, mileageUnit: "mi" })).toBeNull();
  });

  it("[P3] a field added to a definition is validated and filtered without other code", () => {
    const withExtra: VerticalDefinition = {
      ...carDefinition,
      fields: [
        ...carDefinition.fields,
        { name: "owners", kind: "integer", min: 1, max: 10, required: true, filter: "range" },
        { name: "garage", kind: "boolean", required: false, filter: "boolean" },
      ],
    };
    const input = buildAdInputSchema(withExtra);
    expect(input.safeParse(carAd).success).toBe(false);
    expect(issuePaths(input.safeParse(carAd))).toEqual(["fields.owners"]);
    const parsed = input.parse({ ...carAd, fields: { ...carFields, owners: 2 } });
    expect(parsed.fields.owners).toBe(2);
    expect(parsed.fields.garage).toBeNull();
    expect(issuePaths(input.safeParse({ ...carAd, fields: { ...carFields, owners: 11 } }))).toEqual([
      "fields.owners",
    ]);

    const filters = buildAdFilterSchema(withExtra).parse({
      vertical: "car",
      ownersFrom: "1",
      ownersTo: "3",
      garage: "true",
    });
    expect(filters).toMatchObject({ ownersFrom: 1, ownersTo: 3, garage: true });
    // The stock definition does not know the filter.
    expect(buildAdFilterSchema(carDefinition).safeParse({ vertical: "car", ownersFrom: "1" }).success).toBe(
      false,
    );
  });

  it("[P3] accepts a valid ad of each vertical; optional fields read as null", () => {
    const car = adInputSchema.parse(carAd);
    expect(car.fields.vin).toBeNull();
    expect(car).toMatchObject({ negotiable: false, chatOnly: false, description: "", abroadCountry: null });
    const service = adInputSchema.parse({
      vertical: "uslugi",
      title: "Ремонт ходовой",
      price: 0,
      currency: "KGS",
      abroadCountry: "kz",
      fields: { category: "repair" },
    });
    expect(service.fields).toMatchObject({ category: "repair", address: null });
    expect(
      adInputSchema.safeParse({ vertical: "moto", price: 1, currency: "USD", regionId: 2, fields: {} })
        .success,
    ).toBe(false);
  });

  it("[P3] refuses a bad value of every field kind with its path", () => {
    const cases: [string, Record<string, unknown>][] = [
      ["fields.body", { body: "boat" }], // enum
      ["fields.equipment.0", { equipment: ["jetpack"] }], // multi-enum
      ["fields.engineVolume", { engineVolume: 12.5 }], // number
      ["fields.year", { year: 2017.5 }], // integer
      ["fields.year", { year: 1900 }], // integer below min
      ["fields.year", { year: new Date().getFullYear() + 2 }], // integer above next year
      ["fields.vin", { vin: "JTDBR32E1O0123456" }], // text: the letter O
      ["fields.mark", { mark: -3 }], // catalogue ref
      ["fields", { wings: 2 }], // unknown field
    ];
    for (const [path, change] of cases) {
      const result = adInputSchema.safeParse({ ...carAd, fields: { ...carFields, ...change } });
      expect(issuePaths(result), JSON.stringify(change)).toContain(path);
    }
    const service = { vertical: "uslugi", title: "Эвакуатор 24/7", price: 0, currency: "KGS", regionId: 1 };
    expect(
      issuePaths(
        adInputSchema.safeParse({ ...service, fields: { category: "repair", address: "x".repeat(201) } }),
      ),
    ).toEqual(["fields.address"]);
    const booleanField: FieldDefinition = { name: "urgent", kind: "boolean", required: true };
    const withBoolean = buildAdInputSchema({
      ...carDefinition,
      fields: [...carDefinition.fields, booleanField],
    });
    expect(issuePaths(withBoolean.safeParse({ ...carAd, fields: { ...carFields, urgent: "yes" } }))).toEqual([
      "fields.urgent",
    ]);
  });

  it("[P3] refuses bad common fields with their paths", () => {
    const cases: [string, Record<string, unknown>][] = [
      ["price", { price: -1 }],
      ["price", { price: 10.5 }],
      ["currency", { currency: "EUR" }],
      ["description", { description: "x".repeat(4001) }],
      ["videoUrl", { videoUrl: "https://vimeo.com/123456" }],
      ["regionId", { regionId: null }],
      ["regionId", { abroadCountry: "kz" }],
      ["abroadCountry", { regionId: null, abroadCountry: "Kazakhstan" }],
      ["", { title: "Toyota Camry" }], // vehicle titles are generated: an unknown key of the body
    ];
    for (const [path, change] of cases) {
      expect(issuePaths(adInputSchema.safeParse({ ...carAd, ...change })), JSON.stringify(change)).toContain(
        path,
      );
    }
  });

  it("[P5] derives the search filters: lists, ranges, sorts the vertical has", () => {
    const car = buildAdFilterSchema(carDefinition);
    expect(
      car.parse({ vertical: "car", body: "sedan,coupe", mark: ["3", "4"], yearFrom: "2010", priceTo: "" }),
    ).toMatchObject({
      body: ["sedan", "coupe"],
      mark: [3, 4],
      yearFrom: 2010,
      sort: "fresh",
      limit: 20,
      currency: "KGS",
    });
    expect(issuePaths(car.safeParse({ vertical: "car", body: "boat" }))).toEqual(["body.0"]);
    expect(issuePaths(car.safeParse({ vertical: "car", yearFrom: "abc" }))).toEqual(["yearFrom"]);
    expect(issuePaths(car.safeParse({ vertical: "car", limit: "500" }))).toEqual(["limit"]);
    const services = buildAdFilterSchema(verticalDefinitions.uslugi);
    expect(issuePaths(services.safeParse({ vertical: "uslugi", sort: "year-asc" }))).toEqual(["sort"]);
    expect(services.safeParse({ vertical: "uslugi", sort: "price-asc", category: "wash" }).success).toBe(
      true,
    );
  });
});

describe("fields as guests see them", () => {
  it("[P3] masks the VIN, keeping the maker's code and the last four; other fields untouched", () => {
    const shown = fieldsForGuests(carDefinition, { vin: "JTNB11HK103456789", year: 2018, vinless: null });
    expect(shown).toEqual({ vin: "JTN**********6789", year: 2018, vinless: null });
    expect(fieldsForGuests(carDefinition, { vin: "ABC" }).vin).toBe("***");
  });
});
