import { describe, expect, it } from "vitest";
import { pagePathOf, verticalOf } from "./route-url.ts";

const request = (path: string) => new Request(`http://localhost${path}`);

describe("page paths of loader requests", () => {
  it("[S2.1] reads the page behind a document request and behind a client navigation's data request", () => {
    expect(pagePathOf(request("/create/car"))).toBe("/create/car");
    expect(pagePathOf(request("/create/car.data?_routes=x"))).toBe("/create/car");
    expect(pagePathOf(request("/ky/create/moto.data"))).toBe("/create/moto");
    expect(verticalOf(request("/car.data"))).toBe("car");
    expect(verticalOf(request("/en/uslugi/12/edit.data"))).toBe("uslugi");
    expect(verticalOf(request("/catalog.data"))).toBeUndefined();
  });
});
