/**
 * schema.org data of an ad page: a vehicle (`Car`, `Motorcycle`, `Vehicle`) or a `Service`, each
 * with its `Offer`. Emitted through the catalogue's `JsonLd`, whose inline script the page CSP
 * allows by hash. Unknown values are left out rather than guessed; a masked VIN is never included.
 */
import { type Ad, type Locale, verticalDefinitions } from "@unaa/contracts";
import type { TFunction } from "i18next";
import {
  brandLd,
  driveConfigurations,
  fuelTypes,
  type JsonLdObject,
  vehicleType,
} from "../catalog/catalog-json-ld.tsx";
import { valueLabelKey } from "./ad-format.ts";
import type { CatalogRefs } from "./ad-page-data.ts";
import { largestPhotoUrl } from "./ad-page-data.ts";

function availabilityOf(status: Ad["status"]): string {
  if (status === "active") return "https://schema.org/InStock";
  if (status === "sold") return "https://schema.org/SoldOut";
  return "https://schema.org/Discontinued";
}

function conditionOf(condition: unknown): string | undefined {
  if (condition === "new") return "https://schema.org/NewCondition";
  if (condition === "damaged" || condition === "needs-repair") return "https://schema.org/DamagedCondition";
  return typeof condition === "string" ? "https://schema.org/UsedCondition" : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value ? value : undefined;
}

function lookup<T extends string>(table: Record<T, string>, value: unknown): string | undefined {
  return typeof value === "string" && Object.hasOwn(table, value) ? table[value as T] : undefined;
}

export interface AdJsonLdInput {
  ad: Ad;
  refs: CatalogRefs;
  /** The absolute address of the ad page. */
  url: string;
  origin: string;
  /** Where the ad is, in words. */
  location: string | null;
  t: TFunction;
  locale: Locale;
}

export function adJsonLd({ ad, refs, url, origin, location, t }: AdJsonLdInput): JsonLdObject {
  const definition = verticalDefinitions[ad.vertical];
  const fields = ad.fields;
  const label = (name: string) => {
    const value = fields[name];
    return typeof value === "string" && value ? t(valueLabelKey(definition, name, value)) : undefined;
  };
  const absolute = (address: string) => (address.startsWith("/") ? origin + address : address);
  const images = ad.photos.map((photo) => absolute(largestPhotoUrl(photo)));
  const offer: JsonLdObject = {
    "@type": "Offer",
    url,
    ...(ad.price > 0 ? { price: ad.price } : {}),
    priceCurrency: ad.currency,
    availability: availabilityOf(ad.status),
    itemCondition: conditionOf(fields.condition),
    seller: { "@type": "Person", name: ad.seller.name },
    ...(location ? { availableAtOrFrom: { "@type": "Place", name: location } } : {}),
  };
  const common: JsonLdObject = {
    name: ad.title,
    ...(ad.description ? { description: ad.description } : {}),
    url,
    ...(images.length ? { image: images } : {}),
    offers: offer,
  };

  if (ad.vertical === "uslugi") {
    return {
      "@type": "Service",
      ...common,
      serviceType: label(definition.categoryField ?? "category"),
      provider: { "@type": "Person", name: ad.seller.name },
      ...(location ? { areaServed: location } : {}),
    };
  }

  const markName = refs.mark?.name ?? text(fields.markText);
  const mileage = fields.mileage;
  const engineVolume = fields.engineVolume;
  const engineCc = fields.engineCc;
  const engine =
    typeof engineVolume === "number"
      ? { "@type": "QuantitativeValue", value: engineVolume, unitCode: "LTR" }
      : typeof engineCc === "number"
        ? { "@type": "QuantitativeValue", value: engineCc, unitCode: "CMQ" }
        : undefined;
  return {
    "@type": vehicleType(ad.vertical),
    ...common,
    ...(refs.mark
      ? { brand: brandLd(refs.mark) }
      : markName
        ? { brand: { "@type": "Brand", name: markName } }
        : {}),
    model: refs.model?.name ?? text(fields.modelText),
    vehicleConfiguration: refs.generation?.name,
    vehicleModelDate: typeof fields.year === "number" ? String(fields.year) : undefined,
    mileageFromOdometer:
      typeof mileage === "number"
        ? {
            "@type": "QuantitativeValue",
            value: mileage,
            unitCode: fields.mileageUnit === "mi" ? "SMI" : "KMT",
          }
        : undefined,
    fuelType: lookup(fuelTypes, fields.fuel),
    bodyType: label("body"),
    color: label("color"),
    vehicleTransmission: label("gearbox"),
    driveWheelConfiguration: lookup(driveConfigurations, fields.drive),
    ...(engine ? { vehicleEngine: { "@type": "EngineSpecification", engineDisplacement: engine } } : {}),
    itemCondition: conditionOf(fields.condition),
  };
}
