/**
 * Value lists of the car fields (requirements P3). The config call serves them as
 * `enum.cars` (spec section 3); the web labels them with `show.detail.{field}.{value}`,
 * `country.{value}` (registration) and `currency.{value}.label` (currency).
 * Values are stable slugs: they are stored in the database and appear in URLs.
 */

export const currencies = ["KGS", "USD"] as const;
export type Currency = (typeof currencies)[number];

export const carBodies = [
  "sedan",
  "hatchback-3d",
  "hatchback-5d",
  "liftback",
  "suv-3d",
  "suv-5d",
  "wagon",
  "coupe",
  "minivan",
  "compactvan",
  "pickup",
  "cabriolet",
  "roadster",
  "van",
  "limousine",
  "microbus",
] as const;

export const fuels = [
  "petrol",
  "diesel",
  "petrol-gas",
  "gas",
  "hybrid",
  "plug-in-hybrid",
  "electric",
] as const;

export const gearboxes = ["manual", "automatic", "tiptronic", "cvt", "robot"] as const;

export const carDrives = ["front", "rear", "all-full", "all-plug-in"] as const;

export const steerings = ["left", "right"] as const;

/** Colours with the swatch the pickers show. */
export const colorSwatches = {
  white: "#ffffff",
  black: "#111111",
  silver: "#c0c0c0",
  grey: "#808080",
  beige: "#e8d9b5",
  blue: "#1f4fbf",
  "light-blue": "#7fc4f0",
  red: "#d62828",
  burgundy: "#800020",
  brown: "#7b4a26",
  green: "#2e8b3d",
  yellow: "#f5d000",
  gold: "#d4af37",
  orange: "#f57c00",
  purple: "#7b3fb0",
  pink: "#f28bb8",
  other: "linear-gradient(135deg, #d62828, #f5d000, #2e8b3d, #1f4fbf)",
} as const;
export const colors = Object.keys(colorSwatches) as (keyof typeof colorSwatches)[];

export const mileageUnits = ["km", "mi"] as const;

export const conditions = ["new", "perfect", "good", "needs-repair", "damaged"] as const;

export const customsStates = ["cleared", "not-cleared"] as const;

/** The spec's `registration`: the country the car is registered in. */
export const registrations = ["kg", "kz", "ru", "am", "by", "ge", "other", "not-registered"] as const;

export const availabilities = ["in-stock", "on-order", "in-transit"] as const;

export const exchanges = [
  "none",
  "consider",
  "buyer-surcharge",
  "seller-surcharge",
  "key-for-key",
  "real-estate",
  "exchange-only",
] as const;

export const installments = ["yes", "no"] as const;

/** Equipment options, grouped as the form shows them. */
export const equipmentGroups = {
  safety: [
    "abs",
    "esp",
    "airbags-front",
    "airbags-side",
    "airbags-curtain",
    "parking-sensors",
    "rear-camera",
    "camera-360",
    "lane-assist",
    "blind-spot",
    "isofix",
    "alarm",
    "immobilizer",
  ],
  comfort: [
    "air-conditioning",
    "climate-control",
    "heated-seats",
    "ventilated-seats",
    "heated-steering-wheel",
    "cruise-control",
    "adaptive-cruise",
    "keyless-entry",
    "push-start",
    "remote-start",
    "power-seats",
    "power-tailgate",
    "sunroof",
    "panoramic-roof",
  ],
  multimedia: [
    "navigation",
    "bluetooth",
    "usb",
    "carplay-android-auto",
    "premium-audio",
    "rear-screens",
    "head-up-display",
  ],
  exterior: [
    "alloy-wheels",
    "led-headlights",
    "xenon-headlights",
    "fog-lights",
    "roof-rails",
    "tow-bar",
    "tinted-windows",
  ],
  interior: ["leather", "alcantara", "fabric", "third-row", "wood-trim", "ambient-lighting"],
} as const;
export type EquipmentGroup = keyof typeof equipmentGroups;
export const equipment = Object.values(equipmentGroups).flat();

/** `enum.cars` of the config call: every car field with a fixed value list, keyed by field name. */
export const carEnums = {
  registration: registrations,
  currency: currencies,
  body: carBodies,
  fuel: fuels,
  gearbox: gearboxes,
  drive: carDrives,
  steering: steerings,
  color: colors,
  mileageUnit: mileageUnits,
  condition: conditions,
  customs: customsStates,
  availability: availabilities,
  exchange: exchanges,
  installment: installments,
  equipment,
} as const;
export type CarEnumField = keyof typeof carEnums;

/** The translation key of one enum value's label (spec section 3). */
export function enumLabelKey(field: CarEnumField, value: string): string {
  if (field === "registration") return `country.${value}`;
  if (field === "currency") return `currency.${value}.label`;
  return `show.detail.${field}.${value}`;
}
