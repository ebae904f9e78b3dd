import { describe, expect, it } from "vitest";
import { applyMask, unmask } from "./input-mask.ts";

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
