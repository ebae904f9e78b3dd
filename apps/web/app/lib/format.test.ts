import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatNumber,
  formatPhone,
  formatPrice,
  getDecimalSeparator,
  groupThousands,
  responseTimeUnit,
  withUnit,
} from "./format.ts";

describe("formatPhone", () => {
  it("[S5.3] groups a Kyrgyz number 3-3-3-3 and keeps the leading plus", () => {
    expect(formatPhone("+996555123456")).toBe("+996 555 123 456");
  });

  it("[S5.3] groups a number without plus 3-3-3-3", () => {
    expect(formatPhone("996555123456")).toBe("996 555 123 456");
  });

  it("[S5.3] regroups a number that already has separators", () => {
    expect(formatPhone(" +996 (555) 12-34-56 ")).toBe("+996 555 123 456");
  });

  it("[S5.3] puts the remainder of other lengths last", () => {
    expect(formatPhone("99655512345")).toBe("996 555 123 45");
    expect(formatPhone("+9965551234567")).toBe("+996 555 123 456 7");
    expect(formatPhone("55")).toBe("55");
  });

  it("returns an empty string when there are no digits", () => {
    expect(formatPhone("")).toBe("");
    expect(formatPhone("+")).toBe("");
  });
});

describe("formatNumber", () => {
  it("[S5.4] separates thousands with a space that does not break (narrow no-break space)", () => {
    expect(formatNumber(1250000)).toBe("1\u202f250\u202f000");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1000)).toBe("1\u202f000");
    expect(formatNumber(0)).toBe("0");
  });

  it("[S5.4] writes any whole number as the locale-neutral grouping does, -0 as 0", () => {
    const grouped = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0, signDisplay: "negative" });
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeInteger(), fc.integer(), fc.constant(-0)), (n) => {
        expect(formatNumber(n)).toBe(grouped.format(n).replaceAll(",", "\u202f"));
      }),
      { numRuns: 2000 },
    );
  });

  it("[S5.4] keeps the sign of negative numbers in front of the grouped digits", () => {
    expect(formatNumber(-5000)).toBe("-5\u202f000");
    expect(formatNumber(-123456789)).toBe("-123\u202f456\u202f789");
  });

  it("[S5.4] uses a space for thousands in every locale, and the locale's decimal sign", () => {
    expect(formatNumber(1234.5, 1)).toBe("1\u202f234,5");
    expect(formatNumber(1234.5, 1, "ky")).toBe("1\u202f234,5");
    expect(formatNumber(1234.5, 1, "en")).toBe("1\u202f234.5");
    expect(formatNumber(1234567, 0, "en")).toBe("1\u202f234\u202f567");
  });

  it("rounds to the requested decimals and pads with zeros", () => {
    expect(formatNumber(1234.567, 2)).toBe("1\u202f234,57");
    expect(formatNumber(10, 2, "en")).toBe("10.00");
    expect(formatNumber(1.005, 2, "en")).toBe("1.01");
    expect(formatNumber(2.5)).toBe("3");
  });

  it("never shows a negative zero", () => {
    expect(formatNumber(-0.4)).toBe("0");
    expect(formatNumber(-0)).toBe("0");
  });

  it("does not switch to exponent notation for large numbers", () => {
    expect(formatNumber(1e21)).toBe("1\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000");
  });

  it("returns an empty string for non-finite numbers", () => {
    expect(formatNumber(Number.NaN)).toBe("");
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe("");
  });
});

describe("formatPrice", () => {
  it("[S5.4] puts the som label after the grouped amount", () => {
    expect(formatPrice(1250000, "KGS")).toBe("1\u202f250\u202f000\u00a0сом");
    expect(formatPrice(1250000, "KGS", { locale: "en" })).toBe("1\u202f250\u202f000\u00a0som");
  });

  it("uses the translated label when one is passed", () => {
    expect(formatPrice(5000, "KGS", { label: "с." })).toBe("5\u202f000\u00a0с.");
  });

  it("[S5.4] puts the dollar sign before the grouped amount", () => {
    expect(formatPrice(12500, "USD")).toBe("$12\u202f500");
    expect(formatPrice(-500, "USD")).toBe("-$500");
  });

  it("shows decimals only when asked", () => {
    expect(formatPrice(99.5, "USD", { locale: "en", fractionDigits: 2 })).toBe("$99.50");
    expect(formatPrice(99.4, "USD")).toBe("$99");
  });

  it("returns an empty string for a non-finite amount", () => {
    expect(formatPrice(Number.NaN, "KGS")).toBe("");
  });
});

describe("helpers", () => {
  it("reads the decimal sign from the locale and falls back to the Russian one", () => {
    expect(getDecimalSeparator("ru")).toBe(",");
    expect(getDecimalSeparator("ky")).toBe(",");
    expect(getDecimalSeparator("en")).toBe(".");
    expect(getDecimalSeparator("not a locale!")).toBe(",");
  });

  it("groups digit strings from the right", () => {
    expect(groupThousands("1234567")).toBe("1\u202f234\u202f567");
    expect(groupThousands("123")).toBe("123");
  });
});

describe("decimal separator of our languages", () => {
  it("[S5.2] is a comma in ru and ky and a point in en, whatever the runtime's locale data", () => {
    expect(formatNumber(4.6, 1, "ky")).toBe("4,6");
    expect(formatNumber(4.6, 1, "ru")).toBe("4,6");
    expect(formatNumber(1234.5, 1, "en")).toBe("1\u202f234.5");
  });
});

describe("typography", () => {
  it("keeps a number with its unit on one line, and its digit groups together", () => {
    expect(withUnit(formatNumber(218595), "км")).toBe("218\u202f595\u00a0км");
    expect(withUnit(formatNumber(1200), "см³")).toBe("1\u202f200\u00a0см³");
  });
});

describe("responseTimeUnit", () => {
  it("[P8] words a reply delay in minutes, hours or days, rounded up", () => {
    expect(responseTimeUnit(0)).toEqual({ unit: "minutes", count: 1 });
    expect(responseTimeUnit(12)).toEqual({ unit: "minutes", count: 12 });
    expect(responseTimeUnit(59)).toEqual({ unit: "minutes", count: 59 });
    expect(responseTimeUnit(60)).toEqual({ unit: "hours", count: 1 });
    expect(responseTimeUnit(121)).toEqual({ unit: "hours", count: 3 });
    expect(responseTimeUnit(24 * 60 - 1)).toEqual({ unit: "hours", count: 24 });
    expect(responseTimeUnit(24 * 60)).toEqual({ unit: "days", count: 1 });
    expect(responseTimeUnit(50 * 60)).toEqual({ unit: "days", count: 3 });
  });
});
