import type { Ad } from "@unaa/contracts";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { adPageCrumbs, largestPhotoUrl, shorten } from "./ad-page-data.ts";
import { adJsonLd } from "./ad-page-json-ld.ts";
import { equipmentGroups, mapPoint, specRows } from "./ad-page-specs.ts";
import { youtubeId } from "./ad-page-video.tsx";

const t = ((key: string) => key) as unknown as TFunction;

const photo = {
  id: 1,
  width: 1600,
  height: 1200,
  placeholder: "data:image/webp;base64,AA",
  src: "/uploads/a-800.webp",
  webp: "/uploads/a-320.webp 320w, /uploads/a-800.webp 800w, /uploads/a-1600.webp 1600w",
  avif: null,
};

function ad(change: Partial<Ad>): Ad {
  return {
    id: 7,
    vertical: "car",
    status: "active",
    title: "Toyota Camry XV70, 2019",
    price: 1_850_000,
    currency: "KGS",
    priceKgs: 1_850_000,
    priceUsd: 21_143,
    businessId: null,
    negotiable: false,
    regionId: null,
    townId: null,
    abroadCountry: null,
    fields: {},
    publishedAt: null,
    raisedAt: null,
    cover: { url: "/uploads/a", width: 1600, height: 1200, placeholder: photo.placeholder, hasAvif: false },
    photoCount: 1,
    oldPrice: null,
    promotion: null,
    isUrgent: false,
    isHighlighted: false,
    userId: 3,
    description: "",
    videoUrl: null,
    chatOnly: false,
    phoneIds: [],
    views: 0,
    phoneReveals: 0,
    favorites: 0,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    expiresAt: null,
    extendedAt: null,
    rejectReason: null,
    rejectNote: null,
    isOwner: false,
    photos: [photo],
    seller: { id: 3, name: "aida", avatar: null, memberSince: "2024-05-01T00:00:00.000Z", activeAds: 2 },
    hasPendingChanges: false,
    ...change,
  };
}

const refs = {
  mark: { id: 1, slug: "toyota", name: "Toyota", nameCyrillic: "Тойота", country: "jp" },
  model: { id: 2, slug: "camry", name: "Camry", nameCyrillic: null, yearFrom: 1982, yearTo: null },
  generation: { id: 3, slug: "xv70", name: "XV70", yearFrom: 2017, yearTo: null, isRestyling: false },
};

describe("the data of an ad page", () => {
  it("cuts a meta description at a word", () => {
    expect(shorten("short text")).toBe("short text");
    const long = shorten("word ".repeat(60));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith("word…")).toBe(true);
  });

  it("takes the 1600-px photo for social previews", () => {
    expect(largestPhotoUrl(photo)).toBe("/uploads/a-1600.webp");
  });

  it("leads the crumbs through the vertical and the car's mark and model, or the category", () => {
    expect(adPageCrumbs({ ad: ad({}), refs })).toEqual([
      { key: "page.car.title", to: "/car" },
      { text: "Toyota", to: "/car/toyota" },
      { text: "Camry", to: "/car/toyota/camry" },
      { text: "Toyota Camry XV70, 2019", to: "/car/7" },
    ]);
    const service = ad({ vertical: "uslugi", title: "Tow truck", fields: { category: "tow-truck" } });
    expect(adPageCrumbs({ ad: service, refs: {} }).slice(1)).toEqual([
      { key: "category.uslugi.tow-truck", to: "/uslugi/tow-truck/all" },
      { text: "Tow truck", to: "/uslugi/7" },
    ]);
  });
});

