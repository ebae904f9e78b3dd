/**
 * The error page (spec S2.10, S2.18–S2.21, S8.3) in Chromium against the production server: the
 * 404 page at phone and desktop widths in the three languages, errors thrown while navigating, and
 * leaving the fatal error page (a 403, a chunk that failed twice) by a link.
 */
import type { Page } from "playwright-core";
import {
  collectConsoleErrors,
  describe,
  expect,
  type SharedServer,
  test,
  waitForHydration,
  withPage,
} from "./fixtures.ts";

/** A page width × 844. */
const viewport = (width: number) => ({ viewport: { width, height: 844 } });

function pixels(value: string): number {
  return Number.parseFloat(value.replace("px", ""));
}

const homeLabels = [
  { prefix: "", home: "/", label: "Главная" },
  { prefix: "/ky", home: "/ky", label: "Башкы бет" },
  { prefix: "/en", home: "/en", label: "Home" },
];

describe("the 404 page (S2.10, S2.18–S2.20, S8.3)", () => {
  for (const width of [390, 1280]) {
    for (const { prefix, home, label } of homeLabels) {
      const path = `${prefix}/nope`;
      test(`[S2.18][S2.20][S8.3] ${path} at ${width} px: big 404, message, link and full-width button home`, async ({
        browser,
        server,
      }) => {
        await withPage(browser, viewport(width), async (page) => {
          const errors = collectConsoleErrors(page);
          const response = await page.goto(server.url + path, { waitUntil: "networkidle" });
          expect(response?.status()).toBe(404);
          const errorPage = page.getByTestId("error-page");
          expect(await errorPage.isVisible()).toBe(true);

          // S2.18: a large status code.
          const status = page.getByTestId("error-status");
          expect(await status.textContent()).toBe("404");
          expect(await status.isVisible()).toBe(true);
          const message = page.getByTestId("error-message");
          const statusSize = pixels(await status.evaluate((element) => getComputedStyle(element).fontSize));
          const messageSize = pixels(await message.evaluate((element) => getComputedStyle(element).fontSize));
          expect(statusSize).toBeGreaterThanOrEqual(64);
          expect(statusSize).toBeGreaterThanOrEqual(3 * messageSize);

          // S8.3: the not-found message names the path.
          expect(await message.textContent()).toBe(`Page Not Found: ${path}`);

          // S2.20: a link to the home page…
          const links = errorPage.locator(`a[href="${home}"]`);
          expect(await links.count()).toBeGreaterThanOrEqual(2);
          // …and a full-width button to it labelled with the index page's title.
          const button = page.getByTestId("error-home");
          expect(await button.getAttribute("href")).toBe(home);
          expect(((await button.textContent()) ?? "").trim()).toBe(label);
          const buttonBox = await button.boundingBox();
          const columnBox = await button.evaluate((element) => {
            const parent = element.parentElement as HTMLElement;
            const style = getComputedStyle(parent);
            return {
              width: parent.clientWidth - pixels(style.paddingLeft) - pixels(style.paddingRight),
            };
            function pixels(value: string) {
              return Number.parseFloat(value) || 0;
            }
          });
          expect(buttonBox).not.toBeNull();
          expect(Math.abs((buttonBox?.width ?? 0) - columnBox.width)).toBeLessThanOrEqual(1);
          if (width === 390) expect(buttonBox?.width ?? 0).toBeGreaterThanOrEqual(390 - 2 * 24);
          // Nothing sticks out sideways on a phone.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          expect(errors).toEqual([]);

          // The button leads home, client-side, and the error page is gone.
          await button.click();
          await page.waitForURL(server.url + home);
          await expect.poll(() => page.getByTestId("error-page").count()).toBe(0);
          expect(await page.locator('[data-layout="default"]').isVisible()).toBe(true);
          expect(await page.title()).toBe(`${label} · Unaa`);
        });
      });
    }
  }
});

