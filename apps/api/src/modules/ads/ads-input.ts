/**
 * What an ad body writes (decision 009: one field definition per vertical): its references checked (catalogue, place, phones, photos),
 * then the common columns, a typed copy of every filterable field, the JSON, the title with the
 * catalogue's other spellings, and the price in both currencies.
 */
import { type AdInput, generatedAdTitle, valueInBaseUnit, verticalDefinitions } from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { columnKeyOf, type StoredAdPhoto } from "../../db/schema/index.ts";
import { resolveAdPhotos } from "../photos/photos.service.ts";
import { readSettings } from "../settings/settings.service.ts";
import {
  type AdInsert,
  findBusinessOwnerId,
  findCatalogEntry,
  findConfirmedPhones,
  findTownRegion,
  regionExists,
} from "./ads.repository.ts";
import { invalidField } from "./ads-errors.ts";

/** The catalogue entries an ad body names: the names for its title, other spellings for the text search. */
export interface CatalogRefs {
  names: Map<string, string>;
  spellings: string[];
}

/** Checks the catalogue refs of an ad body (each belongs to its parent, marks of the vertical's kind). */
export async function resolveCatalogRefs(db: Database, input: AdInput): Promise<CatalogRefs> {
  const definition = verticalDefinitions[input.vertical];
  const fields = input.fields as Record<string, unknown>;
  const names = new Map<string, string>();
  const spellings: string[] = [];
  for (const field of definition.fields) {
    const id = fields[field.name];
    if (field.kind !== "catalog" || typeof id !== "number") continue;
    const entry = await findCatalogEntry(db, field.level, id);
    const parentId = field.parent ? fields[field.parent] : undefined;
    const fits =
      entry !== undefined &&
      (field.level !== "mark" || entry.kind === field.catalogKind) &&
      (field.parent === undefined || (typeof parentId === "number" && entry.parentId === parentId));
    if (!fits || !entry) throw invalidField("AD_CATALOG_MISMATCH", `fields.${field.name}`);
    names.set(field.name, entry.name);
    spellings.push(...entry.spellings);
  }
  return { names, spellings };
}

function convertPrice(price: number, currency: "KGS" | "USD", usdRate: number) {
  return currency === "KGS"
    ? { priceKgs: price, priceUsd: Math.round(price / usdRate) }
    : { priceKgs: Math.round(price * usdRate), priceUsd: price };
}

/**
 * The columns an ad body writes (checked already): common ones, the typed copies of filterable
 * fields, the JSON, the photos and the title with its other spellings; the price in both currencies.
 */
export function adColumns(
  input: AdInput,
  sources: CatalogRefs & { photos: StoredAdPhoto[]; usdRate: number },
): Omit<AdInsert, "userId"> {
  const definition = verticalDefinitions[input.vertical];
  const fields = input.fields as Record<string, unknown>;
  const typed: Record<string, unknown> = {};
  for (const field of definition.fields) {
    // Quantities in the base unit (mileage in km), so ranges and sorts compare like with like.
    if (field.filter) typed[columnKeyOf(field)] = valueInBaseUnit(definition, field, fields);
  }
  const title =
    generatedAdTitle(definition, fields, Object.fromEntries(sources.names)) ??
    ("title" in input && typeof input.title === "string" ? input.title : "");
  return {
    ...typed,
    vertical: input.vertical,
    title,
    description: input.description,
    price: input.price,
    currency: input.currency,
    ...convertPrice(input.price, input.currency, sources.usdRate),
    negotiable: input.negotiable,
    regionId: input.regionId,
    townId: input.townId,
    abroadCountry: input.abroadCountry,
    videoUrl: input.videoUrl,
    chatOnly: input.chatOnly,
    businessId: input.businessId,
    phoneIds: [...new Set(input.phoneIds)],
    photos: sources.photos,
    fields,
    searchTerms: sources.spellings.join(" "),
  };
}

async function checkLocation(db: Database, input: AdInput): Promise<void> {
  if (input.regionId !== null && !(await regionExists(db, input.regionId))) {
    throw invalidField("AD_LOCATION_INVALID", "regionId");
  }
  if (input.townId !== null && (await findTownRegion(db, input.townId)) !== input.regionId) {
    throw invalidField("AD_LOCATION_INVALID", "townId");
  }
}

/** Contact phones are chosen among the seller's own confirmed phones. */
async function checkPhones(db: Database, userId: number, phoneIds: readonly number[]): Promise<void> {
  if (phoneIds.length === 0) return;
  const own = new Set((await findConfirmedPhones(db, userId)).map((phone) => phone.id));
  const index = phoneIds.findIndex((id) => !own.has(id));
  if (index >= 0) throw invalidField("AD_PHONE_INVALID", `phoneIds.${index}`);
}

/** An ad is posted as a business only by the business's owner. */
async function checkBusiness(db: Database, userId: number, businessId: number | null): Promise<void> {
  if (businessId !== null && (await findBusinessOwnerId(db, businessId)) !== userId) {
    throw invalidField("AD_BUSINESS_INVALID", "businessId");
  }
}

/**
 * The columns an ad body writes, its references checked. `adId`: the ad being updated (its own
 * photos may stay listed); null for a new ad.
 */
export async function checkedAdColumns(
  db: Database,
  userId: number,
  input: AdInput,
  adId: number | null,
): Promise<Omit<AdInsert, "userId">> {
  const refs = await resolveCatalogRefs(db, input);
  await checkLocation(db, input);
  await checkPhones(db, userId, input.phoneIds);
  await checkBusiness(db, userId, input.businessId);
  const photos = await resolveAdPhotos(db, userId, input.photoIds, adId);
  const { usdRate } = await readSettings(db);
  return adColumns(input, { ...refs, photos, usdRate });
}
