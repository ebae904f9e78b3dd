/**
 * The server side of the list pages: the catalogue path resolved to ids (unknown → 404), the
 * address moved to its canonical shape, the first page searched (filters the API refuses are
 * dropped and named, never a 500), the heading and meta description. Loaders call the services
 * directly (no HTTP).
 */
import {
  type AdPriceSummary,
  type AdSearchResponse,
  type Locale,
  type Vertical,
  type VerticalDefinition,
  verticalDefinitions,
} from "@unaa/contracts";
import { redirect } from "react-router";
import type { ServerContext } from "#server-context";
import { formatPrice } from "../../lib/format.ts";
import { getI18n, loadMessages, localeFromPath, localizePath, stripLocale } from "../../lib/i18n.ts";
import type { Crumb, DocumentHead } from "../../lib/page-handle.ts";
import { labelGeneration, loadOrNotFound } from "../catalog/catalog-page-data.ts";
import { formatCount } from "./ad-format.ts";
import {
  carPathLevels,
  type ListQuery,
  listLocation,
  listValues,
  type PathEntry,
  pathFilters,
  readListQuery,
  refusedFilterNames,
  toSearch,
  withoutFilters,
} from "./ad-list-query.ts";
import { loadAdsForCar } from "./ads-for-car-data.ts";

/** Cards on the server-rendered first page, and on each "show more". */
export const adListPageSize = 24;

type Services = ServerContext["services"];

export interface AdListData {
  vertical: Vertical;
  /** The category (or service type) of the path, if any. */
  group: string | null;
  /** The catalogue levels of a car path: Toyota › Camry › XV70. */
  path: PathEntry[];
  /** Every filter in force, the path's included, as the search call takes them. */
  filters: ListQuery;
  /** Filters of the address the API refused (a year of 3000, an unknown body): left out. */
  refused: string[];
  page: AdSearchResponse;
  heading: string;
  description: string;
  crumbs: Crumb[];
}

function isValidationError(error: unknown): error is { fieldErrors: { path: string }[] } {
  const candidate = error as { code?: unknown; fieldErrors?: unknown };
  return candidate.code === "VALIDATION_FAILED" && Array.isArray(candidate.fieldErrors);
}

/**
 * Searches, leaving out what the API refuses: a hand-edited or old address shows the rest of its
 * filters and says which were ignored.
 */
export async function searchLeavingOutRefused(
  services: Services,
  query: Record<string, string | number>,
  filters: ListQuery,
): Promise<{ page: AdSearchResponse; filters: ListQuery; refused: string[] }> {
  let current = filters;
  const refused: string[] = [];
  for (let attempt = 0; ; attempt += 1) {
    try {
      const page = await services.adsService.searchAds({ ...query, ...current });
      return { page, filters: current, refused };
    } catch (error) {
      if (!isValidationError(error) || attempt === 2) throw error;
      const names = refusedFilterNames(error.fieldErrors).filter((name) => name in current);
      // Nothing of ours to leave out: drop every filter rather than fail the page.
      const dropped = names.length > 0 ? names : Object.keys(current);
      refused.push(...dropped);
      current = withoutFilters(current, dropped);
    }
  }
}

/** `/car/toyota/camry/xv70` → the entries with their ids and names; an unknown slug is 404. */
async function resolveCarPath(
  request: Request,
  services: Services,
  locale: Locale,
  slugs: readonly string[],
): Promise<PathEntry[]> {
  const { catalogService } = services;
  const [mark, model, generation] = slugs;
  if (!mark) return [];
  const entry = (level: PathEntry["level"], ref: { id: number; slug: string; name: string }): PathEntry => ({
    level,
    id: ref.id,
    slug: ref.slug,
    name: ref.name,
  });
  if (!model) {
    const data = await loadOrNotFound(request, () => catalogService.listModels("car", { mark }));
    return [entry("mark", data.mark)];
  }
  if (!generation) {
    const data = await loadOrNotFound(request, () => catalogService.listGenerations("car", { mark, model }));
    return [entry("mark", data.mark), entry("model", data.model)];
  }
  const data = await loadOrNotFound(request, () =>
    catalogService.listComplectations("car", { mark, model, generation }),
  );
  const { label } = await labelGeneration(locale, data.generation);
  return [
    entry("mark", data.mark),
    entry("model", data.model),
    { ...entry("generation", data.generation), name: label },
  ];
}

/**
 * The car path the filters stand for: the leading catalogue levels chosen alone (one mark, then one
 * model, then one generation), named from the catalogue when the address had them in its query.
 */
