/**
 * The one spelling of a list's filters, as the API keeps a saved search's (`savedSearchQueryOf` in
 * the contracts): keys in order, list values in order, no sort or page, the currency only for a
 * price in USD. Written without the filter schemas so the list page ships none of them; the unit test
 * holds it to the contracts' reading.
 */
import type { ListQuery } from "./ad-list-query.ts";

const notFilters = new Set(["vertical", "sort", "cursor", "limit"]);

export function savedSearchQueryOfList(filters: ListQuery): string {
  const params = new URLSearchParams();
  const isUsdPrice = Boolean(filters.priceFrom || filters.priceTo) && filters.currency === "USD";
  for (const key of Object.keys(filters).sort()) {
    const value = filters[key];
    if (!value || notFilters.has(key) || (key === "currency" && !isUsdPrice)) continue;
    const values = value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
    if (values.length > 0) params.set(key, values.sort().join(","));
  }
  return params.toString();
}
