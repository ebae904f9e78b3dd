import { carEnums, enumLabelKey, errorMessages, locales } from "@unaa/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  getI18n,
  loadMessages,
  localeCookie,
  localeFromPath,
  localizeHref,
  localizePath,
  type Messages,
  readLocaleCookie,
  stripLocale,
} from "./i18n.ts";

function flatten(messages: Messages, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

describe("translations", () => {
  it("ky, ru and en have exactly the same keys, none empty", async () => {
    const [ru, ky, en] = await Promise.all([loadMessages("ru"), loadMessages("ky"), loadMessages("en")]);
    const ruKeys = flatten(ru).sort();
    expect(ruKeys.length).toBeGreaterThan(200);
    expect(flatten(ky).sort()).toEqual(ruKeys);
    expect(flatten(en).sort()).toEqual(ruKeys);
    for (const locale of locales) {
      const i18n = getI18n(locale);
      for (const key of ruKeys) expect(i18n.t(key), `${locale}: ${key}`).not.toBe("");
    }
  });

  it("[S3.8] labels every enum.cars value in every language", async () => {
    for (const locale of locales) {
      await loadMessages(locale);
      const i18n = getI18n(locale);
      for (const [field, values] of Object.entries(carEnums)) {
        for (const value of values) {
          const key = enumLabelKey(field as keyof typeof carEnums, value);
          expect(i18n.exists(key), `${locale}: ${key}`).toBe(true);
        }
      }
    }
  });

  it("has an error message for every API error code in every language", () => {
    const codes = Object.keys(errorMessages.ru).sort();
    for (const locale of locales) {
      expect(Object.keys(errorMessages[locale]).sort()).toEqual(codes);
      for (const code of codes)
        expect(errorMessages[locale][code as keyof typeof errorMessages.ru]).not.toBe("");
    }
  });

  it("[S2.19] the error page finds error.404 and error.500 texts, but no error.418", async () => {
    await loadMessages("ru");
    const i18n = getI18n("ru");
    expect(i18n.exists("error.404")).toBe(true);
    expect(i18n.exists("error.500")).toBe(true);
    expect(i18n.exists("error.418")).toBe(false);
    expect(i18n.t("error.blocked")).toBe("Вы были заблокированы, обратитесь к администрации сайта.");
  });
});

describe("kept lookups", () => {
  it("fill every text's placeholders exactly as i18next does, in every language", async () => {
    for (const locale of locales) {
      const messages = await loadMessages(locale);
      const instance = getI18n(locale);
      const t = instance.getFixedT(locale);
      let checked = 0;
      for (const key of flatten(messages)) {
        const template = instance.t(key) as string;
        const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? "");
        if (names.length === 0) continue;
        const values = Object.fromEntries(
          names.map((name, index) => [name, index % 2 ? index * 1000 : `«${name}»`]),
        );
        // A text with a count but no plural forms of its own ("photo {{current}} of {{count}}").
        for (const count of names.includes("count") ? [0, 1, 2, 5, 21] : [undefined]) {
          const filled = count === undefined ? values : { ...values, count };
          expect(t(key, filled), `${key}, ${count}`).toBe(instance.t(key, filled));
        }
        checked++;
      }
      expect(checked).toBeGreaterThan(50);
    }
  });

  it("pick and fill every plural as i18next does, for any count, in every language", async () => {
    const counts = [...Array.from({ length: 130 }, (_, count) => count), 1000, 1001, 1_000_004, 1.5];
    for (const locale of locales) {
      const messages = await loadMessages(locale);
      const instance = getI18n(locale);
      const t = instance.getFixedT(locale);
      const plurals = new Set(
        flatten(messages)
          .filter((key) => /_(?:zero|one|two|few|many|other)$/.test(key))
          .map((key) => key.replace(/_[a-z]+$/, "")),
      );
      expect(plurals.size).toBeGreaterThan(20);
      for (const key of plurals) {
        const template = instance.t(`${key}_other`) as string;
        const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? "");
        const others = Object.fromEntries(names.map((name) => [name, `«${name}»`]));
        for (const count of counts) {
          const values = { ...others, count };
          expect(t(key, values), `${locale}: ${key}, ${count}`).toBe(instance.t(key, values));
        }
      }
    }
  });

  it("leave missing values and i18next's own options to i18next", async () => {
    await loadMessages("en");
    const instance = getI18n("en");
    const t = instance.getFixedT("en");
    expect(t("no.such.key", { count: 2 })).toBe(instance.t("no.such.key", { count: 2 }));
    expect(t("ads.card.photos", { count: "2" })).toBe(instance.t("ads.card.photos", { count: "2" }));
    expect(t("ads.card.photos", { count: 2, ordinal: true })).toBe(
      instance.t("ads.card.photos", { count: 2, ordinal: true }),
    );
    expect(t("ads.date.today", { time: "14:05" })).toBe(instance.t("ads.date.today", { time: "14:05" }));
    expect(t("ads.date.today", {})).toBe(instance.t("ads.date.today", {}));
    expect(t("ads.date.today", { time: undefined })).toBe(instance.t("ads.date.today", { time: undefined }));
    expect(t("no.such.key", { time: "1" })).toBe("no.such.key");
    expect(t("no.such.key", { defaultValue: "fallback" })).toBe("fallback");
  });
});

