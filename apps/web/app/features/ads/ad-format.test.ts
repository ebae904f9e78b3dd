import { type AdCard, verticalDefinitions } from "@unaa/contracts";
import type { TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { getI18n, loadMessages } from "../../lib/i18n.ts";
import { cyrillicSubtitle, localizeRestyling } from "../catalog/catalog-format.ts";
import { cardSpecs, formatAdDate, formatAdPrice, formatFieldValue } from "./ad-format.ts";

let t: TFunction;
beforeAll(async () => {
  await loadMessages("ru");
  t = getI18n("ru").t;
});

const card = {
  vertical: "car",
  price: 14_500,
  currency: "USD",
  priceKgs: 1_268_750,
  priceUsd: 14_500,
  oldPrice: 15_000,
  fields: {
    year: 2018,
    body: "sedan",
    fuel: "petrol",
    engineVolume: 2.5,
    gearbox: "automatic",
    mileage: 85_000,
  },
} as unknown as AdCard;

describe("ad texts", () => {
  it("[S5.4] shows the seller's price with the other currency and the old price, grouped by spaces", () => {
    expect(formatAdPrice(t, "ru", card)).toEqual({
      main: "$14\u202f500",
      other: "≈ 1\u202f268\u202f750\u00a0сом",
      old: "$15\u202f000",
    });
    expect(formatAdPrice(t, "ru", card, "KGS")).toEqual({
      main: "1\u202f268\u202f750\u00a0сом",
      other: "≈ $14\u202f500",
      old: "1\u202f312\u202f500\u00a0сом",
    });
    expect(formatAdPrice(t, "ru", { ...card, price: 0 }).main).toBe("Цена договорная");
  });

  it("formats field values from the definition: labels, units, decimals, bare years", () => {
    const fields = card.fields;
    const field = (name: string) => verticalDefinitions.car.fields.find((item) => item.name === name);
    const value = (name: string) => {
      const definition = field(name);
      return definition ? formatFieldValue(t, "ru", verticalDefinitions.car, definition, fields) : undefined;
    };
    expect(value("body")).toBe("Седан");
    expect(value("engineVolume")).toBe("2,5\u00a0л");
    expect(value("mileage")).toBe("85\u202f000\u00a0км");
    expect(value("year")).toBe("2018");
    expect(value("vin")).toBeNull();
    expect(cardSpecs(t, "ru", card)).toEqual([
      "Седан",
      "Бензин",
      "2,5\u00a0л",
      "Автомат",
      "85\u202f000\u00a0км",
    ]);
    // Miles as the seller typed them, with the km that search and filters use.
    const miles = { ...fields, mileage: 60_000, mileageUnit: "mi" };
    const mileage = field("mileage");
    if (!mileage) throw new Error("no mileage field");
    expect(formatFieldValue(t, "ru", verticalDefinitions.car, mileage, miles)).toBe(
      "60\u202f000\u00a0миль (≈\u00a096\u202f561\u00a0км)",
    );
  });

  it("says today, yesterday or the date in the site's time zone", () => {
    const now = new Date("2026-03-12T10:00:00Z"); // 16:00 in Bishkek
    expect(formatAdDate(t, "2026-03-12T08:05:00Z", now, "Asia/Bishkek")).toBe("сегодня, 14:05");
    expect(formatAdDate(t, "2026-03-11T17:59:00Z", now, "Asia/Bishkek")).toBe("вчера, 23:59");
    expect(formatAdDate(t, "2026-03-11T18:01:00Z", now, "Asia/Bishkek")).toBe("сегодня, 00:01");
    expect(formatAdDate(t, "2026-01-05T08:00:00Z", now, "Asia/Bishkek")).toBe("5 января");
    expect(formatAdDate(t, "2025-01-05T08:00:00Z", now, "Asia/Bishkek")).toBe("5 января 2025");
  });
});

describe("catalogue words in titles", () => {
  it("shows the catalogue's facelift in the page's language, not the data's English", async () => {
    await Promise.all([loadMessages("ky"), loadMessages("en")]);
    expect(localizeRestyling(t, "Subaru Forester SJ (restyling), 2018")).toBe(
      "Subaru Forester SJ (рестайлинг), 2018",
    );
    expect(localizeRestyling(t, "Toyota Land Cruiser J100 (restyling 2), 2005")).toBe(
      "Toyota Land Cruiser J100 (2-й рестайлинг), 2005",
    );
    expect(localizeRestyling(getI18n("ky").t, "Subaru Forester SJ (restyling), 2018")).toBe(
      "Subaru Forester SJ (рестайлинг), 2018",
    );
    expect(localizeRestyling(getI18n("en").t, "Subaru Forester SJ (restyling), 2018")).toBe(
      "Subaru Forester SJ (facelift), 2018",
    );
    expect(localizeRestyling(t, "Lada 2107, 2010")).toBe("Lada 2107, 2010");
    // The catalogue's other spellings: a market before the word, an ordinal, a body code.
    expect(localizeRestyling(t, "Volkswagen Passat NMS (USA, 2nd restyling), 2021")).toBe(
      "Volkswagen Passat NMS (USA, 2-й рестайлинг), 2021",
    );
    expect(localizeRestyling(getI18n("en").t, "Volkswagen Passat NMS (USA, 2nd restyling), 2021")).toBe(
      "Volkswagen Passat NMS (USA, facelift 2), 2021",
    );
    expect(localizeRestyling(getI18n("ky").t, "G-Class W463 (W463A restyling)")).toBe(
      "G-Class W463 (W463A рестайлинг)",
    );
  });

  it("gives Cyrillic subtitles to marks on Kyrgyz and Russian pages only", () => {
    const toyota = { name: "Toyota", nameCyrillic: "Тойота" };
    expect(cyrillicSubtitle("ru", toyota)).toBe("Тойота");
    expect(cyrillicSubtitle("ky", toyota)).toBe("Тойота");
    expect(cyrillicSubtitle("en", toyota)).toBeNull();
    expect(cyrillicSubtitle("ru", { name: "ВАЗ", nameCyrillic: "ВАЗ" })).toBeNull();
  });
});