describe("the specs table", () => {
  it("[P3] follows the definition: catalogue names linked, units, no companion or empty fields", () => {
    const car = ad({
      fields: {
        mark: 1,
        model: 2,
        generation: 3,
        year: 2019,
        body: "sedan",
        mileage: 64000,
        mileageUnit: "km",
        color: "white",
        equipment: ["abs", "navigation", "heated-seats"],
      },
    });
    const rows = specRows(t, "ru", car, refs);
    expect(rows.map((row) => row.name)).toEqual([
      "mark",
      "model",
      "generation",
      "year",
      "body",
      "color",
      "mileage",
    ]);
    expect(rows[0]).toMatchObject({ label: "field.mark", value: "Toyota", to: "/catalog/toyota" });
    expect(rows[2]).toMatchObject({ value: "XV70", to: "/catalog/toyota/camry/xv70" });
    expect(rows.find((row) => row.name === "color")).toMatchObject({ swatch: "#ffffff" });
    expect(rows.find((row) => row.name === "mileage")?.value).toBe("64\u202f000\u00a0unit.km");
    expect(equipmentGroups(t, car)).toEqual([
      { name: "safety", label: "equipmentGroup.safety", items: ["show.detail.equipment.abs"] },
      { name: "comfort", label: "equipmentGroup.comfort", items: ["show.detail.equipment.heated-seats"] },
      { name: "multimedia", label: "equipmentGroup.multimedia", items: ["show.detail.equipment.navigation"] },
    ]);
  });

  it("shows the seller's make where the catalogue has none; the price unit and the map point apart", () => {
    const moto = ad({
      vertical: "moto",
      fields: { category: "motorcycle", markText: "Урал", modelText: "М-72" },
    });
    const rows = specRows(t, "ru", moto, {});
    expect(rows.slice(0, 3)).toEqual([
      { name: "category", label: "field.category", value: "category.moto.motorcycle" },
      { name: "mark", label: "field.mark", value: "Урал" },
      { name: "model", label: "field.model", value: "М-72" },
    ]);
    const service = ad({
      vertical: "uslugi",
      fields: { category: "wash", priceUnit: "per-job", latitude: 42.8, longitude: 74.6 },
    });
    expect(specRows(t, "ru", service, {}).map((row) => row.name)).toEqual(["category"]);
    expect(mapPoint(service)).toEqual({ latitude: 42.8, longitude: 74.6 });
  });
});

describe("structured data", () => {
  it("describes a car with its offer, and a service as a Service", () => {
    const car = ad({
      fields: { year: 2019, mileage: 64000, mileageUnit: "mi", fuel: "hybrid", drive: "all-full" },
    });
    const data = adJsonLd({
      ad: car,
      refs,
      url: "https://unaa.kg/car/7",
      origin: "https://unaa.kg",
      location: null,
      t,
      locale: "ru",
    });
    expect(data).toMatchObject({
      "@type": "Car",
      brand: { "@type": "Brand", name: "Toyota" },
      model: "Camry",
      vehicleModelDate: "2019",
      mileageFromOdometer: { value: 64000, unitCode: "SMI" },
      fuelType: "Hybrid",
      driveWheelConfiguration: "https://schema.org/AllWheelDriveConfiguration",
      image: ["https://unaa.kg/uploads/a-1600.webp"],
      offers: {
        "@type": "Offer",
        price: 1_850_000,
        priceCurrency: "KGS",
        availability: "https://schema.org/InStock",
      },
    });
    const service = ad({ vertical: "uslugi", status: "sold", price: 0, fields: { category: "wash" } });
    const serviceData = adJsonLd({
      ad: service,
      refs: {},
      url: "u",
      origin: "",
      location: "Бишкек",
      t,
      locale: "ru",
    });
    expect(serviceData).toMatchObject({
      "@type": "Service",
      serviceType: "category.uslugi.wash",
      areaServed: "Бишкек",
    });
    expect(serviceData.offers).not.toHaveProperty("price");
    expect(serviceData.offers).toMatchObject({ availability: "https://schema.org/SoldOut" });
  });
});

describe("the video", () => {
  it.each([
    ["https://youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://vimeo.com/123", null],
    ["https://youtube.com/watch?v=short", null],
    ["not a url", null],
  ])("reads the YouTube id of %s", (url, id) => {
    expect(youtubeId(url)).toBe(id);
  });
});