describe("errors thrown while navigating (S2.18, S2.19, S2.21)", () => {
  /**
   * Opens /catalog/toyota/camry, answers the client navigation's data request for /catalog/toyota
   * (the breadcrumb link) with `answer`, clicks the breadcrumb and returns the page.
   */
  async function navigateIntoError(
    server: SharedServer,
    page: Page,
    answer: { status: number; contentType: string; body: string },
    from = "/en/catalog/toyota/camry",
    linkSelector = 'main a[href="/en/catalog/toyota"]',
    dataPattern = "**/en/catalog/toyota.data*",
  ): Promise<void> {
    await page.route(dataPattern, (route) => route.fulfill(answer));
    await page.goto(server.url + from, { waitUntil: "networkidle" });
    const dataRequest = page.waitForRequest((request) => request.url().includes(".data"));
    await page.locator(linkSelector).first().click();
    await dataRequest;
  }

  test("[S2.21][S2.18] an unhandled error without a status renders the error page with 500 and its message", async ({
    browser,
    server,
  }) => {
    await withPage(browser, viewport(1280), async (page) => {
      // A 200 answer the router cannot decode: the router throws a plain Error (no status).
      await navigateIntoError(server, page, {
        status: 200,
        contentType: "text/x-script",
        body: "not a turbo stream",
      });
      await expect.poll(() => page.getByTestId("error-page").isVisible()).toBe(true);
      expect(await page.getByTestId("error-status").textContent()).toBe("500");
      // S2.19: the error's own message.
      const message = (await page.getByTestId("error-message").textContent()) ?? "";
      expect(message.length).toBeGreaterThan(0);
      expect(message).not.toBe("Unaa");
      expect(await page.locator('[data-layout="default"]').isVisible()).toBe(true);
      expect(await page.getByTestId("error-home").getAttribute("href")).toBe("/en");
    });
  });

  test("[S2.21][S2.19] a server error with its own text shows that status and text", async ({
    browser,
    server,
  }) => {
    await withPage(browser, viewport(1280), async (page) => {
      await navigateIntoError(server, page, {
        status: 500,
        contentType: "text/plain",
        body: "Database is on fire",
      });
      await expect.poll(() => page.getByTestId("error-page").isVisible()).toBe(true);
      expect(await page.getByTestId("error-status").textContent()).toBe("500");
      expect(await page.getByTestId("error-message").textContent()).toBe("Database is on fire");
    });
  });

  test("[S2.19] without a message the text is the translation error.{status}", async ({
    browser,
    server,
  }) => {
    await withPage(browser, viewport(1280), async (page) => {
      await navigateIntoError(server, page, { status: 503, contentType: "text/plain", body: "" });
      await expect.poll(() => page.getByTestId("error-page").isVisible()).toBe(true);
      expect(await page.getByTestId("error-status").textContent()).toBe("503");
      expect(await page.getByTestId("error-message").textContent()).toBe(
        "The service is temporarily unavailable",
      );
    });
  });

  test("[S2.19] without a message or a translation the text is the site name", async ({
    browser,
    server,
  }) => {
    await withPage(browser, viewport(1280), async (page) => {
      await navigateIntoError(server, page, { status: 418, contentType: "text/plain", body: "" });
      await expect.poll(() => page.getByTestId("error-page").isVisible()).toBe(true);
      expect(await page.getByTestId("error-status").textContent()).toBe("418");
      expect(await page.getByTestId("error-message").textContent()).toBe("Unaa");
    });
  });

  test("[S2.21] a server error while opening /car from the footer renders the error page", async ({
    browser,
    server,
  }) => {
    await withPage(browser, viewport(1280), async (page) => {
      await navigateIntoError(
        server,
        page,
        { status: 500, contentType: "text/plain", body: "Upstream failed" },
        "/about",
        'footer a[href="/car"]',
        "**/car.data*",
      );
      await expect.poll(() => page.getByTestId("error-page").count(), { timeout: 3000 }).toBe(1);
      expect(await page.getByTestId("error-status").textContent()).toBe("500");
      expect(await page.getByTestId("error-message").textContent()).toBe("Upstream failed");
    });
  });

  // The blocked page (S4.6, S6.4) appears when an API call answers 403: proven end to end with a
  // real blocked account in accounts.e2e.ts, and by the HTTP client's unit tests.
});