async function canonicalCarPath(
  services: Services,
  filters: ListQuery,
  fromPath: PathEntry[],
): Promise<PathEntry[]> {
  const ids: Partial<Record<PathEntry["level"], number>> = {};
  for (const level of carPathLevels) {
    const values = listValues(filters, level);
    if (values.length !== 1 || !/^\d+$/.test(values[0] ?? "")) break;
    ids[level] = Number(values[0]);
  }
  const known = fromPath.filter((entry) => ids[entry.level] === entry.id);
  if (known.length === Object.keys(ids).length) return known;
  const refs = await services.catalogService.findRefs(ids);
  const chain: PathEntry[] = [];
  for (const level of carPathLevels) {
    const ref = refs[level];
    if (ids[level] === undefined || !ref) break;
    chain.push({ level, id: ref.id, slug: ref.slug, name: ref.name });
  }
  return chain;
}

/** The path's entries by level, as the catalogue summary takes them. */
function byLevel(path: readonly PathEntry[]): { mark: PathEntry; model?: PathEntry; generation?: PathEntry } {
  const [mark, model, generation] = path;
  if (!mark) throw new Error("a car path starts with its mark");
  return { mark, ...(model ? { model } : {}), ...(generation ? { generation } : {}) };
}

/** Moves an address to the shape `listLocation` gives the same filters (302: filters are not pages). */
function redirectIfNotCanonical(
  url: URL,
  locale: Locale,
  definition: VerticalDefinition,
  canonical: { pathname: string; search: string },
): void {
  // A client navigation's data request (`/car.data?…`) names the page it loads without `.data`.
  const pathname = stripLocale(url.pathname.replace(/(\/_)?\.data$/, "")).replace(/\/+$/, "") || "/";
  const search = toSearch(definition, readListQuery(definition, url.searchParams));
  if (pathname === canonical.pathname && search === canonical.search) return;
  throw redirect(localizePath(canonical.pathname, locale) + canonical.search);
}

export interface AdListRequest {
  request: Request;
  services: Services;
  vertical: Vertical;
  group: string | null;
  /** Segments after `/car` (cars only). */
  slugs?: readonly string[];
}

/** Everything a list page renders on the server: its first page of cards and its texts. */
export async function loadAdList({
  request,
  services,
  vertical,
  group,
  slugs = [],
}: AdListRequest): Promise<AdListData> {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const definition = verticalDefinitions[vertical];
  const [fromPath] = await Promise.all([
    resolveCarPath(request, services, locale, slugs),
    loadMessages(locale),
  ]);

  const requested = {
    ...readListQuery(definition, url.searchParams),
    ...pathFilters(vertical, fromPath, group),
  };

  const path = vertical === "car" ? await canonicalCarPath(services, requested, fromPath) : [];
  redirectIfNotCanonical(url, locale, definition, listLocation(vertical, requested, path));

  const [{ page, filters, refused }, summary] = await Promise.all([
    searchLeavingOutRefused(services, { vertical, limit: adListPageSize }, requested),
    fromPath[0] ? loadAdsForCar(services, "car", byLevel(fromPath)) : null,
  ]);
  const texts = listTexts(locale, vertical, group, fromPath, page, summary);
  return { vertical, group, path, filters, refused, page, ...texts };
}

function listTexts(
  locale: Locale,
  vertical: Vertical,
  group: string | null,
  path: PathEntry[],
  { total, totalIsExact }: Pick<AdSearchResponse, "total" | "totalIsExact">,
  summary: AdPriceSummary | null,
): Pick<AdListData, "heading" | "description" | "crumbs"> {
  const { t } = getI18n(locale);
  const carName = path.map((entry) => entry.name).join(" ");
  const groupName = group ? t(`category.${vertical}.${group}`) : "";
  const heading = carName
    ? t("ads.list.heading.carModel", { name: carName })
    : group
      ? t("ads.list.heading.group", { name: groupName })
      : t(`ads.list.heading.${vertical}`);
  // Above the exact-count limit, "1 000+".
  const count = `${formatCount(total, locale)}${totalIsExact ? "" : "+"}`;
  const som = (amount: number) => formatPrice(amount, "KGS", { locale, label: t("currency.KGS.label") });
  // The landing pages of a car name its real price range (of every ad, not only the first page).
  const description =
    total === 0
      ? t("ads.list.meta.empty", { heading })
      : summary?.priceMinKgs && summary.priceMaxKgs
        ? t("ads.list.meta.withPrices", {
            heading,
            count,
            from: som(summary.priceMinKgs),
            to: som(summary.priceMaxKgs),
          })
        : t("ads.list.meta.count", { heading, count });

  const crumbs: Crumb[] = [{ key: `page.${vertical}.title`, to: `/${vertical}` }];
  if (group) crumbs.push({ text: groupName, to: `/${vertical}/${group}/all` });
  path.forEach((entry, index) => {
    crumbs.push({
      text: entry.name,
      to: `/car/${path
        .slice(0, index + 1)
        .map((item) => item.slug)
        .join("/")}`,
    });
  });
  return { heading, description, crumbs };
}

/** The document head of a list page: its heading as the title; the path (not the filters) as canonical. */
export function adListHead(data: AdListData): DocumentHead {
  return {
    title: { text: data.heading },
    description: { text: data.description },
    canonical: listLocation(data.vertical, data.filters, data.path).pathname,
  };
}
