import { type Ad, verticalDefinitions } from "@unaa/contracts";
import { describe, expect, it } from "vitest";
import { clearDraft, loadDraft, saveDraft } from "./ad-draft.ts";
import {
  type AdFormValues,
  emptyAdFormValues,
  errorKeyOf,
  fieldsOfStep,
  firstStepOf,
  hasContent,
  isFormField,
  previewTitle,
  stepOfErrorKey,
  stepsOf,
  toAdInput,
  validateAdForm,
  valuesOfAd,
} from "./ad-form-values.ts";

const photo = {
  id: 5,
  width: 1600,
  height: 1200,
  placeholder: "data:",
  src: "/p.webp",
  webp: "",
  avif: null,
};

function filledCar(): AdFormValues {
  const values = emptyAdFormValues("car");
  return {
    ...values,
    catalog: { mark: "toyota", model: "camry", generation: null, complectation: null },
    catalogNames: { mark: "Toyota", model: "Camry" },
    fields: {
      ...values.fields,
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
    },
    price: 1_500_000,
    regionId: 1,
    photos: [photo],
  };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("ad form steps from the definition", () => {
  it("[P3] cars: the vehicle step holds the catalogue and the year, the rest is on the details step", () => {
    const car = verticalDefinitions.car;
    expect(stepsOf(car)).toEqual(["main", "details", "photos", "price", "description", "preview"]);
    expect(fieldsOfStep(car, "main").map((field) => field.name)).toEqual([
      "mark",
      "model",
      "generation",
      "complectation",
      "year",
    ]);
    const details = fieldsOfStep(car, "details").map((field) => field.name);
    expect(details).toContain("vin");
    expect(details).toContain("equipment");
    // The unit is chosen beside its number, not as a field of its own.
    expect(details).toContain("mileage");
    expect(details).not.toContain("mileageUnit");
  });

  it("[P3] commercial: category, catalogue and typed make come first; services put the price unit by the price", () => {
    expect(fieldsOfStep(verticalDefinitions.commercial, "main").map((field) => field.name)).toEqual([
      "category",
      "mark",
      "model",
      "markText",
      "modelText",
      "year",
    ]);
    const uslugi = verticalDefinitions.uslugi;
    expect(fieldsOfStep(uslugi, "main").map((field) => field.name)).toEqual(["category"]);
    expect(fieldsOfStep(uslugi, "details").map((field) => field.name)).not.toContain("priceUnit");
    expect(stepOfErrorKey(uslugi, "fields.priceUnit")).toBe("price");
  });

  it("maps API and schema error paths to the fields and to the step that shows them", () => {
    const car = verticalDefinitions.car;
    expect(errorKeyOf("fields.year")).toBe("fields.year");
    expect(errorKeyOf(["phoneIds", 0])).toBe("phoneIds");
    expect(stepOfErrorKey(car, "fields.year")).toBe("main");
    expect(stepOfErrorKey(car, "fields.vin")).toBe("details");
    expect(stepOfErrorKey(car, "fields.mileageUnit")).toBe("details");
    expect(stepOfErrorKey(car, "photoIds")).toBe("photos");
    expect(stepOfErrorKey(car, "regionId")).toBe("price");
    expect(stepOfErrorKey(car, "description")).toBe("description");
    expect(firstStepOf(car, ["photoIds", "fields.vin"])).toBe("details");
    expect(isFormField(car, "fields.vin")).toBe(true);
    expect(isFormField(car, "fields.owners")).toBe(false);
    expect(isFormField(car, "title")).toBe(true);
    expect(isFormField(car, "vertical")).toBe(false);
  });
});

describe("ad form validation with the API's schema", () => {
  it("a complete car form is valid and becomes the API body", () => {
    const values = filledCar();
    expect(validateAdForm(values)).toEqual({});
    const body = toAdInput(values);
    expect(body).toMatchObject({ vertical: "car", price: 1_500_000, regionId: 1, photoIds: [5] });
    expect(body).not.toHaveProperty("title");
    expect((body.fields as Record<string, unknown>).vin).toBeNull();
  });

  it("an empty form reports missing required fields on the first steps", () => {
    const errors = validateAdForm(emptyAdFormValues("car"));
    expect(errors["fields.mark"]).toEqual({ keys: ["adForm.fieldError.choose"] });
    expect(errors["fields.body"]).toEqual({ keys: ["adForm.fieldError.choose"] });
    expect(errors["fields.year"]).toEqual({ keys: ["adForm.fieldError.required"] });
    expect(errors.price).toEqual({ keys: ["adForm.fieldError.required"] });
    expect(errors.regionId).toEqual({ keys: ["adForm.fieldError.choose"] });
    expect(firstStepOf(verticalDefinitions.car, Object.keys(errors))).toBe("main");
  });

  it("bad values get texts with their bounds: a year too old, a VIN with O, a non-YouTube video", () => {
    const values = filledCar();
    values.fields.year = 1900;
    values.fields.vin = "JTDBR32E3O0123456";
    values.videoUrl = "https://vimeo.com/1";
    values.price = 2_000_000_000;
    const errors = validateAdForm(values);
    expect(errors["fields.year"]).toEqual({ keys: ["adForm.fieldError.min"], values: { min: 1950 } });
    expect(errors["fields.vin"]?.keys[0]).toBe("adForm.fieldError.format.vin");
    expect(errors.videoUrl?.keys[0]).toBe("adForm.fieldError.format.videoUrl");
    expect(errors.price).toEqual({ keys: ["adForm.fieldError.max"], values: { max: 1_000_000_000 } });
  });

  it("a typed make replaces the catalogue: its ids are not sent, and without either the make is missing", () => {
    const values = emptyAdFormValues("moto");
    values.isOffCatalog = true;
    values.fields.mark = 3;
    values.fields.markText = "  Ural ";
    const fields = toAdInput(values).fields as Record<string, unknown>;
    expect(fields.mark).toBeNull();
    expect(fields.markText).toBe("Ural");
    values.fields.markText = null;
    expect(Object.keys(validateAdForm(values))).toContain("fields.markText");
  });

  it("abroad sends the country instead of region and town", () => {
    const values = filledCar();
    values.isAbroad = true;
    values.abroadCountry = "kz";
    expect(toAdInput(values)).toMatchObject({ regionId: null, townId: null, abroadCountry: "kz" });
    expect(validateAdForm(values)).toEqual({});
  });

  it("services need a title of their own; vehicles get one from the catalogue names and year", () => {
    const services = emptyAdFormValues("uslugi");
    services.title = "Эвакуатор";
    expect(validateAdForm(services).title).toBeUndefined();
    services.title = "Эва";
    expect(validateAdForm(services).title).toEqual({
      keys: ["adForm.fieldError.minLength"],
      values: { min: 5 },
    });
    expect(previewTitle(filledCar())).toBe("Toyota Camry, 2018");
  });
});

describe("ad drafts in local storage", () => {
  it("keeps the unfinished form per user and vertical until cleared", () => {
    const storage = memoryStorage();
    const values = filledCar();
    saveDraft(storage, 7, { values, step: "photos", adId: null });
    expect(loadDraft(storage, 7, "car")).toEqual({ values, step: "photos", adId: null });
    expect(loadDraft(storage, 8, "car")).toBeNull();
    expect(loadDraft(storage, 7, "moto")).toBeNull();
    clearDraft(storage, 7, "car");
    expect(loadDraft(storage, 7, "car")).toBeNull();
  });

  it("drops a damaged draft or one of another version instead of misreading it", () => {
    const storage = memoryStorage();
    storage.setItem("unaa-ad-draft:7:car", "{not json");
    expect(loadDraft(storage, 7, "car")).toBeNull();
    storage.setItem("unaa-ad-draft:7:car", JSON.stringify({ version: 0, values: filledCar(), step: "main" }));
    expect(loadDraft(storage, 7, "car")).toBeNull();
  });

  it("an untouched form is no draft; a typed price is", () => {
    const values = emptyAdFormValues("car");
    expect(hasContent(values)).toBe(false);
    expect(hasContent({ ...values, currency: "USD" })).toBe(false);
    expect(hasContent({ ...values, price: 100 })).toBe(true);
  });
});

describe("editing an ad", () => {
  it("fills the form from the ad, with the catalogue choice the loader found", () => {
    const values = filledCar();
    const ad = {
      vertical: "car",
      title: "Toyota Camry, 2018",
      description: "Один хозяин",
      price: 1_500_000,
      currency: "KGS",
      negotiable: true,
      regionId: 1,
      townId: null,
      abroadCountry: null,
      videoUrl: null,
      chatOnly: false,
      phoneIds: [],
      businessId: null,
      photos: [photo],
      fields: { ...values.fields, mileageUnit: "km" },
    } as unknown as Ad;
    const filled = valuesOfAd(ad, { slugs: values.catalog, names: values.catalogNames });
    expect(filled.fields.mileageUnit).toBe("km");
    expect(filled.negotiable).toBe(true);
    expect(filled.isOffCatalog).toBe(false);
    expect(validateAdForm(filled)).toEqual({});
  });
});
