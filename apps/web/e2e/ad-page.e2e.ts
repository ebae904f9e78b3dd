import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  type AdRef,
  apiCall,
  carAdBody,
  drawPhoto,
  pickCamry,
  publishAd,
  type SeededUser,
  servicesAdBody,
  uploadPhoto,
} from "./ad-seed.ts";
import { collectConsoleErrors } from "./browser.ts";
import { describe, expect, poll, type SharedServer, test, waitForHydration, withPage } from "./fixtures.ts";
import { testServerEnv } from "./test-server.ts";

// The browser's own lines for the 4xx answers these journeys provoke (a second report: 409).
const allowedConsole = [/Failed to load resource: the server responded with a status of 40\d/];

/** A Toyota Camry with three photos (1, 2, 3), published by the seller. */
async function carWithPhotos(server: SharedServer, seller: SeededUser): Promise<AdRef> {
  const photoIds: number[] = [];
  for (const [index, hue] of [0, 120, 240].entries()) {
    photoIds.push((await uploadPhoto(server, seller.accessToken, await drawPhoto(`${index + 1}`, hue))).id);
  }
  return publishAd(server, seller.accessToken, carAdBody(await pickCamry(server), photoIds));
}

/** A photo-less Camry, published by the seller. */
async function plainCar(server: SharedServer, seller: SeededUser, change: Record<string, unknown> = {}) {
  return publishAd(server, seller.accessToken, carAdBody(await pickCamry(server), [], change));
}

/** The page with the allowed 4xx lines left out of its console errors. */
function consoleErrors(page: Page): string[] {
  return collectConsoleErrors(page, allowedConsole);
}

/** A context of the test's own (a phone's width, touch, another browser name), closed by the test. */
async function newPage(
  browser: Browser,
  width: number,
  options: { hasTouch?: boolean; userAgent?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...options });
  const page = await context.newPage();
  return { context, page, errors: consoleErrors(page) };
}

/** Opens a page and waits until React Router has hydrated it, so clicks and keys reach React. */
async function visitHydrated(server: SharedServer, page: Page, path: string) {
  const response = await page.goto(server.url + path);
  await waitForHydration(page);
  return response;
}

