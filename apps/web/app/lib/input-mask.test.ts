import { describe, expect, it } from "vitest";
import { applyMask, createNumberMask, unmask } from "./input-mask.ts";

describe("applyMask", () => {
  it("[S5.1] '#' takes digits only and skips other characters", () => {
    expect(applyMask("12ab34", "####")).toBe("1234");
    expect(applyMask("a1-b2", "##")).toBe("12");
  });

  it("[S5.1] '@' takes letters of any script, Cyrillic included, and skips digits", () => {
    expect(applyMask("a1Б2ж", "@@@")).toBe("aБж");
    expect(applyMask("Ңүө", "@@@")).toBe("Ңүө");
  });

  it("[S5.1] '*' takes letters and digits but not punctuation", () => {
    expect(applyMask("a-1_Ю!", "***")).toBe("a1Ю");
  });

  it("[S5.1] inserts literals automatically", () => {
    expect(applyMask("555123456", "(###) ###-###")).toBe("(555) 123-456");
    expect(applyMask("01KG123ABC", "## @@ ### @@@")).toBe("01 KG 123 ABC");
  });

  it("[S5.1] does not append literals after the last typed character", () => {
    expect(applyMask("555", "(###) ###-###")).toBe("(555");
    expect(applyMask("5551", "(###) ###-###")).toBe("(555) 1");
    expect(applyMask("12", "##-##")).toBe("12");
    expect(applyMask("12x", "##-##")).toBe("12");
    expect(applyMask("", "+996 ###")).toBe("");
  });

  it("[S5.1] stops at the end of the pattern", () => {
    expect(applyMask("1234567", "##-##")).toBe("12-34");
  });

  it("[S5.1] is idempotent: masking a masked value changes nothing", () => {
    const pattern = "+996 ### ### ###";
    const once = applyMask("555123456", pattern);
    expect(once).toBe("+996 555 123 456");
    expect(applyMask(once, pattern)).toBe(once);
  });

  it("[S5.1] lets the user type a literal prefix character by character", () => {
    const pattern = "+996 ### ### ###";
    expect(applyMask("+", pattern)).toBe("+");
    expect(applyMask("+99", pattern)).toBe("+99");
    expect(applyMask("996", pattern)).toBe("+996");
    expect(applyMask("9965", pattern)).toBe("+996 5");
    expect(applyMask("12-", "##-##")).toBe("12-");
  });

  it("counts a letter outside the basic plane as one character", () => {
    expect(applyMask("𐐀1", "@#")).toBe("𐐀1");
  });
});

describe("unmask", () => {
  it("[S5.1] returns only the characters typed into tokens", () => {
    expect(unmask("(555) 123-4", "(###) ###-###")).toBe("5551234");
    expect(unmask("+996 555 123 456", "+996 ### ### ###")).toBe("555123456");
    expect(unmask("01 KG 123", "## @@ ### @@@")).toBe("01KG123");
  });
});

describe("createNumberMask", () => {
  it("[S5.2] groups thousands with a space while typing, whatever the locale", () => {
    const ru = createNumberMask();
    const en = createNumberMask({ locale: "en" });
    expect(ru.format("1250000")).toBe("1 250 000");
    expect(en.format("1250000")).toBe("1 250 000");
    expect(ru.format("12a34")).toBe("1 234");
  });

  it("[S5.2] formats numbers as well as typed text", () => {
    expect(createNumberMask({ fractionDigits: 2 }).format(1234567.891)).toBe("1 234 567,89");
    expect(createNumberMask().format(-5000)).toBe("-5 000");
    expect(createNumberMask().format(Number.NaN)).toBe("");
  });

  it("[S5.2] takes the decimal sign from the locale", () => {
    expect(createNumberMask({ locale: "ru", fractionDigits: 2 }).format("1234,5")).toBe("1 234,5");
    expect(createNumberMask({ locale: "ky", fractionDigits: 2 }).format("1234.5")).toBe("1 234,5");
    expect(createNumberMask({ locale: "en", fractionDigits: 2 }).format("1234.5")).toBe("1 234.5");
    // In English a comma is a thousands separator, not a decimal sign.
    expect(createNumberMask({ locale: "en", fractionDigits: 2 }).format("1,234.5")).toBe("1 234.5");
  });

  it("[S5.2] keeps at most fractionDigits decimals and none when fractionDigits is 0", () => {
    expect(createNumberMask({ fractionDigits: 2 }).format("3,14159")).toBe("3,14");
    expect(createNumberMask({ fractionDigits: 0 }).format("3,14")).toBe("314");
    expect(createNumberMask({ fractionDigits: 0 }).parse("3,99")).toBe(399);
    expect(createNumberMask({ fractionDigits: 1 }).parse("2,75")).toBe(2.7);
  });

  it("[S5.2] unsigned rejects the minus sign, signed keeps one leading minus", () => {
    expect(createNumberMask({ unsigned: true }).format("-500")).toBe("500");
    expect(createNumberMask({ unsigned: true }).format(-500)).toBe("500");
    expect(createNumberMask({ unsigned: true }).parse("-500")).toBe(500);
    expect(createNumberMask().format("-500")).toBe("-500");
    expect(createNumberMask().format("5-00")).toBe("500");
    expect(createNumberMask().format("--5")).toBe("-5");
  });

  it("[S5.2] keeps typing states: a trailing decimal sign and a lone minus", () => {
    const mask = createNumberMask({ fractionDigits: 2 });
    expect(mask.format("12,")).toBe("12,");
    expect(mask.format(",5")).toBe("0,5");
    expect(mask.format("-")).toBe("-");
    expect(mask.format("")).toBe("");
  });

  it("drops leading zeros but keeps a single zero", () => {
    const mask = createNumberMask({ fractionDigits: 2 });
    expect(mask.format("007")).toBe("7");
    expect(mask.format("0")).toBe("0");
    expect(mask.format("00,5")).toBe("0,5");
  });

  it("[S5.2] is idempotent on its own output", () => {
    const mask = createNumberMask({ fractionDigits: 2 });
    const once = mask.format("-1234567,89");
    expect(once).toBe("-1 234 567,89");
    expect(mask.format(once)).toBe(once);
  });

  it("[S5.2] parses masked text back into the number", () => {
    const ru = createNumberMask({ fractionDigits: 2 });
    expect(ru.parse("1 250 000")).toBe(1250000);
    expect(ru.parse("-1 234,56")).toBe(-1234.56);
    expect(ru.parse(ru.format(98765.4))).toBe(98765.4);
    expect(createNumberMask({ locale: "en", fractionDigits: 2 }).parse("1 234.5")).toBe(1234.5);
  });

  it("parses text without digits as null", () => {
    const mask = createNumberMask();
    expect(mask.parse("")).toBeNull();
    expect(mask.parse("-")).toBeNull();
    expect(mask.parse("abc")).toBeNull();
    expect(Object.is(mask.parse("-0"), 0)).toBe(true);
  });
});
