import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdRef,
  apiCall,
  carAdBody,
  codeFromLog,
  drawPhoto,
  pickCamry,
  publishAd,
  type SeedApi,
  type SeededUser,
  servicesAdBody,
  signUpByPhone,
  uploadPhoto,
} from "./ad-seed.ts";
import { collectConsoleErrors } from "./browser.ts";
import { connectBrowser, sharedServer } from "./fixtures.ts";
import { testServerEnv } from "./test-server.ts";

const server = sharedServer();
let browser: Browser;
let api: SeedApi;
let seller: SeededUser;
let buyer: SeededUser;
let car: AdRef;
let service: AdRef;
let archived: AdRef;

// The browser's own lines for the 4xx answers these journeys provoke (a second report: 409).
const allowedConsole = [/Failed to load resource: the server responded with a status of 40\d/];

function poll<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 15_000 });
}

beforeAll(async () => {
  api = { baseUrl: server.url, readCode: (to, purpose) => codeFromLog(server, to, purpose) };
  seller = await signUpByPhone(api, "seller_e2e");
  buyer = await signUpByPhone(api, "buyer_e2e");
  const pick = await pickCamry(api);
  const photoIds: number[] = [];
  for (const [index, hue] of [0, 120, 240].entries()) {
    photoIds.push((await uploadPhoto(api, seller.accessToken, await drawPhoto(`${index + 1}`, hue))).id);
  }
  car = await publishAd(api, seller.accessToken, carAdBody(pick, photoIds));
  service = await publishAd(api, seller.accessToken, servicesAdBody(pick, []));
  archived = await publishAd(api, seller.accessToken, carAdBody(pick, [], { price: 990_000 }));
  await apiCall(api, "POST", `/api/ads/${archived.id}/archive`, undefined, seller.accessToken);
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function newPage(
  width = 1280,
  options: { hasTouch?: boolean; userAgent?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...options });
  const page = await context.newPage();
  return { context, page, errors: collectConsoleErrors(page, allowedConsole) };
}

/** Opens a page and waits until React Router has hydrated it, so clicks and keys reach React. */
async function visit(page: Page, path: string) {
  const response = await page.goto(server.url + path);
  await page.waitForFunction(() => {
    const router = (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
      .__reactRouterDataRouter;
    return router?.state.initialized === true && document.readyState === "complete";
  });
  return response;
}

async function signIn(page: Page, user: SeededUser, redirect: string) {
  await page.goto(`${server.url}/login?redirect=${encodeURIComponent(redirect)}`);
  await page.locator('[data-testid="sign-in-submit"]:not([disabled])').waitFor();
  await page.getByTestId("login-phone").fill(user.phone.replace("+996", ""));
  await page.getByTestId("login-password").fill(user.password);
  await page.getByTestId("sign-in-submit").click();
  await page.waitForURL(server.url + redirect);
}

/** The JSON-LD blocks of the page, parsed (a broken block throws). */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block) as Record<string, unknown>);
}

const position = (page: Page) => page.getByTestId("ad-gallery-position").first().textContent();
const specValue = (page: Page, field: string) => page.locator(`[data-field="${field}"] dd`).textContent();