/** Signs in through the form, as a person would, and waits for the redirect. */
async function signInByForm(server: SharedServer, page: Page, user: SeededUser, redirect: string) {
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
  test("[S3.3] a guest browses the photos, reveals the phone, keeps the ad as a favourite that joins the account at sign-in", async ({
    page,
    server,
    createUser,
  }) => {
    const seller = await createUser("seller_e2e");
    const buyer = await createUser("buyer_e2e");
    const car = await carWithPhotos(server, seller);
    const errors = consoleErrors(page);
    await visitHydrated(server, page, `/car/${car.id}`);
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
    await visitHydrated(server, page, "/favorites");
    await poll(() => page.locator(`[data-testid="ad-card"][data-ad-id="${car.id}"]`).count()).toBe(1);

    // Signing in keeps it: the account now holds it, the local list is emptied. The merge answers
    // slowly here: the page the login leaves for must still show the merged list (it raced it once).
    await page.route("**/api/favorites/merge", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await signInByForm(server, page, buyer, "/favorites");
    await poll(() => page.locator(`[data-testid="ad-card"][data-ad-id="${car.id}"]`).count()).toBe(1);
    const favorites = await apiCall<{ items: { id: number }[] }>(
      server,
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
  });

  test("[P4] a signed-in user reports an ad once; a second report says it was already sent", async ({
    page,
    server,
    createUser,
  }) => {
    const seller = await createUser("seller_e2e");
    const buyer = await createUser("buyer_e2e");
    const car = await plainCar(server, seller);
    await page.setViewportSize({ width: 390, height: 900 });
    const errors = consoleErrors(page);
    await signInByForm(server, page, buyer, `/car/${car.id}`);
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
  });

  test("swipes through the photos on a touch screen, and counts the view once", async ({
    browser,
    server,
    createUser,
  }) => {
    const seller = await createUser("seller_e2e");
    const car = await carWithPhotos(server, seller);
    // A phone's browser name: a visitor is its address and browser.
    const userAgent =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36";
    const { context, page, errors } = await newPage(browser, 390, { hasTouch: true, userAgent });
    const before = await apiCall<{ views: number }>(server, "GET", `/api/ads/${car.id}`);
    await visitHydrated(server, page, `/car/${car.id}`);
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
    await poll(
      async () => (await apiCall<{ views: number }>(server, "GET", `/api/ads/${car.id}`)).views,
    ).toBe(before.views + 1);
    await visitHydrated(server, page, `/car/${car.id}`);
    await poll(() => page.getByTestId("ad-views").textContent()).toContain(String(before.views + 1));
    expect((await apiCall<{ views: number }>(server, "GET", `/api/ads/${car.id}`)).views).toBe(
      before.views + 1,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  test("[S2.11] a laptop screen (1280×720) opens the ad at the top and keeps it there while the photos change; price, seller and specs share the right column", async ({
    browser,
    server,
    createUser,
  }) => {
    const seller = await createUser("seller_e2e");
    const car = await carWithPhotos(server, seller);
    await withPage(browser, { viewport: { width: 1280, height: 720 } }, async (page) => {
      const errors = consoleErrors(page);
      const scrollY = () =>
        // After two frames: the gallery's effects have run and the browser has laid the page out.
        page.evaluate(
          () =>
            new Promise<number>((resolve) =>
              requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY))),
            ),
        );
      await visitHydrated(server, page, `/car/${car.id}`);
      // The thumbnails sit below the fold here: showing the chosen one must not scroll the window.
      const thumbs = await page.getByTestId("ad-gallery").locator("[aria-current]").boundingBox();
      expect(thumbs && thumbs.y + thumbs.height).toBeGreaterThan(720);
      expect(await scrollY()).toBe(0);
      for (const shown of ["2 из 3", "3 из 3", "1 из 3"]) {
        await page.getByRole("button", { name: "Следующее фото" }).click();
        await poll(() => position(page)).toBe(shown);
        expect(await scrollY()).toBe(0);
      }

      // Price and the phone button in sight on the first screen, below the header; the specs under them
      // in the right column, beside the photos, so that column is not left empty down the page.
      const header = await page.locator("header").first().boundingBox();
      const summary = await page.getByTestId("ad-page").locator("aside").boundingBox();
      const showPhone = await page.locator("aside [data-testid=ad-show-phone]").boundingBox();
      const gallery = await page.getByTestId("ad-gallery").boundingBox();
      const specs = await page.getByTestId("ad-specs").boundingBox();
      if (!header || !summary || !showPhone || !gallery || !specs) throw new Error("a part is missing");
      expect(summary.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(showPhone.y + showPhone.height).toBeLessThanOrEqual(720);
      expect(specs.x).toBeGreaterThan(gallery.x + gallery.width);
      expect(specs.y).toBeLessThan(gallery.y + gallery.height);
      expect(errors).toEqual([]);
    });
  });

  test("a Kyrgyz phone (390 px) shows each spec label whole, clear of its value", async ({
    browser,
    server,
    createUser,
  }) => {
    const seller = await createUser("seller_e2e");
    const car = await plainCar(server, seller);
    await withPage(browser, { viewport: { width: 390, height: 844 } }, async (page) => {
      await visitHydrated(server, page, `/ky/car/${car.id}`);
      const rows = page.getByTestId("ad-specs").locator("[data-field]");
      expect(await page.locator('[data-field="engineVolume"] dt').textContent()).toBe(
        "Кыймылдаткычтын көлөмү",
      );
      for (const row of await rows.all()) {
        const label = await row.locator("dt").evaluate((dt) => {
          const box = dt.getBoundingClientRect();
          return { right: box.right, scrollWidth: dt.scrollWidth, clientWidth: dt.clientWidth };
        });
        const value = await row.locator("dd").boundingBox();
        expect(label.scrollWidth).toBeLessThanOrEqual(label.clientWidth);
        expect(label.right).toBeLessThanOrEqual((value?.x ?? 0) + 0.5);
      }
    });
  });

  test("[S1.2] carries valid Vehicle and Offer structured data, and a social image of the cover", async ({
    page,
    server,
    createUser,
  }) => {
    const seller = await createUser("seller_e2e");
    const car = await carWithPhotos(server, seller);
    await visitHydrated(server, page, `/car/${car.id}`);
    const [data] = await structuredData(page);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Car",
      name: "Toyota Camry XV70, 2019",
      brand: { name: "Toyota" },
      model: "Camry",
      vehicleModelDate: "2019",
      mileageFromOdometer: { value: 64000, unitCode: "KMT" },
      offers: { "@type": "Offer", price: 1_850_000, priceCurrency: "KGS", seller: { name: seller.username } },
    });
    expect(data?.image).toHaveLength(3);
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/-1600\.webp$/);
    // The test server names its public origin (PUBLIC_ORIGIN): links for search engines use it.
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
      `${testServerEnv.PUBLIC_ORIGIN}/car/${car.id}`,
    );
  });
});

/**
 * The chunks of the car route's two pages in the build under test (vite.config.ts, `pageChunks`):
 * each page's files, and its own code among them — the chunks named after its modules (the
 * route's own imports and shared chunks are fetched by both pages).
 */
function carPageChunks() {
  const chunks: Record<string, { js: string[]; css: string[] }> = JSON.parse(
    readFileSync(new URL("../build/page-chunks.json", import.meta.url), "utf8"),
  );
  const page = (source: string, modules: string[]) => {
    const files = chunks[source];
    if (!files) throw new Error(`the build has no page chunks for ${source}`);
    const code = files.js.filter((file) =>
      modules.some((name) => new RegExp(`^/assets/${name}-[\\w-]{8}\\.js$`).test(file)),
    );
    expect(code.length).toBeGreaterThanOrEqual(modules.length);
    return { ...files, code };
  };
  return {
    ad: page("features/ads/ad-page.tsx", ["ad-page", "ad-page-seller"]),
    list: page("features/ads/ad-list-page.tsx", ["ad-list-page", "filter-panel"]),
  };
}

