/**
 * What the catalogue pages share around their loaders: the service call (404 for an unknown entry),
 * the redirect of an old (merged) address to the current one, and the breadcrumbs with real names.
 * The loaders run on the server only; they call the catalogue service directly, not over HTTP.
 */
import type { CatalogKind, CatalogMarkRef, Locale } from "@unaa/contracts";
import { redirect } from "react-router";
import { countryName } from "../../lib/country-name.ts";
import { getI18n, loadMessages, localeFromPath, localizePath } from "../../lib/i18n.ts";
import { notFound } from "../../lib/not-found.ts";
import type { Crumb } from "../../lib/page-handle.ts";
import { catalogPath, formatYears, kindFromSearch, localizeRestyling } from "./catalog-format.ts";

/** The kind and language of a catalogue request; an unknown `?kind=` is a page that does not exist. */
export function readCatalogRequest(request: Request): { kind: CatalogKind; locale: Locale; url: URL } {
  const url = new URL(request.url);
  const kind = kindFromSearch(url.searchParams);
  if (!kind) notFound(request);
  return { kind, locale: localeFromPath(url.pathname), url };
}

/** Runs a catalogue service call; an unknown entry (CATALOG_NOT_FOUND) becomes the 404 page. */
export async function loadOrNotFound<T>(request: Request, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if ((error as { code?: unknown }).code === "CATALOG_NOT_FOUND") notFound(request);
    throw error;
  }
}

/**
 * An entry merged into another answers with the one that stays: its slugs differ from the
 * address, which then moves permanently (301) to the current one.
 */
export function redirectIfMoved(
  request: Request,
  kind: CatalogKind,
  requested: (string | undefined)[],
  actual: string[],
): void {
  if (requested.every((slug, index) => slug === actual[index])) return;
  const locale = localeFromPath(new URL(request.url).pathname);
  throw redirect(localizePath(catalogPath(kind, ...actual), locale), 301);
}

/** The country of a mark in the page's language ("Япония"); null for none or "su" (no region code). */
export function markCountryName(code: string | null, locale: Locale): string | null {
  if (!code || code === "su") return null;
  return countryName(locale, code);
}

export interface CrumbSource {
  kind: CatalogKind;
  mark?: CatalogMarkRef;
  model?: { slug: string; name: string };
  generation?: { slug: string; name: string };
  complectation?: { slug: string; name: string };
}

/** Catalogue › Toyota › Camry › XV70 › 2.5 AT, each linking to its page. */
export function catalogCrumbs({ kind, mark, model, generation, complectation }: CrumbSource): Crumb[] {
  const crumbs: Crumb[] = [{ key: `catalog.heading.${kind}`, to: catalogPath(kind) }];
  const slugs: string[] = [];
  for (const entry of [mark, model, generation, complectation]) {
    if (!entry) break;
    slugs.push(entry.slug);
    crumbs.push({ text: entry.name, to: catalogPath(kind, ...slugs) });
  }
  return crumbs;
}

/** The absolute address of a catalogue page in a language (structured data, canonical links). */
export function absoluteCatalogUrl(
  origin: string,
  locale: Locale,
  kind: CatalogKind,
  ...slugs: string[]
): string {
  return origin + localizePath(catalogPath(kind, ...slugs), locale);
}

export interface GenerationLabels {
  /** The name people know without the facelift suffix: "XV70". */
  baseName: string;
  /** The name in the page's language: "XV70 (рестайлинг)", "J100 (facelift 2)". */
  label: string;
  /** The facelift badge ("Рестайлинг", "2-й рестайлинг"), null for a generation that is not one. */
  restyling: string | null;
}

// The data names facelifts in English ("XV70 (restyling)", "J100 (restyling 2)", data/README.md).
const RESTYLING_SUFFIX = /^(.*\S)\s*\(restyling(?:\s+(\d+))?\)$/;

/**
 * A generation's names in the page's language. Runs in the loader (after the language's texts are
 * loaded), so breadcrumbs and the document title can use them too.
 */
export async function labelGeneration(
  locale: Locale,
  generation: { name: string; isRestyling: boolean },
): Promise<GenerationLabels> {
  await loadMessages(locale);
  const match = RESTYLING_SUFFIX.exec(generation.name);
  const { t } = getI18n(locale);
  const label = localizeRestyling(t, generation.name);
  if (!generation.isRestyling) return { baseName: generation.name, label, restyling: null };
  const n = Number(match?.[2] ?? 1);
  return {
    baseName: match?.[1] ?? generation.name,
    label,
    restyling: n > 1 ? t("catalog.generations.restylingN", { n }) : t("catalog.generations.restyling"),
  };
}

/** "2017–2021", "с 2023 г. по наст. время" in the page's language, for titles built from loader data. */
export async function yearsInWords(locale: Locale, from: number, to: number | null): Promise<string> {
  await loadMessages(locale);
  return formatYears(getI18n(locale).t, from, to);
}
