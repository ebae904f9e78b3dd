/**
 * The car catalogue in Chromium against the production server: a walk from /catalog to a
 * complectation in each language, the instant search, the pickers, structured data and 404s.
 */
import type { Page } from "playwright-core";
import { pickCamry } from "./ad-seed.ts";
import { collectConsoleErrors, describe, expect, test, withPage } from "./fixtures.ts";

const heading = (page: Page) => page.locator("h1").first().textContent();

/** The JSON-LD blocks of the page, parsed. */
async function structuredData(page: Page): Promise<unknown[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block));
}

const walks = [
  { prefix: "", lang: "ru", catalogue: "Каталог автомобилей", specs: "Характеристики", hp: "181\u00a0л. с." },
  { prefix: "/ky", lang: "ky", catalogue: "Унаалар каталогу", specs: "Мүнөздөмөлөр", hp: "181\u00a0а. к." },
  { prefix: "/en", lang: "en", catalogue: "Car catalogue", specs: "Specifications", hp: "181\u00a0hp" },
];

describe("the catalogue pages", () => {
  test.for(walks)(
    "[S1.2][S2.2] walks from /catalog to a complectation in $lang",
    async ({ prefix, lang, catalogue, specs, hp }, { page, visit, server }) => {
      const errors = collectConsoleErrors(page);
      await visit(`${prefix}/catalog`);
      expect(await page.locator("html").getAttribute("lang")).toBe(lang);
      await expect.poll(() => heading(page)).toBe(catalogue);
      expect(await page.title()).toBe(`${catalogue} · Unaa`);

      // Popular marks first, with their model counts; Toyota leads.
      const popular = page.getByTestId("catalog-popular-marks");
      await expect.poll(() => popular.locator("a").first().textContent()).toContain("Toyota");
      await popular.getByRole("link", { name: /^Toyota/ }).click();
      await page.waitForURL(`**${prefix}/catalog/toyota`);
      await expect.poll(() => heading(page)).toBe("Toyota");

      await page
        .getByTestId("catalog-popular-models")
        .getByRole("link", { name: /^Camry/ })
        .click();
      await page.waitForURL(`**${prefix}/catalog/toyota/camry`);
      await expect.poll(() => heading(page)).toBe("Toyota Camry");
      const generations = page.getByTestId("catalog-generations");
      expect(await generations.textContent()).toContain("2017–2021");

      await generations.locator(`a[href="${prefix}/catalog/toyota/camry/xv70"]`).click();
      await page.waitForURL(`**${prefix}/catalog/toyota/camry/xv70`);
      await expect.poll(() => heading(page)).toBe("Toyota Camry XV70");
      const table = page.getByTestId("catalog-complectations");
      expect(await table.textContent()).toContain(hp);

      await table.getByRole("link", { name: "2.5 AT" }).click();
      await page.waitForURL(`**${prefix}/catalog/toyota/camry/xv70/2-5-at`);
      await expect.poll(() => heading(page)).toBe("Toyota Camry XV70 2.5 AT");
      expect(await page.getByRole("heading", { name: specs }).count()).toBe(1);
      expect(await page.getByTestId("catalog-specs").textContent()).toContain(hp);

      // Breadcrumbs carry the real names, each linking to its level.
      const crumbs = page.getByTestId("catalog-breadcrumbs");
      for (const name of [catalogue, "Toyota", "Camry", "XV70"]) {
        expect(await crumbs.getByRole("link", { name, exact: true }).count(), name).toBe(1);
      }
      expect(await page.title()).toContain("Toyota Camry XV70 2.5 AT");
      // The run's server is shared: other files sell Camrys XV70 too. The block tells what the
      // search holds for this generation at this moment, or that it holds none.
      const camry = await pickCamry(server);
      const { total } = (await fetch(
        `${server.url}/api/ads?vertical=car&mark=${camry.markId}&model=${camry.modelId}&generation=${camry.generationId}&limit=1`,
      ).then((answer) => answer.json())) as { total: number };
      if (total === 0) expect(await page.getByTestId("catalog-ads-empty").count()).toBe(1);
      else
        expect(await page.getByTestId("catalog-ads-summary").textContent()).toMatch(
          new RegExp(`(^|\\D)${total}(\\D|$)`),
        );
      expect(errors).toEqual([]);
    },
  );

  test("[S1.2] describes each level for search engines: description, canonical, schema.org Car", async ({
    page,
    visit,
  }) => {
    await visit("/en/catalog/toyota/camry/xv70/2-5-at");
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description).toContain("Toyota Camry XV70 2.5 AT");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
      "https://unaa.example/en/catalog/toyota/camry/xv70/2-5-at",
    );
    const graph = (await structuredData(page)).flatMap(
      (block) => (block as { "@graph"?: unknown[] })["@graph"] ?? [block],
    );
    const car = graph.find((node) => (node as { "@type"?: string })["@type"] === "Car") as Record<
      string,
      unknown
    >;
    expect(car).toMatchObject({
      name: "Toyota Camry XV70 2.5 AT",
      brand: { "@type": "Brand", name: "Toyota" },
      model: "Camry",
      vehicleEngine: { engineDisplacement: { value: 2.5, unitCode: "LTR" }, enginePower: { value: 181 } },
      url: "https://unaa.example/en/catalog/toyota/camry/xv70/2-5-at",
    });
    expect(graph.some((node) => (node as { "@type"?: string })["@type"] === "BreadcrumbList")).toBe(true);
  });

  test("[S8.3] answers 404 for an unknown mark, model, generation or complectation", async ({ server }) => {
    for (const path of [
      "/catalog/no-such-mark",
      "/catalog/toyota/no-such-model",
      "/catalog/toyota/camry/xv99",
      "/en/catalog/toyota/camry/xv70/9-9-at",
      "/catalog/Toyota",
      "/catalog?kind=boats",
    ]) {
      const response = await fetch(server.url + path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain("Page Not Found");
    }
  });

  test("shows the commercial and moto catalogues behind the kind switch", async ({ page, visit }) => {
    const errors = collectConsoleErrors(page);
    await visit("/en/catalog");
    await page.getByRole("group", { name: "Vehicle type" }).getByRole("link", { name: "Commercial" }).click();
    await page.waitForURL("**/en/catalog?kind=commercial");
    await expect.poll(() => heading(page)).toBe("Commercial vehicle catalogue");
    await page
      .getByTestId("catalog-popular-marks")
      .getByRole("link", { name: /^KAMAZ/ })
      .click();
    await page.waitForURL("**/en/catalog/kamaz?kind=commercial");
    await expect.poll(() => heading(page)).toBe("KAMAZ");
    expect(errors).toEqual([]);
  });
});

