/** The four verticals (spec S1.1); also the valid `{type}` of `/services/{type}/{id}` (S2.3). */
export const verticals = ["car", "commercial", "moto", "uslugi"] as const;
export type Vertical = (typeof verticals)[number];

export function isVertical(value: unknown): value is Vertical {
  return typeof value === "string" && (verticals as readonly string[]).includes(value);
}

/** `{category}` of `/commercial/{category}/all` (requirements P3). */
export const commercialCategories = [
  "light-commercial",
  "bus",
  "truck",
  "tractor-unit",
  "trailer",
  "special",
] as const;

/** `{category}` of `/moto/{category}/all`. */
export const motoCategories = ["motorcycle", "scooter", "atv", "buggy", "snowmobile", "karting"] as const;

/** `{type}` of `/uslugi/{type}/all`. */
export const serviceTypes = [
  "repair",
  "body-paint",
  "tuning",
  "wash",
  "cargo",
  "taxi",
  "tow-truck",
  "rental",
  "keys",
  "driving-school",
  "diagnostics",
  "tyres",
  "parts",
  "wanted",
  "other",
] as const;

export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (list as readonly string[]).includes(value);
}
