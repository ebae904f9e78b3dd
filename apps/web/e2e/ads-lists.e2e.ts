import type { AdSearchResponse } from "@unaa/contracts";
import type { Browser, Page } from "playwright-core";
import {
  apiCall,
  type CarPick,
  carAdBody,
  codeFromLog,
  pickCamry,
  publishAd,
  type SeedApi,
  servicesAdBody,
  signUpByPhone,
} from "./ad-seed.ts";
import { collectConsoleErrors, holdRequests } from "./browser.ts";
import { describe, expect, poll, startOwnServer, test, waitForHydration } from "./fixtures.ts";
import type { TestServer } from "./test-server.ts";

/** Three ads of each model, one seller per model; the car number `n` decides price, year, fuel, gearbox. */
const models = [
  ["toyota", "camry"],
  ["toyota", "corolla"],
  ["toyota", "rav4"],
  ["honda", "fit"],
  ["honda", "civic"],
  ["lexus", "rx"],
  ["hyundai", "sonata"],
  ["kia", "k5"],
  ["subaru", "forester"],
] as const;
const carCount = models.length * 3;
const priceOf = (n: number) => 1_000_000 + n * 50_000;
const yearOf = (n: number) => 2012 + (n % 12);
const fuelOf = (n: number) => (n % 4 === 0 ? "hybrid" : "petrol");
const gearboxOf = (n: number) => (n % 3 === 0 ? "manual" : "automatic");
const numbers = Array.from({ length: carCount }, (_, n) => n);
const hybrids = numbers.filter((n) => fuelOf(n) === "hybrid");
const manuals = numbers.filter((n) => gearboxOf(n) === "manual");

const allowedConsole = [/Failed to load resource: the server responded with a status of 40\d/];

async function pickModel(api: SeedApi, mark: string, model: string, place: CarPick): Promise<CarPick> {
  const answer = await apiCall<{ mark: { id: number }; model: { id: number } }>(
    api,
    "GET",
    `/api/catalog/marks/${mark}/models/${model}/generations?kind=car`,
  );
  return { ...place, markId: answer.mark.id, modelId: answer.model.id };
}

/** The file's own server (see `lists`), its seed API and the shared Chromium. */
interface Lists {
  server: TestServer;
  api: SeedApi;
  browser: Browser;
}

/** The nine models' cars and one tow truck, published on the given server. */
async function seed(api: SeedApi): Promise<void> {
  const place = await pickCamry(api);
  for (const [index, [mark, model]] of models.entries()) {
    const seller = await signUpByPhone(api, `lists_${index}_${mark}`);
    const pick = await pickModel(api, mark, model, place);
    for (let copy = 0; copy < 3; copy++) {
      const n = index * 3 + copy;
      const body = carAdBody(pick, []);
      await publishAd(api, seller.accessToken, {
        ...body,
        price: priceOf(n),
        negotiable: false,
        fields: {
          ...body.fields,
          generation: null,
          vin: null,
          year: yearOf(n),
          fuel: fuelOf(n),
          gearbox: gearboxOf(n),
        },
      });
    }
  }
  const provider = await signUpByPhone(api, "lists_tow");
  await publishAd(api, provider.accessToken, servicesAdBody(place, []));
}

// The counts below are of every car ad on the site: this file needs a server of its own, whose
// database no other file writes to (the others share one: see fixtures.ts). Its tests only read
// it, so it is started and seeded once for the file, when the first test asks for it.
const it = test.extend<{ $file: { lists: Lists } }>({
  lists: [
    async ({ browser }, use) => {
      const server = await startOwnServer();
      try {
        const api: SeedApi = {
          baseUrl: server.url,
          readCode: (to, purpose) => codeFromLog(server, to, purpose),
        };
        await seed(api);
        await use({ server, api, browser });
      } finally {
        await server.stop();
      }
    },
    { scope: "file" },
  ],
});

/** A phone's browser: Chrome on Android. */
const phoneUserAgent =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

