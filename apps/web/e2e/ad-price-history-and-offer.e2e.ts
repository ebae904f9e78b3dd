import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdRef,
  apiCall,
  carAdBody,
  codeFromLog,
  pickCamry,
  publishAd,
  type SeedApi,
  servicesAdBody,
  signUpByPhone,
} from "./ad-seed.ts";
import { collectConsoleErrors } from "./browser.ts";
import { connectBrowser, sharedServer } from "./fixtures.ts";

const server = sharedServer();
let browser: Browser;
let car: AdRef;
let unchanged: AdRef;
let towTruck: AdRef;

beforeAll(async () => {
  const api: SeedApi = {
    baseUrl: server.url,
    readCode: (to, purpose) => codeFromLog(server, to, purpose),
  };
  const seller = await signUpByPhone(api, "price_e2e");
  const pick = await pickCamry(api);
  car = await publishAd(api, seller.accessToken, carAdBody(pick, []));
  // Lowered, then raised a little: two changes after the first price.
  for (const price of [1_700_000, 1_750_000]) {
    await apiCall(api, "PUT", `/api/ads/${car.id}`, carAdBody(pick, [], { price }), seller.accessToken);
  }
  unchanged = await publishAd(api, seller.accessToken, carAdBody(pick, [], { price: 990_000 }));
  towTruck = await publishAd(api, seller.accessToken, servicesAdBody(pick, []));
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Opens a page and waits until React Router has hydrated it. */
async function visit(page: Page, path: string) {
  await page.goto(server.url + path);
  await page.waitForFunction(() => {
    const router = (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
      .__reactRouterDataRouter;
    return router?.state.initialized === true && document.readyState === "complete";
  });
}

describe("price history and another vertical's offer", () => {
  it("[P4] the ad page lists the price changes, newest first, in both currencies", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    const errors = collectConsoleErrors(page);
    await visit(page, `/car/${car.id}`);
    const rows = page.getByTestId("ad-price-history").getByTestId("ad-price-change");
    expect(await rows.count()).toBe(3);
    const texts = await rows.allTextContents();
    expect(texts[0]).toMatch(
      /^сегодня, \d\d:\d\d1\u202f750\u202f000\u00a0сом≈ \$\d{1,3}\u202f\d{3}Выросла на 50\u202f000\u00a0сом$/,
    );
    expect(texts[1]).toContain("Снижена на 150\u202f000\u00a0сом");
    expect(texts[2]).toContain("1\u202f850\u202f000\u00a0сом");
    // An ad whose price never changed shows no history.
    await visit(page, `/car/${unchanged.id}`);
    expect(await page.getByTestId("ad-price").textContent()).toBe("990\u202f000\u00a0сом");
    expect(await page.getByTestId("ad-price-history").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("[P5] a services word on the cars tab offers the services, where it finds the ad", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectConsoleErrors(page);
    await visit(page, `/car?q=${encodeURIComponent("эвакуатор")}`);
    expect(await page.getByTestId("ads-empty").count()).toBe(1);
    // The run's server is shared: other files' tow-truck ads count too, so the offer must name
    // exactly what the services search holds now.
    const services = await fetch(
      `${server.url}/api/ads?vertical=uslugi&q=${encodeURIComponent("эвакуатор")}`,
    ).then((answer) => answer.json() as Promise<{ total: number }>);
    expect(services.total).toBeGreaterThanOrEqual(1);
    const offer = page.getByTestId("other-vertical-uslugi");
    expect(await offer.textContent()).toBe(`Найдено в разделе «Услуги»: ${services.total}`);
    await offer.click();
    await page.waitForURL(`${server.url}/uslugi?q=${encodeURIComponent("эвакуатор")}`);
    await expect
      .poll(() => page.getByTestId("ads-list").locator(`a[href="/uslugi/${towTruck.id}"]`).count())
      .toBeGreaterThan(0);
    expect(await page.getByTestId("other-verticals").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
