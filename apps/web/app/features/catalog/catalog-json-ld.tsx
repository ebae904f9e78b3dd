/**
 * schema.org structured data of the catalogue pages (JSON-LD). The page's CSP lists the hash of
 * every inline script, these included (entry.server.tsx).
 */
import type {
  CatalogComplectation,
  CatalogGenerationRef,
  CatalogKind,
  CatalogMarkRef,
  CatalogModelRef,
} from "@unaa/contracts";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../../root.tsx";

export type JsonLdValue = string | number | boolean | null | JsonLdObject | JsonLdValue[];
export interface JsonLdObject {
  [key: string]: JsonLdValue | undefined;
}

/** `<script type="application/ld+json">`; "<" is escaped so a name can never close the script. */
export function JsonLd({ data }: { data: JsonLdObject }) {
  const json = JSON.stringify({ "@context": "https://schema.org", ...data }).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped; its hash is in the CSP.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

/** The site's public origin, for the absolute addresses structured data needs. */
export function usePublicOrigin(): string {
  return useRouteLoaderData<typeof rootLoader>("root")?.config.publicOrigin ?? "";
}

const vehicleTypes: Record<CatalogKind, string> = { car: "Car", commercial: "Vehicle", moto: "Motorcycle" };

export function vehicleType(kind: CatalogKind): string {
  return vehicleTypes[kind];
}

export function brandLd(mark: CatalogMarkRef): JsonLdObject {
  return {
    "@type": "Brand",
    name: mark.name,
    ...(mark.nameCyrillic ? { alternateName: mark.nameCyrillic } : {}),
  };
}

export function breadcrumbLd(items: { name: string; url: string }[]): JsonLdObject {
  return {
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

function years(from: number, to: number | null): string {
  return to === null ? `${from}` : `${from}/${to}`;
}

/** A model (or one of its generations): brand, model, production years. */
export function modelLd(
  kind: CatalogKind,
  mark: CatalogMarkRef,
  model: CatalogModelRef,
  url: string,
  generation?: CatalogGenerationRef,
): JsonLdObject {
  const span = generation ?? model;
  return {
    "@type": vehicleType(kind),
    name: [mark.name, model.name, generation?.name].filter(Boolean).join(" "),
    url,
    brand: brandLd(mark),
    manufacturer: { "@type": "Organization", name: mark.name },
    model: model.name,
    ...(generation ? { vehicleConfiguration: generation.name } : {}),
    productionDate: years(span.yearFrom, span.yearTo),
  };
}

export const fuelTypes: Record<CatalogComplectation["fuel"], string> = {
  petrol: "Gasoline",
  diesel: "Diesel",
  "petrol-gas": "Gasoline, LPG",
  gas: "LPG",
  hybrid: "Hybrid",
  "plug-in-hybrid": "Plug-in hybrid",
  electric: "Electric",
};

export const driveConfigurations: Record<CatalogComplectation["drive"], string> = {
  front: "https://schema.org/FrontWheelDriveConfiguration",
  rear: "https://schema.org/RearWheelDriveConfiguration",
  "all-full": "https://schema.org/AllWheelDriveConfiguration",
  "all-plug-in": "https://schema.org/FourWheelDriveConfiguration",
};

function quantity(value: number | null, unitCode: string): JsonLdObject | undefined {
  return value === null ? undefined : { "@type": "QuantitativeValue", value, unitCode };
}

/** One complectation: a Car with the specs the catalogue knows (unknown ones are left out). */
export function complectationLd(
  kind: CatalogKind,
  mark: CatalogMarkRef,
  model: CatalogModelRef,
  generation: CatalogGenerationRef,
  complectation: CatalogComplectation,
  url: string,
): JsonLdObject {
  const base = modelLd(kind, mark, model, url, generation);
  const data: JsonLdObject = {
    ...base,
    name: `${base.name as string} ${complectation.name}`,
    bodyType: complectation.body,
    fuelType: fuelTypes[complectation.fuel],
    vehicleTransmission: complectation.gearbox,
    driveWheelConfiguration: driveConfigurations[complectation.drive],
    vehicleEngine: {
      "@type": "EngineSpecification",
      fuelType: fuelTypes[complectation.fuel],
      engineDisplacement: quantity(complectation.engineVolume, "LTR"),
      enginePower: quantity(complectation.powerHp, "BHP"),
    },
    fuelConsumption:
      complectation.fuelConsumption === null
        ? undefined
        : { "@type": "QuantitativeValue", value: complectation.fuelConsumption, unitText: "L/100km" },
    depth: quantity(complectation.lengthMm, "MMT"),
    width: quantity(complectation.widthMm, "MMT"),
    height: quantity(complectation.heightMm, "MMT"),
    seatingCapacity: complectation.seats ?? undefined,
  };
  return data;
}
