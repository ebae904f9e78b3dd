/**
 * Ads as text: prices in both currencies, field values from the vertical definition, location and
 * dates. Plain functions (no React), the same on the server and in the browser, so hydration never
 * sees a different string.
 */
import {
  type AdCard,
  type Currency,
  type FieldDefinition,
  type Locale,
  type Region,
  unitFieldOf,
  type VerticalDefinition,
  valueInBaseUnit,
  verticalDefinitions,
} from "@unaa/contracts";
import type { TFunction } from "i18next";
import { countryName } from "../../lib/country-name.ts";
import { formatNumber, formatPrice, UNIT_SPACE, withUnit } from "../../lib/format.ts";
import { localDay } from "../../lib/local-day.ts";

type FieldValue = AdCard["fields"][string] | undefined;

/** The page of an ad: `/car/123`. */
export function adPath(ad: Pick<AdCard, "vertical" | "id">): string {
  return `/${ad.vertical}/${ad.id}`;
}

/** The label of a field (`field.{name}` in enums.json). */
export function fieldLabelKey(name: string): string {
  return `field.${name}`;
}

/**
 * The label key of one value of an enum field: the vertical's category field reads its labels from
 * `category.{vertical}.*` (shared with the menus), registration from `country.*`, the rest from
 * `show.detail.{field}.*` (spec S3.8).
 */
export function valueLabelKey(definition: VerticalDefinition, fieldName: string, value: string): string {
  if (fieldName === definition.categoryField) return `category.${definition.vertical}.${value}`;
  if (fieldName === "registration") return `country.${value}`;
  return `show.detail.${fieldName}.${value}`;
}

/**
 * The unit shown after a number: the field's own, or the value of its unit field (mileage in km or
 * mi), defaulting to that field's first value.
 */
function unitOf(definition: VerticalDefinition, field: FieldDefinition, fields: AdCard["fields"]) {
  if (field.unit) return field.unit;
  const companion = unitFieldOf(definition, field.name);
  if (!companion) return undefined;
  const chosen = fields[companion.name];
  return typeof chosen === "string" ? chosen : companion.values[0];
}

/**
 * "≈ 96 561 км" beside a value typed in another unit than the base one (miles), the number search
 * and filters use; null for a value in the base unit.
 */
function inBaseUnit(
  t: TFunction,
  locale: Locale,
  definition: VerticalDefinition,
  field: FieldDefinition,
  fields: AdCard["fields"],
): string | null {
  const factors = unitFieldOf(definition, field.name)?.factors;
  const base = factors && Object.keys(factors).find((unit) => factors[unit] === 1);
  const converted = valueInBaseUnit(definition, field, fields);
  if (!base || typeof converted !== "number" || converted === fields[field.name]) return null;
  return `≈${UNIT_SPACE}${withUnit(formatNumber(converted, 0, locale), t(`unit.${base}`))}`;
}

/**
 * One field's value as text, or null when empty. Numbers with a unit are grouped by thousands
 * (S5.4: "120 000 км"); a bare integer (year, seats) is a label, not a quantity, and stays "2018".
 * Catalogue references are ids: their names are in the ad's title, so they give null here.
 */
export function formatFieldValue(
  t: TFunction,
  locale: Locale,
  definition: VerticalDefinition,
  field: FieldDefinition,
  fields: AdCard["fields"],
): string | null {
  const value: FieldValue = fields[field.name];
  if (value === null || value === undefined || value === "") return null;
  switch (field.kind) {
    case "enum":
      return t(valueLabelKey(definition, field.name, String(value)));
    case "multi-enum":
      if (!Array.isArray(value) || value.length === 0) return null;
      return value.map((item) => t(valueLabelKey(definition, field.name, item))).join(", ");
    case "number":
    case "integer": {
      if (typeof value !== "number") return null;
      const unit = unitOf(definition, field, fields);
      const decimals = field.step !== undefined && field.step < 1 ? 1 : 0;
      if (!unit) return decimals ? formatNumber(value, decimals, locale) : String(value);
      const typed = withUnit(formatNumber(value, decimals, locale), t(`unit.${unit}`));
      const converted = inBaseUnit(t, locale, definition, field, fields);
      return converted ? `${typed} (${converted})` : typed;
    }
    case "boolean":
      return t(value ? "ads.value.yes" : "ads.value.no");
    case "text":
      return String(value);
    case "catalog":
      return null;
  }
}

