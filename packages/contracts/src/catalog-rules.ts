/** The catalogue's kinds, levels and limits. Schema-free (no zod), so pages can import them without the schemas. */

export const catalogKinds = ["car", "commercial", "moto"] as const;
export type CatalogKind = (typeof catalogKinds)[number];

export const catalogLevels = ["mark", "model", "generation", "complectation"] as const;
export type CatalogLevel = (typeof catalogLevels)[number];

/** Slugs appear in URLs and stored filters, so they are kept to one stable, boring shape. */
export const catalogSlugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** The oldest year the catalogue covers; older cars are not sold on the marketplace. */
export const catalogFirstYear = 1950;
/** Next year's models are sold from the autumn before, so one year ahead is allowed. */
export function catalogLastYear(now: Date = new Date()): number {
  return now.getFullYear() + 1;
}

/** Marks and models lists flag the first ones by popularity as "popular" (pickers group them). */
export const popularMarkCount = 20;
export const popularModelCount = 12;

export const catalogSearchLimitMax = 50;