async function newPage({ browser }: Lists, width = 1280, javaScriptEnabled = true, userAgent?: string) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    javaScriptEnabled,
    ...(userAgent ? { userAgent, isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  return { page, errors: collectConsoleErrors(page, allowedConsole) };
}

/** Opens a page of the file's server and waits until React Router has hydrated it. */
async function visit({ server }: Lists, page: Page, path: string) {
  const response = await page.goto(server.url + path);
  await waitForHydration(page);
  return response;
}

const total = (page: Page) => page.getByTestId("ads-total").textContent();
const cards = (page: Page) => page.locator('[data-testid="ads-list"] [data-testid="ad-card"]');
const cardIds = async (page: Page) =>
  (await cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-ad-id")))).map(
    Number,
  );
const cardTitles = (page: Page) => cards(page).getByTestId("ad-card-title").allTextContents();
const search = (page: Page) => new URL(page.url()).search;

function searchApi({ api }: Lists, query: Record<string, string>): Promise<AdSearchResponse> {
  return apiCall(api, "GET", `/api/ads?${new URLSearchParams({ vertical: "car", ...query })}`);
}

describe("car lists", () => {
  it("[S2.2][S5.4] /car is rendered on the server: the first 24 cards, the count, prices grouped by spaces, the cards' icons drawn", async ({
    lists,
  }) => {
    const { server } = lists;
    const { page } = await newPage(lists, 1280, false);
    const response = await page.goto(`${server.url}/car?sort=price-asc`);
    expect(response?.status()).toBe(200);
    expect(await total(page)).toBe(`${carCount} объявлений`);
    expect(await cards(page).count()).toBe(24);
    expect(await cards(page).first().getByTestId("ad-card-price").textContent()).toBe(
      "1\u202f000\u202f000\u00a0сом",
    );
    expect(await page.title()).toBe("Продажа автомобилей в Кыргызстане · Unaa");
    // Each card's heart (and camera, price drop) is a <use> of the document's sprite: each draws.
    const iconWidths = await cards(page)
      .locator("svg use")
      .evaluateAll((uses) => uses.map((use) => (use as SVGUseElement).getBBox().width));
    expect(iconWidths.length).toBeGreaterThanOrEqual(24);
    expect(iconWidths.filter((width) => width === 0)).toEqual([]);
  });

  it("[S2.2] a shared address with filters renders on the server the list the search finds", async ({
    lists,
  }) => {
    const { server } = lists;
    const { page } = await newPage(lists, 1280, false);
    await page.goto(`${server.url}/car?fuel=hybrid&sort=price-desc`);
    const expected = await searchApi(lists, { fuel: "hybrid", sort: "price-desc" });
    expect(expected.items).toHaveLength(hybrids.length);
    expect(await cardIds(page)).toEqual(expected.items.map((ad) => ad.id));
    expect(await total(page)).toBe(`${hybrids.length} объявлений`);
    // A wide screen's page carries its filter sidebar, showing the address's filters.
    const fuel = page.locator("aside").getByTestId("filter-fuel");
    expect(
      await fuel
        .locator("input:checked")
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
    ).toEqual(["hybrid"]);
  });

  it("filters from the panel change the address, the list and the count; the back button restores them", async ({
    lists,
  }) => {
    const { page, errors } = await newPage(lists);
    await visit(lists, page, "/car");
    const panel = page.locator("aside");
    await panel.getByText("Гибрид", { exact: true }).click();
    await poll(() => search(page)).toBe("?fuel=hybrid");
    await poll(() => total(page)).toBe(`${hybrids.length} объявлений`);
    expect(await cardIds(page)).toEqual(
      (await searchApi(lists, { fuel: "hybrid" })).items.map((ad) => ad.id),
    );

    // Typing a year applies after a pause, as one history entry.
    await panel.getByLabel("Год выпуска: от").fill("2020");
    await poll(() => search(page)).toBe("?yearFrom=2020&fuel=hybrid");
    const recent = hybrids.filter((n) => yearOf(n) >= 2020);
    await poll(() => cards(page).count()).toBe(recent.length);
    expect(await cardTitles(page)).toEqual(expect.arrayContaining([expect.stringContaining("2020")]));

    await page.goBack();
    await poll(() => search(page)).toBe("?fuel=hybrid");
    await poll(() => total(page)).toBe(`${hybrids.length} объявлений`);
    await poll(() => panel.getByLabel("Год выпуска: от").inputValue()).toBe("");

    await page.goBack();
    await poll(() => search(page)).toBe("");
    await poll(() => total(page)).toBe(`${carCount} объявлений`);
    expect(await panel.locator('input[type="checkbox"]:checked').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("[S5.2] filters chosen while a list loads show at once and add up: a second chip clicked before the first one's list arrives keeps the first", async ({
    lists,
  }) => {
    const { page, errors } = await newPage(lists);
    await visit(lists, page, "/car");
    // The lists' data waits for the test, as on a slow network.
    const listData = await holdRequests(page, /\.data(\?|$)/);
    const panel = page.locator("aside");
    const checked = (name: string) =>
      panel
        .getByTestId(`filter-${name}`)
        .locator("input:checked")
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    await panel.getByText("Гибрид", { exact: true }).click();
    await poll(() => page.getByTestId("ad-grid-skeleton").count()).not.toBe(0);
    expect(await checked("fuel")).toEqual(["hybrid"]);
    await panel.getByText("Механика", { exact: true }).click();
    expect(await checked("fuel")).toEqual(["hybrid"]);
    expect(await checked("gearbox")).toEqual(["manual"]);
    listData.release();
    await poll(() => search(page)).toBe("?fuel=hybrid&gearbox=manual");
    expect(hybrids.filter((n) => gearboxOf(n) === "manual")).toHaveLength(3);
    await poll(() => total(page)).toBe("3 объявления");
    expect(await checked("fuel")).toEqual(["hybrid"]);
    expect(await checked("gearbox")).toEqual(["manual"]);
    expect(errors).toEqual([]);
  });

  it("[S5.2] [S5.4] a typed price is grouped as it is typed, keeps the caret after its digits and what is typed while its list loads, and the address gets the number", async ({
    lists,
  }) => {
    const { page, errors } = await newPage(lists);
    await visit(lists, page, "/car");
    // The lists' data waits for the test to let it through, as on a slow network.
    const listData = await holdRequests(page, /\.data(\?|$)/);
    const price = page.locator("aside").getByLabel("Цена: до");
    await price.pressSequentially("1250000");
    expect(await price.inputValue()).toBe("1\u202f250\u202f000");
    // Applied after the pause: while its list loads, a digit typed before the last three.
    await poll(() => page.getByTestId("ad-grid-skeleton").count()).not.toBe(0);
    await price.press("ArrowLeft");
    await price.press("ArrowLeft");
    await price.press("ArrowLeft");
    await price.press("9");
    expect(await price.inputValue()).toBe("12\u202f509\u202f000");
    expect(await price.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(6);
    // The list of 1 250 000 arrives (the next one waits): what was typed since stays.
    listData.releaseHeld();
    await poll(() => search(page)).toBe("?priceTo=1250000");
    expect(await price.inputValue()).toBe("12\u202f509\u202f000");
    // After its own pause the typed price applies.
    await poll(() => page.getByTestId("ad-grid-skeleton").count()).not.toBe(0);
    listData.release();
    await poll(() => search(page)).toBe("?priceTo=12509000");
    expect(await price.inputValue()).toBe("12\u202f509\u202f000");
    // Signs and letters are not typed.
    await price.press("-");
    await price.press("x");
    expect(await price.inputValue()).toBe("12\u202f509\u202f000");

    // Engine volume shows the address's value with the Russian comma and takes one fraction digit.
    await visit(lists, page, "/car?engineVolumeFrom=1.6");
    const volume = page.locator("aside").getByLabel("Объём двигателя, л: от");
    expect(await volume.inputValue()).toBe("1,6");
    await volume.fill("");
    await volume.pressSequentially("2,55");
    expect(await volume.inputValue()).toBe("2,5");
    await volume.press("Enter");
    await poll(() => search(page)).toBe("?engineVolumeFrom=2.5");
    expect(errors).toEqual([]);
  });

  it("'show more' appends the next keyset page without duplicates and keeps the page", async ({ lists }) => {
    const { page, errors } = await newPage(lists);
    await visit(lists, page, "/car");
    expect(await cards(page).count()).toBe(24);
    const scrolled = await page.evaluate(() => {
      window.scrollTo(0, document.body.scrollHeight);
      return window.scrollY;
    });
    await page.getByTestId("ads-show-more").click();
    await poll(() => cards(page).count()).toBe(carCount);
    const ids = await cardIds(page);
    expect(new Set(ids).size).toBe(carCount);
    const all = await searchApi(lists, { limit: "50" });
    expect(ids).toEqual(all.items.map((ad) => ad.id));
    expect(await page.getByTestId("ads-show-more").count()).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrolled - 5);
    expect(errors).toEqual([]);
  });

  it("[S2.4] /car/{mark}/{model} lists only that model under its landing heading; unknown slugs and a fourth segment are 404", async ({
    lists,
  }) => {
    const { server } = lists;
    const { page, errors } = await newPage(lists);
    const response = await visit(lists, page, "/car/toyota/camry");
    expect(response?.status()).toBe(200);
    expect(await page.locator("h1").textContent()).toBe("Продажа Toyota Camry в Кыргызстане");
    expect(await total(page)).toBe("3 объявления");
    const titles = await cardTitles(page);
    expect(titles).toHaveLength(3);
    for (const title of titles) expect(title).toMatch(/^Toyota Camry, /);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description).toContain("3 объявл.");
    expect(description).toContain("от 1\u202f000\u202f000\u00a0сом до 1\u202f100\u202f000\u00a0сом");
    expect(await page.getByTestId("ads-catalog-link").getAttribute("href")).toBe("/catalog/toyota/camry");
    expect(await page.locator('a[href="/car/toyota"]', { hasText: "Toyota" }).count()).toBe(1);

    // Sorting keeps the landing path and orders by price.
    await page.getByTestId("ads-sort").click();
    await page.getByRole("option", { name: "Сначала дорогие" }).click();
    await poll(() => new URL(page.url()).pathname + search(page)).toBe("/car/toyota/camry?sort=price-desc");
    await poll(() => cards(page).first().getByTestId("ad-card-price").textContent()).toBe(
      "1\u202f100\u202f000\u00a0сом",
    );

    // One mark and model chosen in the query move to the landing path.
    const camry = await apiCall<{ mark: { id: number }; model: { id: number } }>(
      lists.api,
      "GET",
      "/api/catalog/marks/toyota/models/camry/generations",
    );
    await visit(lists, page, `/car?model=${camry.model.id}&mark=${camry.mark.id}`);
    expect(new URL(page.url()).pathname).toBe("/car/toyota/camry");

    for (const path of ["/car/toyota/nope", "/car/nope", "/car/toyota/camry/xv70/extra"]) {
      expect((await page.goto(server.url + path))?.status(), path).toBe(404);
    }
    expect(errors).toEqual([]);
  });

  it("[S2.4] a model's list serves its filters whole: the model is chosen and its generations offered before the catalogue's lists arrive, so the sidebar does not move", async ({
    lists,
  }) => {
    const { server } = lists;
    // Without scripts: the page's own sidebar.
    const plain = await newPage(lists, 1280, false);
    await plain.page.goto(`${server.url}/car/toyota/camry`);
    const sidebar = plain.page.locator("aside");
    expect(await sidebar.getByTestId("filter-mark").inputValue()).toBe("");
    expect(await sidebar.getByText("Toyota", { exact: true }).count()).toBe(1);
    expect(await sidebar.getByText("Camry", { exact: true }).count()).toBe(1);
    expect(await sidebar.getByTestId("filter-model").isDisabled()).toBe(false);
    expect(await sidebar.getByTestId("filter-generation").count()).toBe(1);

    // With scripts, the catalogue's lists held back as on a slow network: nothing below them moves
    // when they come.
    const { page, errors } = await newPage(lists);
    const catalogue = await holdRequests(page, /\/api\/catalog\//);
    await visit(lists, page, "/car/toyota/camry");
    const price = page.locator("aside").getByTestId("filter-price");
    await poll(catalogue.held).toBeGreaterThanOrEqual(1);
    const before = await price.boundingBox();
    catalogue.release();
    await poll(() => catalogue.served() === catalogue.held()).toBe(true);
    // What the lists change shows within a few frames of their answers.
    await page.waitForTimeout(500);
    expect(await price.boundingBox()).toEqual(before);
    expect(errors).toEqual([]);
  });

  it("[S2.1] the landing page speaks Kyrgyz under /ky", async ({ lists }) => {
    const { server } = lists;
    const { page } = await newPage(lists, 1280, false);
    await page.goto(`${server.url}/ky/car/toyota/camry`);
    expect(await page.locator("h1").textContent()).toBe("Кыргызстанда Toyota Camry сатуу");
    expect(await total(page)).toBe("3 жарыя");
  });

  it("on a phone the filter drawer counts as the filters change and applies them on its button", async ({
    lists,
  }) => {
    const { page, errors } = await newPage(lists, 390, true, phoneUserAgent);
    const response = await visit(lists, page, "/car");
    // A phone's page leaves out the wide screens' filter sidebar: filters live in the drawer.
    expect(await response?.text()).not.toContain('data-testid="filter-panel"');
    expect(await page.getByTestId("filter-panel").count()).toBe(0);
    await page.getByTestId("filter-drawer-open").click();
    const drawer = page.getByRole("dialog");
    await drawer.getByText("Механика", { exact: true }).click();
    await poll(() => drawer.getByTestId("filter-drawer-apply").textContent()).toBe(
      `Показать ${manuals.length} объявлений`,
    );
    expect(search(page)).toBe("");
    await drawer.getByTestId("filter-drawer-apply").click();
    await poll(() => search(page)).toBe("?gearbox=manual");
    await poll(() => total(page)).toBe(`${manuals.length} объявлений`);
    await poll(() => page.getByRole("dialog").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("on a phone the filter drawer, opened from the keyboard before its code has arrived, gives the focus back to its button when it closes", async ({
    lists,
  }) => {
    const { page, errors } = await newPage(lists, 390, true, phoneUserAgent);
    // The drawer's module waits, as on a slow network, until the button has been pressed.
    const drawerModule = await holdRequests(page, /\/assets\/lazy-drawer-[^/]*\.js$/);
    await visit(lists, page, "/car");
    const button = page.getByTestId("filter-drawer-open");
    await button.focus();
    await page.keyboard.press("Enter");
    drawerModule.release();
    const drawer = page.getByTestId("filter-drawer");
    await drawer.getByTestId("filter-drawer-apply").waitFor();
    await page.keyboard.press("Escape");
    await poll(() => page.getByRole("dialog").count()).toBe(0);
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null)).toBe(
      "filter-drawer-open",
    );
    expect(errors).toEqual([]);
  });

  it("text search from the home hero finds the ads, spelled in Cyrillic", async ({ lists }) => {
    const { page, errors } = await newPage(lists);
    await visit(lists, page, "/");
    await page.getByRole("search").getByRole("textbox").fill("камри");
    await page.getByRole("search").getByRole("button").click();
    await page.waitForURL(/\/car\?q=/);
    await poll(() => total(page)).toBe("3 объявления");
    for (const title of await cardTitles(page)) expect(title).toMatch(/^Toyota Camry/);
    expect(await page.getByTestId("filter-q").first().inputValue()).toBe("камри");
    expect(errors).toEqual([]);
  });

  it("filters the search refuses are named and left out, never a server error", async ({ lists }) => {
    const { server } = lists;
    const { page } = await newPage(lists, 1280, false);
    const response = await page.goto(`${server.url}/car?yearFrom=3000&fuel=hybrid`);
    expect(response?.status()).toBe(200);
    expect(await page.getByTestId("ads-refused").textContent()).toContain("Год выпуска");
    expect(await total(page)).toBe(`${hybrids.length} объявлений`);
  });
});

describe("other lists", () => {
  it("[S2.2] /uslugi and its type page list the services ad; an empty type says so honestly", async ({
    lists,
  }) => {
    const { server } = lists;
    const { page } = await newPage(lists, 1280, false);
    await page.goto(`${server.url}/uslugi`);
    expect(await cardTitles(page)).toEqual(["Эвакуатор по Бишкеку и области круглосуточно"]);
    await page.goto(`${server.url}/uslugi/tow-truck/all`);
    expect(await page.locator("h1").textContent()).toBe("Эвакуаторы в Кыргызстане");
    expect(await cards(page).count()).toBe(1);
    await page.goto(`${server.url}/uslugi/wash/all`);
    expect(await page.getByTestId("ads-empty").textContent()).toContain("Здесь пока нет объявлений");
    expect((await page.goto(`${server.url}/uslugi/nope/all`))?.status()).toBe(404);
  });

  it("/urgent says so when no ad is urgent", async ({ lists }) => {
    const { server } = lists;
    const { page } = await newPage(lists, 1280, false);
    const response = await page.goto(`${server.url}/urgent`);
    expect(response?.status()).toBe(200);
    expect(await page.locator("h1").textContent()).toBe("Срочная продажа");
    expect(await page.getByTestId("ads-empty").textContent()).toContain("Срочных объявлений сейчас нет");
  });

  it("the catalogue's model page counts the ads for sale with their price range and links to the list", async ({
    lists,
  }) => {
    const { server } = lists;
    const { page } = await newPage(lists, 1280, false);
    await page.goto(`${server.url}/catalog/toyota/camry`);
    const summary = await page.getByTestId("catalog-ads-summary").textContent();
    expect(summary).toContain("3 объявления в продаже");
    expect(summary).toContain("от 1\u202f000\u202f000\u00a0сом до 1\u202f100\u202f000\u00a0сом");
    expect(await page.getByTestId("catalog-ads-link").getAttribute("href")).toBe("/car/toyota/camry");
  });
});