/**
 * The short specs of a card from the definition's `onCard` fields, in their order: the year is
 * left out where the title already ends with it ("Toyota Camry, 2018").
 */
export function cardSpecs(
  t: TFunction,
  locale: Locale,
  card: Pick<AdCard, "vertical" | "fields">,
  max = 5,
): string[] {
  const definition = verticalDefinitions[card.vertical];
  const titleYear = definition.title.kind === "generated" ? definition.title.year : null;
  const specs: string[] = [];
  for (const field of definition.fields) {
    if (!field.onCard || field.name === titleYear) continue;
    const text = formatFieldValue(t, locale, definition, field, card.fields);
    if (text) specs.push(text);
    if (specs.length === max) break;
  }
  return specs;
}

export interface AdPriceText {
  /** In the shown currency: "1 250 000 сом", "$14 500"; "Negotiable" for a price of 0. */
  main: string;
  /** The same price in the other currency, "≈ $14 370"; null when there is no price. */
  other: string | null;
  /** The price before the last drop, in the shown currency; null when it did not drop. */
  old: string | null;
}

/** An amount of money with its currency: "1 250 000 сом", "$14 500". */
export function formatMoney(t: TFunction, locale: Locale, amount: number, currency: Currency): string {
  return formatPrice(amount, currency, { locale, label: t(`currency.${currency}.label`) });
}

/**
 * A card's price. It is shown in `currency` when given (the currency the visitor filters by),
 * otherwise in the seller's own; the other currency follows as an estimate at the site's rate.
 */
export function formatAdPrice(
  t: TFunction,
  locale: Locale,
  ad: Pick<AdCard, "price" | "currency" | "priceKgs" | "priceUsd" | "oldPrice">,
  currency: Currency = ad.currency,
): AdPriceText {
  if (ad.price === 0) return { main: t("ads.price.negotiable"), other: null, old: null };
  const amountIn = (shown: Currency) => (shown === "KGS" ? ad.priceKgs : ad.priceUsd);
  const otherCurrency: Currency = currency === "KGS" ? "USD" : "KGS";
  const shownAmount = amountIn(currency);
  const oldShown =
    ad.oldPrice !== null && ad.oldPrice > ad.price
      ? currency === ad.currency
        ? ad.oldPrice
        : Math.round((ad.oldPrice * shownAmount) / ad.price)
      : null;
  return {
    main: formatMoney(t, locale, shownAmount, currency),
    other: t("ads.price.approx", { price: formatMoney(t, locale, amountIn(otherCurrency), otherCurrency) }),
    old: oldShown === null ? null : formatMoney(t, locale, oldShown, currency),
  };
}

/** Where an ad is: its town (or region when no town), or the country abroad. */
export function adLocation(
  locale: Locale,
  regions: readonly Region[],
  ad: Pick<AdCard, "regionId" | "townId" | "abroadCountry">,
): string | null {
  if (ad.abroadCountry) return countryName(locale, ad.abroadCountry);
  const region = regions.find((item) => item.id === ad.regionId);
  if (!region) return null;
  const town = region.towns.find((item) => item.id === ad.townId);
  return (town ?? region).name[locale];
}

/**
 * When an ad was posted or raised, in the site's time zone: "today, 14:05", "yesterday, 09:30",
 * "12 March", "12 March 2023". Months come from the locale files (browsers lack Kyrgyz month names).
 */
export function formatAdDate(t: TFunction, iso: string, now: Date, timeZone: string): string {
  const date = localDay(new Date(iso), timeZone);
  const today = localDay(now, timeZone);
  if (date.dayNumber === today.dayNumber) return t("ads.date.today", { time: date.time });
  if (date.dayNumber === today.dayNumber - 1) return t("ads.date.yesterday", { time: date.time });
  const month = t(`ads.date.month.${date.month}`);
  if (date.year === today.year) return t("ads.date.dayMonth", { day: date.day, month });
  return t("ads.date.dayMonthYear", { day: date.day, month, year: date.year });
}

/** "1 234": counts shown in texts use S5.4 grouping. */
export function formatCount(count: number, locale: Locale): string {
  return formatNumber(count, 0, locale);
}