describe("leaving the fatal error page (S2.21, S4.6, S4.20)", () => {
  const HOME_TITLE = "Авто, мото, спецтехника и услуги в Кыргызстане";
  const CARS_TITLE = "Продажа автомобилей в Кыргызстане";
  // A list page takes a while to render on a busy machine.
  const pageLoad = { timeout: 10_000 };

  test("[S2.21][S4.6] after a 403 on an API call, Home and the header's links show their pages; the session stays cleared", async ({
    browser,
    server,
    createUser,
    signIn,
  }) => {
    const user = await createUser("fatal_403");
    await withPage(browser, viewport(1280), async (page) => {
      await signIn(user, page);
      await page.goto(`${server.url}/settings`, { waitUntil: "networkidle" });
      await expect.poll(() => page.getByTestId("user-menu").count()).toBe(1);
      // The account was blocked meanwhile: the next call answers 403.
      await page.route("**/api/auth/token", (route) =>
        route.fulfill({
          status: 403,
          json: { code: "BLOCKED", message: "Вы были заблокированы, обратитесь к администрации сайта." },
        }),
      );
      await page.getByTestId("settings-card-sessions").click();
      await expect.poll(() => page.getByTestId("error-status").textContent()).toBe("403");
      expect(await page.getByTestId("error-message").textContent()).toBe(
        "Вы были заблокированы, обратитесь к администрации сайта.",
      );

      await page.getByTestId("error-home").click();
      await page.waitForURL(`${server.url}/`);
      await expect.poll(() => page.locator("main h1").textContent(), pageLoad).toBe(HOME_TITLE);
      expect(await page.getByTestId("error-page").count()).toBe(0);

      await page.locator('header a[href="/car"]').first().click();
      await page.waitForURL(`${server.url}/car`);
      await expect.poll(() => page.locator("main h1").textContent(), pageLoad).toBe(CARS_TITLE);
      expect(await page.getByTestId("error-page").count()).toBe(0);
      // Signed out for good: a guest's header, and a private page asks to sign in.
      expect(await page.getByTestId("user-menu").count()).toBe(0);
      expect(await page.getByTestId("sign-in").count()).toBe(1);
      await page.locator('header a[href="/create"]').first().click();
      await page.waitForURL(`${server.url}/login?redirect=${encodeURIComponent("/create")}`);
    });
  });

  test("[S2.21][S4.20] after a chunk failed twice, a header link and Home show their pages", async ({
    browser,
    server,
  }) => {
    await withPage(browser, viewport(1280), async (page) => {
      // This tab reloaded for /about a moment ago, and its chunk is still missing.
      await page.addInitScript(() =>
        sessionStorage.setItem("unaa-chunk-reload", JSON.stringify({ "/about": Date.now() })),
      );
      await page.goto(`${server.url}/faq`, { waitUntil: "networkidle" });
      await waitForHydration(page);
      await page.route("**/assets/about-*.js", (route) => route.abort());
      await page.locator('footer a[href="/about"]:not([hreflang])').click();
      await expect.poll(() => page.getByTestId("error-page").count()).toBe(1);
      expect(await page.getByTestId("error-status").textContent()).toBe("500");

      await page.locator('header a[href="/car"]').first().click();
      await page.waitForURL(`${server.url}/car`);
      await expect.poll(() => page.locator("main h1").textContent(), pageLoad).toBe(CARS_TITLE);
      expect(await page.getByTestId("error-page").count()).toBe(0);

      // Once more, then home by the error page's own button.
      await page.locator('footer a[href="/about"]:not([hreflang])').click();
      await expect.poll(() => page.getByTestId("error-page").count()).toBe(1);
      await page.getByTestId("error-home").click();
      await page.waitForURL(`${server.url}/`);
      await expect.poll(() => page.locator("main h1").textContent(), pageLoad).toBe(HOME_TITLE);
      expect(await page.getByTestId("error-page").count()).toBe(0);
    });
  });
});
