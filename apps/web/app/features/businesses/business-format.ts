import type { BusinessCard, Locale, Region } from "@unaa/contracts";

/** "Бишкек" or "Октябрьский район, Бишкек": the business's town and region names. */
export function businessPlace(
  locale: Locale,
  regions: readonly Region[],
  business: Pick<BusinessCard, "regionId" | "townId">,
): string {
  const region = regions.find((item) => item.id === business.regionId);
  const town = region?.towns.find((item) => item.id === business.townId);
  return [town?.name[locale], region?.name[locale]].filter(Boolean).join(", ");
}

/** The page of a business. */
export function businessPath(link: string): string {
  return `/business/${link}`;
}

/** A static map link: the point on OpenStreetMap, or a search for the address. */
export function openInMapUrl(point: { lat: number; lng: number } | null, address: string): string {
  if (point) {
    return `https://www.openstreetmap.org/?mlat=${point.lat}&mlon=${point.lng}#map=17/${point.lat}/${point.lng}`;
  }
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}