describe("locale paths", () => {
  it("[S1.4] Russian has no prefix; /ru, /ky and /en are prefixes", () => {
    expect(localeFromPath("/")).toBe("ru");
    expect(localeFromPath("/catalog")).toBe("ru");
    expect(localeFromPath("/ru/catalog")).toBe("ru");
    expect(localeFromPath("/ky")).toBe("ky");
    expect(localeFromPath("/en/car/1")).toBe("en");
    expect(localeFromPath("/enx/car")).toBe("ru");
  });

  it("moves a path between languages", () => {
    expect(localizePath("/catalog", "en")).toBe("/en/catalog");
    expect(localizePath("/en/catalog", "ky")).toBe("/ky/catalog");
    expect(localizePath("/ky/catalog", "ru")).toBe("/catalog");
    expect(localizePath("/en", "ru")).toBe("/");
    expect(localizePath("/", "en")).toBe("/en");
    expect(stripLocale("/ru")).toBe("/");
    expect(stripLocale("/entry")).toBe("/entry");
  });

  it("moves an address between languages, its query and hash kept", () => {
    expect(localizeHref("/favorites?tab=all", "en")).toBe("/en/favorites?tab=all");
    expect(localizeHref("/en/car?sort=price-asc#list", "ky")).toBe("/ky/car?sort=price-asc#list");
    expect(localizeHref("/en?x=1", "ru")).toBe("/?x=1");
    expect(localizeHref("/ky#top", "ky")).toBe("/ky#top");
  });

  it("[S9.1] the locale cookie: i18n_redirected, 365 days, path /, SameSite Lax", () => {
    expect(localeCookie("ky")).toBe("i18n_redirected=ky; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(readLocaleCookie({ a: "1", i18n_redirected: "en", b: "2" })).toBe("en");
    expect(readLocaleCookie({ i18n_redirected: "de" })).toBeUndefined();
    expect(readLocaleCookie({})).toBeUndefined();
  });
});

describe("a page's own texts (pageTexts)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  /** A fresh copy of the module, as a browser starts it (no server). */
  async function inBrowser() {
    vi.stubEnv("SSR", false);
    vi.resetModules();
    return import("./i18n.ts");
  }

  it("load in the browser only once a route asks, into the language's instance made before", async () => {
    const i18n = await inBrowser();
    const messages = await i18n.loadMessages("en");
    expect(messages.ads).toBeDefined();
    expect(messages.dashboard).toBeUndefined();
    const t = i18n.getI18n("en").getFixedT("en");
    // Asked for before its area loaded: the key (and the kept answer must not outlive the load).
    expect(t("dashboard.showMore")).toBe("dashboard.showMore");

    await i18n.requireTexts("dashboard");
    expect(t("dashboard.showMore")).toBe("Show more");
    // A language loaded afterwards (a switch) comes with the areas asked for so far, and no others.
    const ky = await i18n.loadMessages("ky");
    expect(ky.dashboard).toBeDefined();
    expect(ky.money).toBeUndefined();
  });

  it("an area asked for while the language still loads comes with it", async () => {
    const i18n = await inBrowser();
    const loading = i18n.loadMessages("ru");
    await i18n.requireTexts("plans");
    expect((await loading).plans).toBeDefined();
    expect(i18n.getI18n("ru").t("plans.loadFailed")).toBe("Не удалось загрузить тарифы.");
  });

  it("the server loads every area with the language", async () => {
    vi.resetModules();
    const i18n = await import("./i18n.ts");
    const messages = await i18n.loadMessages("en");
    for (const key of ["dashboard", "money", "plans", "adForm", "reviews"])
      expect(messages[key]).toBeDefined();
  });
});