describe("a car ad in the browser", () => {
  it("[S3.3] a guest browses the photos, reveals the phone, keeps the ad as a favourite that joins the account at sign-in", async () => {
    const { context, page, errors } = await newPage();
    await visit(page, `/car/${car.id}`);
    expect(await page.locator("h1").textContent()).toBe("Toyota Camry XV70, 2019");
    expect(await page.getByTestId("ad-price").textContent()).toBe("1\u202f850\u202f000\u00a0сом");
    expect(await page.getByTestId("ad-price-other").textContent()).toMatch(/^≈ \$\d{1,3}\u202f\d{3}$/);
    expect(await specValue(page, "mark")).toBe("Toyota");
    expect(await specValue(page, "mileage")).toBe("64\u202f000\u00a0км");
    expect(await specValue(page, "engineVolume")).toBe("2,5\u00a0л");
    // [P3] a guest sees the VIN masked.
    expect(await specValue(page, "vin")).toBe("JTN**********6789");
    expect(await page.getByTestId("ad-description").textContent()).toContain("Не бита, не крашена.");
    expect(await page.getByTestId("ad-description").locator("a").count()).toBe(0);

    // The photos: ← and → on the focused gallery (wrapping around), then full screen, Esc closes.
    expect(await position(page)).toBe("1 из 3");
    await page.getByTestId("ad-gallery-stage").focus();
    await page.keyboard.press("ArrowRight");
    await poll(() => position(page)).toBe("2 из 3");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await poll(() => position(page)).toBe("3 из 3");
    await page.getByTestId("ad-gallery-fullscreen").click();
    const viewer = page.getByTestId("ad-gallery-viewer");
    await viewer.waitFor();
    await page.keyboard.press("ArrowRight");
    await poll(() => viewer.getByText("1 из 3").count()).toBe(1);
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });
    expect(await position(page)).toBe("1 из 3");

    // The phone, on request.
    await page.getByTestId("ad-show-phone").click();
    const digits = seller.phone.slice(4);
    const shown = `+996 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
    await poll(() => page.getByTestId("ad-phones").textContent()).toBe(shown);

    // A guest's favourite lives in this browser and shows on /favorites.
    const heart = page.getByTestId("ad-page").locator("button[aria-pressed]").first();
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    await heart.click();
    await poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => localStorage.getItem("unaa-favorites"))).toBe(`[${car.id}]`);
    await visit(page, "/favorites");
    await poll(() => page.locator(`[data-testid="ad-card"][data-ad-id="${car.id}"]`).count()).toBe(1);

    // Signing in keeps it: the account now holds it, the local list is emptied.
    await signIn(page, buyer, "/favorites");
    await poll(() => page.locator(`[data-testid="ad-card"][data-ad-id="${car.id}"]`).count()).toBe(1);
    const favorites = await apiCall<{ items: { id: number }[] }>(
      api,
      "GET",
      "/api/favorites",
      undefined,
      buyer.accessToken,
    );
    expect(favorites.items.map((item) => item.id)).toEqual([car.id]);
    expect(await page.evaluate(() => localStorage.getItem("unaa-favorites"))).toBe("[]");
    await page.reload();
    await poll(() => page.locator(`[data-testid="ad-card"][data-ad-id="${car.id}"]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("[P4] a signed-in user reports an ad once; a second report says it was already sent", async () => {
    const { context, page, errors } = await newPage(390);
    await signIn(page, buyer, `/car/${car.id}`);
    const report = async (reason: string) => {
      await page.getByTestId("ad-complain").click();
      await page.getByRole("radio", { name: reason }).check();
      await page.getByTestId("ad-complaint-submit").click();
    };
    // "Other" needs a text: nothing is sent without one.
    await report("Другое");
    await poll(() => page.getByText("Опишите, что не так с объявлением").count()).toBe(1);
    await page.getByRole("radio", { name: "Мошенничество" }).check();
    await page.getByTestId("ad-complaint-submit").click();
    await poll(() => page.getByTestId("toast").first().textContent()).toContain("Жалоба отправлена");

    await report("Неверная цена");
    await poll(() => page.getByTestId("ad-complaint-already").count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("swipes through the photos on a touch screen, and counts the view once", async () => {
    // Its own browser name: a visitor is its address and browser, and the other tests viewed the ad.
    const userAgent =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36";
    const { context, page, errors } = await newPage(390, { hasTouch: true, userAgent });
    const before = await apiCall<{ views: number }>(api, "GET", `/api/ads/${car.id}`);
    await visit(page, `/car/${car.id}`);
    const stage = await page.getByTestId("ad-gallery-stage").boundingBox();
    if (!stage) throw new Error("no gallery");
    const touch = await context.newCDPSession(page);
    const y = stage.y + stage.height / 2;
    const swipe = async (fromX: number, toX: number) => {
      await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: fromX, y }] });
      await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: toX, y }] });
      await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    await swipe(stage.x + stage.width * 0.8, stage.x + stage.width * 0.3);
    await poll(() => position(page)).toBe("2 из 3");
    await swipe(stage.x + stage.width * 0.3, stage.x + stage.width * 0.8);
    await poll(() => position(page)).toBe("1 из 3");

    // [P4] one view per visitor per day: a reload is not a second view.
    await poll(async () => (await apiCall<{ views: number }>(api, "GET", `/api/ads/${car.id}`)).views).toBe(
      before.views + 1,
    );
    await visit(page, `/car/${car.id}`);
    await poll(() => page.getByTestId("ad-views").textContent()).toContain(String(before.views + 1));
    expect((await apiCall<{ views: number }>(api, "GET", `/api/ads/${car.id}`)).views).toBe(before.views + 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("[S1.2] carries valid Vehicle and Offer structured data, and a social image of the cover", async () => {
    const { context, page } = await newPage();
    await visit(page, `/car/${car.id}`);
    const [data] = await structuredData(page);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Car",
      name: "Toyota Camry XV70, 2019",
      brand: { name: "Toyota" },
      model: "Camry",
      vehicleModelDate: "2019",
      mileageFromOdometer: { value: 64000, unitCode: "KMT" },
      offers: { "@type": "Offer", price: 1_850_000, priceCurrency: "KGS", seller: { name: "seller_e2e" } },
    });
    expect(data?.image).toHaveLength(3);
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/-1600\.webp$/);
    // The test server names its public origin (PUBLIC_ORIGIN): links for search engines use it.
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
      `${testServerEnv.PUBLIC_ORIGIN}/car/${car.id}`,
    );
    await context.close();
  });
});

