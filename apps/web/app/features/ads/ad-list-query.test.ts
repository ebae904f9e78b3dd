import { verticalDefinitions } from "@unaa/contracts";
import { describe, expect, it } from "vitest";
import {
  countFilters,
  listLocation,
  type PathEntry,
  readListQuery,
  refusedFilterNames,
  sortsOf,
  toSearch,
  withFilter,
} from "./ad-list-query.ts";

const car = verticalDefinitions.car;
const camry: PathEntry[] = [
  { level: "mark", id: 7, slug: "toyota", name: "Toyota" },
  { level: "model", id: 70, slug: "camry", name: "Camry" },
];

describe("list addresses", () => {
  it("reads only the vertical's filters, joins repeated keys and drops empty values", () => {
    const search = new URLSearchParams(
      "body=sedan&body=coupe,sedan&yearFrom=&utm_source=x&q=%20камри&seats=4",
    );
    expect(readListQuery(car, search)).toEqual({ q: "камри", body: "sedan,coupe" });
  });

  it("writes filters in one stable order with readable commas", () => {
    expect(toSearch(car, { body: "sedan,coupe", sort: "price-asc", yearFrom: "2015", q: "a b" })).toBe(
      "?q=a%20b&yearFrom=2015&body=sedan,coupe&sort=price-asc",
    );
    expect(toSearch(car, {})).toBe("");
  });

  it("puts one mark and model in the path and keeps the rest in the query", () => {
    expect(listLocation("car", { mark: "7", model: "70", yearFrom: "2018" }, camry)).toEqual({
      pathname: "/car/toyota/camry",
      search: "?yearFrom=2018",
    });
    // A second model (or another mark) is no longer that landing page.
    expect(listLocation("car", { mark: "7", model: "70,71" }, camry)).toEqual({
      pathname: "/car/toyota",
      search: "?model=70,71",
    });
    expect(listLocation("car", { mark: "7,8" }, camry)).toEqual({ pathname: "/car", search: "?mark=7,8" });
  });

  it("puts a single category in the path of its vertical", () => {
    expect(listLocation("commercial", { category: "bus" })).toEqual({
      pathname: "/commercial/bus/all",
      search: "",
    });
    expect(listLocation("uslugi", { category: "wash,tyres" })).toEqual({
      pathname: "/uslugi",
      search: "?category=wash,tyres",
    });
  });

  it("counts a from–to range once and leaves out the sort and currency", () => {
    expect(
      countFilters({ yearFrom: "2010", yearTo: "2020", body: "sedan", sort: "newest", currency: "USD" }),
    ).toBe(2);
    expect(withFilter({ body: "sedan" }, "body", [])).toEqual({});
  });

  it("offers only the sorts a vertical can use", () => {
    expect(sortsOf(car)).toContain("mileage-asc");
    expect(sortsOf(verticalDefinitions.uslugi)).not.toContain("year-desc");
    expect(sortsOf(verticalDefinitions.uslugi)).not.toContain("mileage-asc");
    expect(sortsOf(verticalDefinitions.uslugi)).toContain("price-asc");
  });

  it("names the filters behind the API's field errors", () => {
    expect(refusedFilterNames([{ path: "body.1" }, { path: "yearFrom" }, { path: "body.0" }])).toEqual([
      "body",
      "yearFrom",
    ]);
  });
});
