import { readdirSync, readFileSync } from "node:fs";
import { locales } from "@unaa/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { countryName } from "../../lib/country-name.ts";
import { loadMessages } from "../../lib/i18n.ts";
import { abroadCountries } from "./ad-form/ad-form-values.ts";

const catalogData = new URL("../../../../api/src/modules/catalog/data/", import.meta.url);

/** Every mark's country in the catalogue's data files ("su", the Soviet Union, has no region name). */
function catalogueCountries(): string[] {
  const codes = new Set<string>();
  for (const kind of readdirSync(catalogData)) {
    if (!kind.match(/^[a-z]+$/)) continue;
    for (const file of readdirSync(new URL(`${kind}/`, catalogData))) {
      if (!file.endsWith(".json")) continue;
      const text = readFileSync(new URL(`${kind}/${file}`, catalogData), "utf8");
      for (const match of text.matchAll(/"country":\s*"([a-z]{2})"/g)) codes.add(match[1] as string);
    }
  }
  codes.delete("su");
  return [...codes];
}

describe("country names", () => {
  beforeAll(async () => {
    await Promise.all(locales.map((locale) => loadMessages(locale)));
  });

  it("come from our translations, the same on the server and in a browser without Kyrgyz data", () => {
    expect(countryName("ky", "jp")).toBe("Жапония");
    expect(countryName("ru", "jp")).toBe("Япония");
    expect(countryName("en", "JP")).toBe("Japan");
    expect(countryName("en", "zz")).toBe("ZZ");
  });

  it("cover every country of the ad form and of the catalogue in ky, ru and en", () => {
    const codes = [...new Set([...abroadCountries, ...catalogueCountries()])];
    expect(codes.length).toBeGreaterThan(20);
    for (const locale of locales) {
      for (const code of codes)
        expect(countryName(locale, code), `${locale}: ${code}`).not.toBe(code.toUpperCase());
    }
  });
});