/** The scripts the page fetches from now on, by path. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

describe("the car route's two pages", () => {
  test("a car ad's first load fetches the ad page's code and styles, not the list's; the list's come with a navigation to it, and back", async ({
    page,
    server,
    createUser,
  }) => {
    const { ad, list } = carPageChunks();
    const car = await plainCar(server, await createUser("split"));
    const scripts = recordScripts(page);
    const errors = consoleErrors(page);
    const response = await visitHydrated(server, page, `/car/${car.id}`);
    // The server's HTML links the page's stylesheets and preloads its modules.
    const html = (await response?.text()) ?? "";
    for (const file of ad.css) expect(html).toMatch(new RegExp(`<link rel="stylesheet" href="${file}#?"`));
    for (const file of ad.js) expect(html).toContain(`<link rel="modulepreload" href="${file}"/>`);
    expect(scripts).toEqual(expect.arrayContaining(ad.js));
    expect(scripts.filter((file) => list.code.includes(file))).toEqual([]);
    expect(await page.getByTestId("ad-price").textContent()).toMatch(/1\s850\s000/);

    // To the list by the breadcrumb: its code arrives with its data, and the filters show.
    await page
      .getByRole("navigation", { name: "Навигационная цепочка" })
      .getByRole("link", { name: "Автомобили" })
      .click();
    await page.getByTestId("filter-panel").waitFor();
    expect(new URL(page.url()).pathname).toBe("/car");
    expect(scripts).toEqual(expect.arrayContaining(list.code));
    await page.goBack();
    await page.getByTestId("ad-price").waitFor();
    expect(new URL(page.url()).pathname).toBe(`/car/${car.id}`);
    expect(errors).toEqual([]);
  });

  test("a car list's first load does not fetch the ad page's code", async ({ page, server }) => {
    const { ad, list } = carPageChunks();
    const scripts = recordScripts(page);
    await visitHydrated(server, page, "/car");
    await page.getByTestId("filter-panel").waitFor();
    expect(scripts).toEqual(expect.arrayContaining(list.js));
    expect(scripts.filter((file) => ad.code.includes(file))).toEqual([]);
  });
});

describe("other ad pages", () => {
  test("[P3] a services ad shows its own fields, a video on request and Service structured data", async ({
    page,
    server,
    createUser,
  }) => {
    const seller = await createUser("seller_e2e");
    const service = await publishAd(server, seller.accessToken, servicesAdBody(await pickCamry(server), []));
    await page.setViewportSize({ width: 390, height: 900 });
    const errors = consoleErrors(page);
    await visitHydrated(server, page, `/uslugi/${service.id}`);
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
  });

  test("[S8.3] an unknown id, or an ad under another vertical's address, is the 404 page", async ({
    page,
    server,
    createUser,
  }) => {
    const seller = await createUser("seller_e2e");
    const car = await plainCar(server, seller);
    const service = await publishAd(server, seller.accessToken, servicesAdBody(await pickCamry(server), []));
    for (const path of ["/car/99999999", `/moto/${car.id}`, `/car/${service.id}`]) {
      const response = await page.goto(server.url + path);
      expect(response?.status(), path).toBe(404);
      expect(await page.getByTestId("error-status").textContent()).toBe("404");
    }
  });

  test("[P4] the owner sees an archived ad with a banner; a guest and another user get 404", async ({
    page,
    browser,
    server,
    createUser,
    signIn,
  }) => {
    const seller = await createUser("seller_e2e");
    const buyer = await createUser("buyer_e2e");
    const archived = await plainCar(server, seller, { price: 990_000 });
    await apiCall(server, "POST", `/api/ads/${archived.id}/archive`, undefined, seller.accessToken);
    const errors = consoleErrors(page);
    await signIn(seller);
    const response = await visitHydrated(server, page, `/car/${archived.id}`);
    expect(response?.status()).toBe(200);
    expect(await page.getByTestId("ad-status").textContent()).toContain("В архиве");
    expect(await page.getByTestId("ad-edit").count()).toBe(1);
    // The session is restored in the browser too (no refused refresh).
    await poll(() => page.getByTestId("user-menu").count()).toBe(1);
    expect(errors).toEqual([]);

    const guest = await newPage(browser, 1280);
    expect((await guest.page.goto(`${server.url}/car/${archived.id}`))?.status()).toBe(404);
    await guest.context.close();
    const stranger = await newPage(browser, 1280);
    await signInByForm(server, stranger.page, buyer, "/favorites");
    expect((await stranger.page.goto(`${server.url}/car/${archived.id}`))?.status()).toBe(404);
    await stranger.context.close();
  });
});
