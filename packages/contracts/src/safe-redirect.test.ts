import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.ts";

describe("safeRedirectPath", () => {
  it("keeps a path on this site, with its query and hash", () => {
    expect(safeRedirectPath("/car/1", "/")).toBe("/car/1");
    expect(safeRedirectPath("/en/car?year_from=2015#list", "/")).toBe("/en/car?year_from=2015#list");
  });

  it("refuses other sites: //host, backslashes, schemes, no leading slash", () => {
    for (const target of [
      "//evil.example",
      "/\\evil.example",
      "/x\\y",
      "https://evil.example",
      "https:evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
    ]) {
      expect(safeRedirectPath(target, "/"), target).toBe("/");
    }
    expect(safeRedirectPath(null, "/en")).toBe("/en");
  });

  it("refuses control characters, which browsers drop before following (TAB, CR, LF, NUL)", () => {
    for (const target of ["/\t/evil.example", "/\n/evil.example", "/\r/x", "/\u0000/x", "/a\u007f"]) {
      expect(safeRedirectPath(target, "/"), JSON.stringify(target)).toBe("/");
    }
  });

  it("percent-encodes what it keeps, so the Location header is always valid", () => {
    expect(safeRedirectPath("/ky/машина?q=тойота", "/")).toBe(
      "/ky/%D0%BC%D0%B0%D1%88%D0%B8%D0%BD%D0%B0?q=%D1%82%D0%BE%D0%B9%D0%BE%D1%82%D0%B0",
    );
    expect(safeRedirectPath("/a b", "/")).toBe("/a%20b");
    expect(safeRedirectPath("/\ud800", "/")).toBe("/%EF%BF%BD");
  });
});
