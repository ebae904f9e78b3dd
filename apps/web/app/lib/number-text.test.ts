import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { THOUSANDS_SEPARATOR } from "./format.ts";
import { caretAfterValueChars, numberText, numberValue, valueCharsBefore } from "./number-text.ts";

const price = { decimalSeparator: ",", decimals: 0, grouped: true };
const litres = { decimalSeparator: ",", decimals: 1, grouped: false };
const englishLitres = { ...litres, decimalSeparator: "." };
const g = THOUSANDS_SEPARATOR;

describe("typed numbers (filters)", () => {
  it("[S5.2] [S5.4] shows a value grouped by thousands with the locale's decimal sign", () => {
    expect(numberText("1250000", price)).toBe(`1${g}250${g}000`);
    expect(numberText("", price)).toBe("");
    expect(numberText("3.5", litres)).toBe("3,5");
    expect(numberText("3.", litres)).toBe("3,");
    expect(numberText("3.5", englishLitres)).toBe("3.5");
    expect(numberText("2020", { ...litres, decimals: 0 })).toBe("2020");
  });

  it("[S5.2] reads what was typed as an unsigned number with at most the allowed fraction digits", () => {
    expect(numberValue(`1${g}250 000`, price)).toBe("1250000");
    expect(numberValue("-15", price)).toBe("15");
    expect(numberValue("12a3", price)).toBe("123");
    expect(numberValue("3,5", price)).toBe("35");
    expect(numberValue("3,5", litres)).toBe("3.5");
    expect(numberValue("3.5", litres)).toBe("3.5");
    expect(numberValue("3,", litres)).toBe("3.");
    expect(numberValue("3,55", litres)).toBe("3.5");
    expect(numberValue("3,5,7", litres)).toBe("3.5");
  });

  it("[S5.2] reads back every value it shows", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{0,12}$/),
        fc.stringMatching(/^\d{0,1}$/),
        fc.boolean(),
        fc.constantFrom(",", "."),
        (whole, fraction, hasFraction, decimalSeparator) => {
          const format = { decimalSeparator, decimals: 1, grouped: true };
          const value = hasFraction ? `${whole}.${fraction}` : whole;
          expect(numberValue(numberText(value, format), format)).toBe(value);
        },
      ),
    );
  });

  it("keeps the caret after the same digits when the text is regrouped", () => {
    // "1 234|5" typed as "12345" with the caret before the 5 → "12 34|5".
    const typed = `1${g}2345`;
    const count = valueCharsBefore(typed, 5);
    expect(count).toBe(4);
    const shown = numberText(numberValue(typed, price), price);
    expect(shown).toBe(`12${g}345`);
    expect(caretAfterValueChars(shown, count)).toBe(5);
    expect(caretAfterValueChars(shown, 0)).toBe(0);
    expect(caretAfterValueChars(shown, 99)).toBe(shown.length);
  });
});
