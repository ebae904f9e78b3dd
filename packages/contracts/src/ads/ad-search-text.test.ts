import { describe, expect, it } from "vitest";
import { adSearchKey, adSearchKeySql, adSearchKeySteps } from "./ad-search-text.ts";

describe("ad search keys", () => {
  it("[P5] gives a Latin title and its Cyrillic spelling the same key", () => {
    expect(adSearchKey("Toyota Camry")).toBe("toiota kamri");
    expect(adSearchKey("Тойота Камри")).toBe("toiota kamri");
    expect(adSearchKey("КАМРИ")).toBe(adSearchKey("camry"));
    expect(adSearchKey("Прадо")).toBe(adSearchKey("Prado"));
    expect(adSearchKey("Лексус")).toBe(adSearchKey("Lexus"));
    expect(adSearchKey("Мерседес")).toBe(adSearchKey("Mercedes"));
    expect(adSearchKey("Порше")).toBe(adSearchKey("Porsche"));
    expect(adSearchKey("джип")).toBe(adSearchKey("Jeep"));
    expect(adSearchKey("БМВ")).toBe(adSearchKey("BMW"));
    expect(adSearchKey("Хонда")).toBe(adSearchKey("Honda"));
    expect(adSearchKey("Шевроле")).toBe("shevrole");
    expect(adSearchKey("Chevrolet")).toBe("chevrolet");
  });

  it("[P5] folds ё, й, э and the Kyrgyz letters ң, ө, ү, and drops the hard and soft signs", () => {
    expect(adSearchKey("Үйдө аңгеме өтө")).toBe("uido angeme oto");
    expect(adSearchKey("ЁЖИК Эвакуатор")).toBe("ezhik evakuator");
    expect(adSearchKey("Лэнд Крузер")).toBe(adSearchKey("ленд крузер"));
    expect(adSearchKey("подъезд, бельё")).toBe("podezd, bele");
  });

  it("[P5] keeps digits, punctuation and letters it does not know", () => {
    expect(adSearchKey("RAV4, 2018 — ÿ")).toBe("rav4, 2018 — ÿ");
    expect(adSearchKey("M-72")).toBe("m-72");
  });

  it("builds one SQL expression from the same steps", () => {
    const expression = adSearchKeySql("title");
    expect(expression.match(/translate\(|replace\(/g)).toHaveLength(adSearchKeySteps.length);
    expect(expression).toMatch(/^translate\(replace\(.*translate\(title, 'ABC/);
  });
});
