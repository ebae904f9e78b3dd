import { describe, expect, it } from "vitest";
import {
  catalogSearchKeys,
  catalogSpellings,
  foldCatalogText,
  matchesCatalogQuery,
  switchKeyboardLayout,
  transliterateToCyrillic,
  transliterateToLatin,
} from "./catalog-search.ts";

describe("catalogue text matching", () => {
  it("folds case, diacritics, variant letters and punctuation", () => {
    expect(foldCatalogText("Škoda")).toBe("skoda");
    expect(foldCatalogText("Citroën")).toBe("citroen");
    expect(foldCatalogText("Mercedes-Benz")).toBe("mercedes benz");
    expect(foldCatalogText("Лэнд  Крузер")).toBe("ленд крузер");
    expect(foldCatalogText("Тойёта")).toBe("тоиета");
    expect(foldCatalogText("Өрдөк Үй Ың")).toBe("ордок уи ын");
  });

  it("transliterates both ways", () => {
    expect(transliterateToCyrillic("camry")).toBe("камри");
    expect(transliterateToCyrillic("mercedes benz")).toBe("мерседес бенз");
    expect(transliterateToCyrillic("chery")).toBe("чери");
    expect(transliterateToCyrillic("rav4")).toBe("рав4");
    expect(transliterateToLatin("ленд крузер")).toBe("lend kruzer");
    expect(transliterateToLatin("жигули")).toBe("zhiguli");
  });

  it("switches the keyboard layout", () => {
    expect(switchKeyboardLayout("rfvhb")).toBe("камри");
    expect(switchKeyboardLayout("сфькн")).toBe("camry");
  });

  it("keys every later word and the name without spaces", () => {
    const keys = catalogSearchKeys(catalogSpellings(["Land Cruiser Prado", "Ленд Крузер Прадо"]));
    expect(keys).toEqual(
      expect.arrayContaining(["land cruiser prado", "cruiser prado", "prado", "landcruiserprado", "прадо"]),
    );
    expect(catalogSearchKeys(catalogSpellings(["CX-5"]))).toEqual(expect.arrayContaining(["cx 5", "cx5"]));
  });

  it("matches what people type, in either script", () => {
    const camry = ["Camry", "Камри"];
    const landCruiser = ["Land Cruiser", "Ленд Крузер", "lc"];
    expect(matchesCatalogQuery(camry, "кам")).toBe(true);
    expect(matchesCatalogQuery(camry, "CAM")).toBe(true);
    expect(matchesCatalogQuery(camry, "rfv")).toBe(true);
    expect(matchesCatalogQuery(camry, "cor")).toBe(false);
    expect(matchesCatalogQuery(landCruiser, "лэнд")).toBe(true);
    expect(matchesCatalogQuery(landCruiser, "lc")).toBe(true);
    expect(matchesCatalogQuery(landCruiser, "круз")).toBe(true);
    expect(matchesCatalogQuery(["RAV4"], "рав")).toBe(true);
    expect(matchesCatalogQuery(camry, "  ")).toBe(true);
  });
});