describe("other ad pages", () => {
  it("[P3] a services ad shows its own fields, a video on request and Service structured data", async () => {
    const { context, page, errors } = await newPage(390);
    await visit(page, `/uslugi/${service.id}`);
    expect(await page.locator("h1").textContent()).toBe("Эвакуатор по Бишкеку и области круглосуточно");
    expect(await page.getByTestId("ad-price").textContent()).toBe("1\u202f500\u00a0сом");
    expect(await specValue(page, "category")).toBe("Эвакуаторы");
    expect(await specValue(page, "address")).toBe("ул. Ахунбаева, 119");
    expect(await specValue(page, "workingHours")).toBe("Круглосуточно, без выходных");
    expect(await page.getByTestId("ad-location").getByRole("link").getAttribute("href")).toContain(
      "mlat=42.8412",
    );
    // The player is not loaded until asked for.
    expect(await page.locator("iframe").count()).toBe(0);
    await page.getByTestId("ad-video").getByRole("button").click();
    expect(await page.locator("iframe").getAttribute("src")).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/,
    );
    const [data] = await structuredData(page);
    expect(data).toMatchObject({ "@type": "Service", serviceType: "Эвакуаторы", offers: { price: 1500 } });
    // The sandbox has no way out to YouTube: only the player's own load failure is expected.
    expect(errors.filter((error) => !/net::ERR_|youtube/i.test(error))).toEqual([]);
    await context.close();
  });

  it("[S8.3] an unknown id, or an ad under another vertical's address, is the 404 page", async () => {
    const { context, page } = await newPage();
    for (const path of ["/car/99999999", `/moto/${car.id}`, `/car/${service.id}`]) {
      const response = await page.goto(server.url + path);
      expect(response?.status(), path).toBe(404);
      expect(await page.getByTestId("error-status").textContent()).toBe("404");
    }
    await context.close();
  });

  it("[P4] the owner sees an archived ad with a banner; a guest and another user get 404", async () => {
    const { context, page, errors } = await newPage();
    const domain = new URL(server.url).hostname;
    await context.addCookies(seller.cookies.map((cookie) => ({ ...cookie, domain })));
    const response = await visit(page, `/car/${archived.id}`);
    expect(response?.status()).toBe(200);
    expect(await page.getByTestId("ad-status").textContent()).toContain("В архиве");
    expect(await page.getByTestId("ad-edit").count()).toBe(1);
    // The session is restored in the browser too (no refused refresh).
    await poll(() => page.getByTestId("user-menu").count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();

    const guest = await newPage();
    expect((await guest.page.goto(`${server.url}/car/${archived.id}`))?.status()).toBe(404);
    await guest.context.close();
    const stranger = await newPage();
    await signIn(stranger.page, buyer, "/favorites");
    expect((await stranger.page.goto(`${server.url}/car/${archived.id}`))?.status()).toBe(404);
    await stranger.context.close();
  });
});
