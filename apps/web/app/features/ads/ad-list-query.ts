/**
 * The filters of a list page as they sit in its address. The query uses the API's own names and
 * shapes (`body=sedan,coupe`, `yearFrom=2015`, `mark=12`), so the page's query is the search call's
 * query; the catalogue-shaped path (`/car/toyota/camry`) and the category path
 * (`/commercial/bus/all`) stand for one mark/model/generation or one category. Plain functions,
 * the same on the server and in the browser.
 */
import {
  type AdSort,
  adSortNames,
  adSorts,
  filterParamNames,
  findField,
  type Vertical,
  type VerticalDefinition,
  verticalDefinitions,
  verticals,
} from "@unaa/contracts";

/** Filter name → value; lists are comma-joined (`body: "sedan,coupe"`), as the API reads them. */
export type ListQuery = Record<string, string>;

/** The filters every vertical has, in the order they appear in addresses. */
export const commonFilterNames = [
  "q",
  "priceFrom",
  "priceTo",
  "currency",
  "regionId",
  "townId",
  "abroad",
  "postedWithin",
  "withPhoto",
  "urgent",
] as const;

/** The catalogue levels a car address may carry as path segments, outermost first. */
export const carPathLevels = ["mark", "model", "generation"] as const;
export type CarPathLevel = (typeof carPathLevels)[number];

/** One level of a car address: the entry's id (the filter) and slug (the path segment). */
export interface PathEntry {
  level: CarPathLevel;
  id: number;
  slug: string;
  name: string;
}

/** Every name a list address may carry, in a stable order: the common filters, the fields, the sort. */
export function listQueryNames(definition: VerticalDefinition): string[] {
  return [...commonFilterNames, ...definition.fields.flatMap(filterParamNames), "sort"];
}

/** The values of a list filter: `"sedan,coupe"` → `["sedan", "coupe"]`. */
export function listValues(query: ListQuery, name: string): string[] {
  return (query[name] ?? "").split(",").filter(Boolean);
}

/**
 * The filters of an address: only the names the vertical knows (others, like `utm_source`, are
 * left alone), repeated keys joined, empty values dropped, each list value once.
 */
export function readListQuery(definition: VerticalDefinition, search: URLSearchParams): ListQuery {
  const query: ListQuery = {};
  for (const name of listQueryNames(definition)) {
    const values = [...new Set(search.getAll(name).flatMap((value) => value.split(",")))]
      .map((value) => value.trim())
      .filter(Boolean);
    if (values.length > 0) query[name] = values.join(",");
  }
  return query;
}

/** `?a=1&b=2` in the stable order of `listQueryNames` ("" when empty); commas stay readable. */
export function toSearch(definition: VerticalDefinition, query: ListQuery): string {
  const parts = listQueryNames(definition)
    .filter((name) => query[name])
    .map((name) => `${name}=${encodeURIComponent(query[name] ?? "").replace(/%2C/g, ",")}`);
  return parts.length ? `?${parts.join("&")}` : "";
}

/** A copy with one filter set (a list is joined) or removed (undefined, "" or an empty list). */
export function withFilter(query: ListQuery, name: string, value: string | string[] | undefined): ListQuery {
  const next = { ...query };
  const text = Array.isArray(value) ? value.join(",") : value;
  if (text) next[name] = text;
  else delete next[name];
  return next;
}

/** A copy without the named filters (bad values the API refused, a chip's ×). */
export function withoutFilters(query: ListQuery, names: Iterable<string>): ListQuery {
  const next = { ...query };
  for (const name of names) delete next[name];
  return next;
}

/** How many filters are set, for the "Filters (3)" button: a from–to range counts once. */
export function countFilters(query: ListQuery): number {
  const names = new Set(
    Object.keys(query)
      .filter((name) => name !== "sort" && name !== "currency")
      .map((name) => name.replace(/(From|To)$/, "")),
  );
  return names.size;
}

/** A sort key that is a field (year, mileage) needs that field; the rest sort by columns every ad has. */
const fieldNamesOfAnyVertical = new Set(
  verticals.flatMap((vertical) => verticalDefinitions[vertical].fields.map((field) => field.name)),
);

/** The sorts a vertical can use: services have no year or mileage. */
export function sortsOf(definition: VerticalDefinition): AdSort[] {
  return adSortNames.filter((sort) => {
    const key: string = adSorts[sort].key;
    return !fieldNamesOfAnyVertical.has(key) || findField(definition, key) !== undefined;
  });
}

/**
 * Where a set of filters lives. A single category is the `/{vertical}/{category}/all` path; for
 * cars, the leading levels of `path` whose ids the filters still hold as their only value become
 * `/car/{mark}/{model}/{generation}`. Everything else stays in the query.
 */
export function listLocation(
  vertical: Vertical,
  filters: ListQuery,
  path: readonly PathEntry[] = [],
): { pathname: string; search: string } {
  const definition = verticalDefinitions[vertical];
  let query = { ...filters };
  const segments: string[] = [vertical];
  const categoryField = definition.categoryField;
  const categories = categoryField ? listValues(query, categoryField) : [];
  if (categoryField && categories.length === 1 && categories[0]) {
    segments.push(categories[0], "all");
    query = withoutFilters(query, [categoryField]);
  }
  for (const entry of path) {
    if (query[entry.level] !== String(entry.id)) break;
    segments.push(entry.slug);
    query = withoutFilters(query, [entry.level]);
  }
  return { pathname: `/${segments.join("/")}`, search: toSearch(definition, query) };
}

/** The filters a path stands for: its catalogue levels, or its category. */
export function pathFilters(vertical: Vertical, path: readonly PathEntry[], group: string | null): ListQuery {
  const filters: ListQuery = {};
  for (const entry of path) filters[entry.level] = String(entry.id);
  const categoryField = verticalDefinitions[vertical].categoryField;
  if (group && categoryField) filters[categoryField] = group;
  return filters;
}

/** The top-level names of the API's field errors: `body.1` → `body`, `yearFrom` → `yearFrom`. */
export function refusedFilterNames(errors: readonly { path: string }[]): string[] {
  return [...new Set(errors.map((error) => error.path.split(".")[0] ?? "").filter(Boolean))];
}
