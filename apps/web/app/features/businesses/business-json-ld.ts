/** schema.org structured data of a business page: AutoDealer, AutoRepair or LocalBusiness. */
import { type Business, businessSchemaOrgType, weekdays } from "@unaa/contracts";
import type { JsonLdObject } from "../catalog/catalog-json-ld.tsx";

const dayNames = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
} as const;

/** The addresses of the business's socials (handles become their profile pages). */
export function socialUrls(
  socials: Business["socials"],
): { network: keyof Business["socials"]; url: string }[] {
  const urls: { network: keyof Business["socials"]; url: string }[] = [];
  if (socials.instagram)
    urls.push({ network: "instagram", url: `https://instagram.com/${socials.instagram}` });
  if (socials.telegram) urls.push({ network: "telegram", url: `https://t.me/${socials.telegram}` });
  if (socials.whatsapp) urls.push({ network: "whatsapp", url: `https://wa.me/${socials.whatsapp.slice(1)}` });
  if (socials.facebook) urls.push({ network: "facebook", url: `https://facebook.com/${socials.facebook}` });
  return urls;
}

/** Opening hours as schema.org has them: a day with a break is two spans. */
function openingHours(hours: Business["hours"]): JsonLdObject[] {
  return weekdays.flatMap((day) => {
    const today = hours[day];
    if (!today) return [];
    const spans =
      today.breakStart && today.breakEnd
        ? [
            [today.open, today.breakStart],
            [today.breakEnd, today.close],
          ]
        : [[today.open, today.close]];
    return spans.map(([opens, closes]) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: dayNames[day],
      opens,
      closes,
    }));
  });
}

export function businessJsonLd(
  business: Business,
  { url, origin, locality, region }: { url: string; origin: string; locality: string; region: string },
): JsonLdObject {
  const absolute = (path: string) => (path.startsWith("http") ? path : `${origin}${path}`);
  const sameAs = [
    ...(business.website ? [business.website] : []),
    ...socialUrls(business.socials).map((s) => s.url),
  ];
  return {
    "@type": businessSchemaOrgType[business.kind],
    name: business.name,
    url,
    ...(business.description ? { description: business.description } : {}),
    ...(business.logo ? { logo: absolute(business.logo.src) } : {}),
    ...(business.cover || business.logo
      ? { image: absolute((business.cover ?? business.logo)?.src ?? "") }
      : {}),
    address: {
      "@type": "PostalAddress",
      ...(business.address ? { streetAddress: business.address } : {}),
      ...(locality ? { addressLocality: locality } : {}),
      ...(region ? { addressRegion: region } : {}),
      addressCountry: "KG",
    },
    ...(business.point
      ? { geo: { "@type": "GeoCoordinates", latitude: business.point.lat, longitude: business.point.lng } }
      : {}),
    openingHoursSpecification: openingHours(business.hours),
    ...(sameAs.length ? { sameAs } : {}),
  };
}
