import { describe, expect, it } from "vitest";
import { approximately } from "./ads-search.ts";

describe("an estimated total", () => {
  it("[P5.1] is given to two significant digits, never below the exact-count limit", () => {
    expect(approximately(8_697, 1_000)).toBe(8_700);
    expect(approximately(123_456, 1_000)).toBe(120_000);
    expect(approximately(2_049, 1_000)).toBe(2_000);
    expect(approximately(1_001, 1_000)).toBe(1_000);
    expect(approximately(400, 1_000)).toBe(1_000);
    expect(approximately(0, 5)).toBe(5);
  });
});
