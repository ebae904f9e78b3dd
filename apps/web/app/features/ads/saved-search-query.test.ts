import { readSavedSearchQuery } from "@unaa/contracts";
import { describe, expect, it } from "vitest";
import type { ListQuery } from "./ad-list-query.ts";
import { savedSearchQueryOfList } from "./saved-search-query.ts";

describe("savedSearchQueryOfList", () => {
  const lists: ListQuery[] = [
    { mark: "12", model: "40", yearFrom: "2015", body: "wagon,sedan", sort: "cheap" },
    { q: "камри 70", priceTo: "1500000", currency: "KGS", withPhoto: "true" },
    { currency: "USD", regionId: "3,1", abroad: "false" },
    { priceFrom: "5000", currency: "USD" },
    { priceFrom: "5000", priceTo: "9000" },
    {},
  ];

  it("spells a list's filters as the API spells the saved search", () => {
    for (const list of lists) {
      const read = readSavedSearchQuery("car", list);
      if (!read.success) throw read.error;
      expect(savedSearchQueryOfList(list), JSON.stringify(list)).toBe(read.query);
    }
  });

  it("ignores the order of filters and of list values, the sort and the page", () => {
    expect(savedSearchQueryOfList({ body: "sedan,wagon", mark: "1", sort: "fresh", cursor: "x" })).toBe(
      savedSearchQueryOfList({ mark: "1", body: "wagon,sedan" }),
    );
    expect(savedSearchQueryOfList({ mark: "1", currency: "USD" })).toBe("mark=1");
    expect(savedSearchQueryOfList({ priceTo: "9000", currency: "KGS" })).toBe("priceTo=9000");
  });
});
