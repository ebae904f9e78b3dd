/**
 * Addresses and labels of catalogue entries. Plain functions (no React), the same on the server and
 * in the browser.
 */

import {
  type CatalogComplectation,
  type CatalogKind,
  catalogKinds,
  isOneOf,
  type Locale,
} from "@unaa/contracts";
import type { TFunction } from "i18next";
import { formatNumber, withUnit } from "../../lib/format.ts";

/** The kind of a catalogue page: `?kind=commercial|moto`, cars without it; anything else is null. */
export function kindFromSearch(search: URLSearchParams): CatalogKind | null {
  const kind = search.get("kind");
  if (kind === null || kind === "") return "car";
  return isOneOf(catalogKinds, kind) ? kind : null;
}

/**
 * A catalogue page address: `/catalog/toyota/camry`; the kind rides along as `?kind=` for the
 * kinds other than cars (their marks share slugs with car marks: Hyundai, Isuzu, Honda…).
 */
export function catalogPath(kind: CatalogKind, ...slugs: string[]): string {
  const path = ["/catalog", ...slugs].join("/");
  return kind === "car" ? path : `${path}?kind=${kind}`;
}

/**
 * A mark's or model's Cyrillic spelling ("Тойота") as a subtitle: for Kyrgyz and Russian readers only,
 * and only when it differs from the name; null otherwise (English pages show no Cyrillic subtitle).
 */
export function cyrillicSubtitle(
  locale: Locale,
  item: { name: string; nameCyrillic: string | null },
): string | null {
  return locale !== "en" && item.nameCyrillic && item.nameCyrillic !== item.name ? item.nameCyrillic : null;
}

/** "2017–2021", "since 2023" — production years in the page's language. */
export function formatYears(t: TFunction, from: number, to: number | null): string {
  return to === null ? t("catalog.years.since", { from }) : t("catalog.years.range", { from, to });
}

/** "2.5 л", "2,5 L": one decimal, the locale's decimal sign. */
export function formatEngineVolume(t: TFunction, locale: string, litres: number): string {
  return withUnit(formatNumber(litres, 1, locale), t("unit.litre"));
}

/** The one-line summary of a complectation: "2,5 л · 181 л. с. · Автомат · Передний привод". */
export function describeComplectation(t: TFunction, locale: string, item: CatalogComplectation): string {
  const parts = [
    item.engineVolume === null
      ? t("show.detail.fuel.electric")
      : formatEngineVolume(t, locale, item.engineVolume),
    item.powerHp === null ? null : withUnit(item.powerHp, t("unit.hp")),
    t(`show.detail.gearbox.${item.gearbox}`),
    t(`show.detail.drive.${item.drive}`),
  ];
  return parts.filter(Boolean).join(" · ");
}

// The data names facelifts in English: "XV70 (restyling)", "J100 (restyling 2)", "NMS (USA, 2nd
// restyling)", "W463 (W463A restyling)" (data/README.md); ad titles are built from those names.
const RESTYLING_WORD = /\b(?:(\d+)(?:st|nd|rd|th) restyling|restyling(?: (\d+))?)\b/g;

/**
 * A generation's name or an ad's title with the catalogue's facelift words in the page's language:
 * "Camry XV70 (рестайлинг), 2019", "NMS (USA, 2-й рестайлинг)", "J100 (facelift 2)".
 */
export function localizeRestyling(t: TFunction, text: string): string {
  return text.replace(RESTYLING_WORD, (_, ordinal: string | undefined, plain: string | undefined) => {
    const n = Number(ordinal ?? plain ?? 1);
    return n > 1 ? t("catalog.generations.restyledWordN", { n }) : t("catalog.generations.restyledWord");
  });
}
