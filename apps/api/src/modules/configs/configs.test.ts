import { carEnums, enumLabelKey, publicConfigSchema } from "@unaa/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { upsertSetting } from "../settings/settings.repository.ts";

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ PUBLIC_ORIGIN: "https://unaa.example" });
});
afterAll(async () => {
  await harness.close();
});

describe("GET /api/configs", () => {
  it("[S3.8] serves enum.cars: every car field's value list, keyed by field", async () => {
    const response = await harness.app.inject({ url: "/api/configs" });
    expect(response.statusCode).toBe(200);
    const config = publicConfigSchema.parse(response.json());
    expect(Object.keys(config.enum.cars).sort()).toEqual(Object.keys(carEnums).sort());
    expect(config.enum.cars.registration).toEqual([
      "kg",
      "kz",
      "ru",
      "am",
      "by",
      "ge",
      "other",
      "not-registered",
    ]);
    expect(config.enum.cars.currency).toEqual(["KGS", "USD"]);
    expect(config.enum.cars.body).toContain("suv-5d");
    expect(config.enum.cars.gearbox).toEqual(["manual", "automatic", "tiptronic", "cvt", "robot"]);
    expect(enumLabelKey("registration", "kg")).toBe("country.kg");
    expect(enumLabelKey("currency", "USD")).toBe("currency.USD.label");
    expect(enumLabelKey("fuel", "diesel")).toBe("show.detail.fuel.diesel");
  });

  it("[S7.6] carries the public settings the client needs", async () => {
    const config = (await harness.app.inject({ url: "/api/configs" })).json();
    expect(config).toMatchObject({
      apiVersion: "1",
      siteName: "Unaa",
      publicOrigin: "https://unaa.example",
      locales: ["ru", "ky", "en"],
      defaultLocale: "ru",
      currencies: ["KGS", "USD"],
      timeZone: "Asia/Bishkek",
      analytics: null,
      google: null,
    });
    expect(config.usdRate).toBeGreaterThan(0);
  });

  it("lists the 9 regions with their towns in ky, ru and en", async () => {
    const { regions } = (await harness.app.inject({ url: "/api/configs" })).json();
    expect(regions.map((region: { slug: string }) => region.slug)).toEqual([
      "bishkek",
      "chui",
      "osh-city",
      "osh",
      "jalal-abad",
      "issyk-kul",
      "naryn",
      "talas",
      "batken",
    ]);
    const bishkek = regions[0];
    expect(bishkek.name).toEqual({ ky: "Бишкек", ru: "Бишкек", en: "Bishkek" });
    expect(bishkek.towns).toHaveLength(4);
    const chui = regions[1];
    expect(chui.towns.map((town: { slug: string }) => town.slug)).toEqual(
      expect.arrayContaining(["kant", "tokmok"]),
    );
    for (const region of regions) {
      for (const town of region.towns) {
        expect(town.name.ky && town.name.ru && town.name.en).toBeTruthy();
      }
    }
  });

  it("answers 304 to a matching ETag", async () => {
    const first = await harness.app.inject({ url: "/api/configs" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const second = await harness.app.inject({ url: "/api/configs", headers: { "if-none-match": etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe("");
  });

  it("[S2.13] serves the configuration at its content-hashed address, cacheable for a year", async () => {
    const { version } = await harness.app.services.configService.getVersionedConfig();
    expect(version).toMatch(/^[\w-]{16}$/);
    const unversioned = await harness.app.inject({ url: "/api/configs" });
    expect(unversioned.headers.etag).toBe(`"${version}"`);
    const versioned = await harness.app.inject({ url: `/api/configs/${version}` });
    expect(versioned.statusCode).toBe(200);
    expect(versioned.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(versioned.json()).toEqual(unversioned.json());
  });

  it("[S2.13] moves the configuration to a new address when it changes; the old one answers it uncached", async () => {
    const before = await harness.app.services.configService.getVersionedConfig();
    await upsertSetting(harness.database.db, "usdRate", before.config.usdRate + 1);
    harness.app.services.configService.invalidate();
    const after = await harness.app.services.configService.getVersionedConfig();
    expect(after.version).not.toBe(before.version);
    const stale = await harness.app.inject({ url: `/api/configs/${before.version}` });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers["cache-control"]).toBe("no-cache");
    expect(stale.json().usdRate).toBe(before.config.usdRate + 1);
  });

  it("reflects a changed setting once the cache is dropped", async () => {
    await upsertSetting(harness.database.db, "usdRate", 90.25);
    harness.app.services.configService.invalidate();
    expect((await harness.app.inject({ url: "/api/configs" })).json().usdRate).toBe(90.25);
  });

  it("ignores an invalid stored setting and serves the default", async () => {
    await upsertSetting(harness.database.db, "usdRate", "lots");
    harness.app.services.configService.invalidate();
    expect((await harness.app.inject({ url: "/api/configs" })).json().usdRate).toBe(87.5);
  });
});

describe("web analytics", () => {
  it("[S7.31] is off without a counter, and on with click map, links and bounces but no recorder", async () => {
    const withCounter = await createTestApp({ ANALYTICS_SITE_ID: "98765432" });
    try {
      const { analytics } = (await withCounter.app.inject({ url: "/api/configs" })).json();
      expect(analytics).toEqual({
        siteId: "98765432",
        scriptUrl: expect.stringMatching(/^https:\/\//),
        options: { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: false },
      });
    } finally {
      await withCounter.close();
    }
    expect((await harness.app.inject({ url: "/api/configs" })).json().analytics).toBeNull();
  });
});