describe("the search box", () => {
  test.for([
    ["кам", "Toyota Camry", "/catalog/toyota/camry"],
    ["lc", "Toyota Land Cruiser", "/catalog/toyota/land-cruiser"],
    ["прадо", "Toyota Land Cruiser Prado", "/catalog/toyota/land-cruiser-prado"],
  ] as const)(
    "[S1.2] shows %s → %s while typing; Enter opens it",
    async ([query, label, path], { page, visit }) => {
      const errors = collectConsoleErrors(page);
      await visit("/catalog");
      const input = page.getByTestId("catalog-search");
      await input.click();
      await input.pressSequentially(query, { delay: 30 });
      const results = page.getByTestId("catalog-search-results");
      await expect.poll(() => results.locator('[role="option"]').first().textContent()).toContain(label);
      await input.press("Enter");
      await page.waitForURL(`**${path}`);
      expect(errors).toEqual([]);
    },
  );

  test("works without JavaScript as a form the page answers", async ({ server }) => {
    const response = await fetch(`${server.url}/catalog?q=${encodeURIComponent("лэнд")}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('data-testid="catalog-search-page-results"');
    expect(html).toContain('href="/catalog/toyota/land-cruiser"');
  });
});

describe("the pickers", () => {
  /** Types into a picker and takes the option offered for it with the keyboard. */
  async function choose(page: Page, testId: string, typed: string, expected: string) {
    const input = page.getByTestId(testId);
    await expect.poll(() => input.isEnabled()).toBe(true);
    await input.click();
    await input.pressSequentially(typed, { delay: 20 });
    const option = page.getByRole("option", { name: new RegExp(`^${expected}`) }).first();
    await option.waitFor();
    await input.press("ArrowDown");
    await input.press("Enter");
    await expect.poll(() => input.inputValue()).toContain(expected);
  }

  test.for([1280, 390])(
    "[S1.2] mark → model → generation → complectation, typed in Cyrillic or Latin, at %d px",
    async (width, { browser, server }) => {
      await withPage(browser, { viewport: { width, height: 900 } }, async (page) => {
        const errors = collectConsoleErrors(page);
        await page.goto(`${server.url}/en/catalog`, { waitUntil: "networkidle" });
        await page.getByTestId("catalog-finder").scrollIntoViewIfNeeded();
        await choose(page, "catalog-picker-mark", "тойота", "Toyota");
        await choose(page, "catalog-picker-model", "кам", "Camry");
        await choose(page, "catalog-picker-generation", "xv70", "XV70");
        await choose(page, "catalog-picker-complectation", "2.5", "2.5 AT");
        await page.getByTestId("catalog-finder-open").click();
        await page.waitForURL("**/en/catalog/toyota/camry/xv70/2-5-at");
        await expect.poll(() => heading(page)).toBe("Toyota Camry XV70 2.5 AT");
        expect(errors).toEqual([]);
      });
    },
  );

  test("offers popular marks first and finds one typed on the wrong keyboard layout", async ({
    page,
    visit,
  }) => {
    await visit("/catalog");
    const input = page.getByTestId("catalog-picker-mark");
    await input.click();
    const first = page.getByRole("option").first();
    await first.waitFor();
    expect(await first.textContent()).toContain("Toyota");
    await input.pressSequentially("njqjnf", { delay: 20 }); // "тойота" on the Latin layout
    await expect.poll(() => page.getByRole("option").first().textContent()).toContain("Toyota");
  });
});
