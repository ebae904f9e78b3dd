/**
 * Client-side navigation in Chromium against the production server: scrolling (S2.11), route
 * preloads (S2.12), the chunk-load reload guard (S4.20) and the new-build reload (S4.19).
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import {
  collectConsoleErrors,
  describe,
  expect,
  recordDocumentLoads,
  test,
  waitForHydration,
  withPage,
} from "./fixtures.ts";

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const mainTop = (page: Page) =>
  page.evaluate(() => Math.round(document.getElementById("main")?.getBoundingClientRect().top ?? Number.NaN));

async function scrollToBottom(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
  return scrollY(page);
}

describe("scrolling on navigation (S2.11)", () => {
  test("[S2.11] a client-side navigation scrolls to the top", async ({ browser, server }) => {
    await withPage(browser, { viewport: { width: 1280, height: 400 } }, async (page) => {
      const loads = recordDocumentLoads(page);
      await page.goto(`${server.url}/faq`, { waitUntil: "networkidle" });
      await scrollToBottom(page);
      await page.locator('footer a[href="/about"]:not([hreflang])').click();
      await page.waitForURL(`${server.url}/about`);
      await expect.poll(() => page.locator("main h1").textContent()).toBe("О проекте");
      await expect.poll(() => scrollY(page)).toBe(0);
      expect(loads).toHaveLength(1);
    });
  });

  test("[S2.11] opening an address with a hash scrolls to that element", async ({ browser, server }) => {
    await withPage(browser, { viewport: { width: 1280, height: 400 } }, async (page) => {
      await page.goto(`${server.url}/faq#main`, { waitUntil: "networkidle" });
      await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
      await expect.poll(() => mainTop(page)).toBe(0);
    });
  });

  test("[S2.11] a client-side link with a hash scrolls to that element, not to the top", async ({
    browser,
    server,
  }) => {
    await withPage(browser, { viewport: { width: 1280, height: 400 } }, async (page) => {
      const loads = recordDocumentLoads(page);
      await page.goto(`${server.url}/faq#main`, { waitUntil: "networkidle" });
      const bottom = await scrollToBottom(page);
      // The language switch links to the same page in another language, hash included.
      await page.getByTestId("language-switch").click();
      const english = page.locator('[data-locale="en"]');
      await english.waitFor({ state: "visible" });
      expect(await english.getAttribute("href")).toBe("/en/faq#main");
      await english.click();
      await page.waitForURL(`${server.url}/en/faq#main`);
      await expect.poll(() => page.locator("main h1").textContent()).toBe("FAQ");
      await expect.poll(() => mainTop(page)).toBe(0);
      const y = await scrollY(page);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(bottom);
      expect(loads).toHaveLength(1);
    });
  });
});

describe("route preloads (S2.12)", () => {
  test("[S2.12] hovering links preloads their route modules, never more than 5 at once", async ({
    browser,
    server,
  }) => {
    await withPage(browser, { viewport: { width: 1280, height: 800 } }, async (page) => {
      const errors = collectConsoleErrors(page);
      await page.goto(`${server.url}/about`, { waitUntil: "networkidle" });

      // From now on every module request is held for a while, so the preloads overlap.
      const inFlight = new Set<string>();
      const requested: string[] = [];
      let maxInFlight = 0;
      let lastAnswerAt = 0;
      await page.route("**/assets/*.js", async (route) => {
        const url = route.request().url();
        requested.push(url);
        inFlight.add(url);
        maxInFlight = Math.max(maxInFlight, inFlight.size);
        await new Promise((resolve) => setTimeout(resolve, 500));
        inFlight.delete(url);
        lastAnswerAt = Date.now();
        await route.continue();
      });

      const links = page.locator('footer a[href^="/"]:not([hreflang])');
      const count = await links.count();
      expect(count).toBeGreaterThanOrEqual(10);
      for (let index = 0; index < count; index++) await links.nth(index).hover();

      // Wait until every preload has been answered (the faq page's module among them: it is the one
      // opened below). Between two batches nothing is in flight for a moment, so "nothing in flight"
      // must have lasted a while (far longer than that moment, shorter than the hold). About 70
      // modules held 0.5 s each, 5 at a time, take about 7 s.
      const isFaqModule = (url: string) => /\/faq-[^/]*\.js$/.test(url);
      await expect
        .poll(() => requested.some(isFaqModule) && inFlight.size === 0 && Date.now() - lastAnswerAt > 400, {
          timeout: 40_000,
        })
        .toBe(true);
      await page.waitForTimeout(300);
      expect(inFlight.size).toBe(0);
      expect(requested.length, requested.join("\n")).toBeGreaterThan(5);
      expect(new Set(requested).size).toBe(requested.length);
      expect(maxInFlight).toBeLessThanOrEqual(5);
      // The preloads do run in parallel, up to the limit.
      expect(maxInFlight).toBe(5);

      // A preloaded page opens without fetching its module again.
      const before = requested.length;
      await page.locator('footer a[href="/faq"]').click();
      await page.waitForURL(`${server.url}/faq`);
      await expect.poll(() => page.locator("main h1").textContent()).toBe("Вопросы и ответы");
      expect(requested.slice(before).filter(isFaqModule)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});

describe("a page's own texts (decision 085)", () => {
  test("a list page's first load fetches no other page's texts; a navigation brings its page's own", async ({
    browser,
    server,
  }) => {
    await withPage(browser, { viewport: { width: 1280, height: 900 } }, async (page) => {
      const loads = recordDocumentLoads(page);
      const scripts: Promise<string>[] = [];
      page.on("response", (response) => {
        if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
      });
      const fetched = async (text: string) =>
        (await Promise.all(scripts)).some((body) => body.includes(text));
      await page.goto(`${server.url}/car`, { waitUntil: "networkidle" });
      await waitForHydration(page);
      // The ad lists' texts came; the contact form's (content) and the dashboard's did not.
      expect(await fetched("Показать ещё")).toBe(true);
      expect(await fetched("Написать нам")).toBe(false);
      expect(await fetched("Только чтение: ваша роль")).toBe(false);

      await page.locator('footer a[href="/contact"]:not([hreflang])').click();
      await page.waitForURL(`${server.url}/contact`);
      await expect.poll(() => page.getByRole("heading", { name: "Написать нам" }).isVisible()).toBe(true);
      expect(await fetched("Написать нам")).toBe(true);
      expect(loads).toHaveLength(1);
    });
  });
});

describe("chunk-load failures (S4.20)", () => {
  /** Aborts the next `times` requests for the about page's module (its route chunk). */
  async function failAboutChunk(
    page: Page,
    times = Number.POSITIVE_INFINITY,
  ): Promise<{ aborted: () => number }> {
    let aborted = 0;
    await page.route("**/assets/about-*.js", (route) => {
      if (aborted >= times) return route.continue();
      aborted++;
      return route.abort();
    });
    return { aborted: () => aborted };
  }

  test("[S4.20] a failed route chunk causes one full reload of the page navigated to", async ({
    browser,
    server,
  }) => {
    await withPage(browser, { viewport: { width: 1280, height: 800 } }, async (page) => {
      const loads = recordDocumentLoads(page);
      await page.goto(`${server.url}/faq`, { waitUntil: "networkidle" });
      await waitForHydration(page);
      // The chunk fails once (a deploy replaced it); the reload brings the new page.
      const chunk = await failAboutChunk(page, 1);

      await page.locator('footer a[href="/about"]:not([hreflang])').click();
      await expect.poll(() => chunk.aborted()).toBe(1);
      await expect.poll(() => loads.length, { timeout: 5000 }).toBe(2);
      expect(loads[1]).toBe(`${server.url}/about`);
      await page.waitForLoadState("networkidle");
      await expect.poll(() => page.locator("main h1").textContent()).toBe("О проекте");
      expect(await page.getByTestId("error-page").count()).toBe(0);
      const guard = await page.evaluate(() =>
        JSON.parse(sessionStorage.getItem("unaa-chunk-reload") ?? "{}"),
      );
      expect(Object.keys(guard)).toEqual(["/about"]);

      // The reloaded page is a working app again (once hydrated): client-side navigation, no reloads.
      await waitForHydration(page);
      await page.locator('footer a[href="/faq"]').click();
      await expect.poll(() => page.locator("main h1").textContent()).toBe("Вопросы и ответы");
      expect(loads).toHaveLength(2);
    });
  });

  test("[S4.20] a second failure on the same path within 10 s does not reload again: the error page shows", async ({
    browser,
    server,
  }) => {
    await withPage(browser, { viewport: { width: 1280, height: 800 } }, async (page) => {
      const loads = recordDocumentLoads(page);
      // This tab reloaded for /about a moment ago (as the test above shows).
      await page.addInitScript(() =>
        sessionStorage.setItem("unaa-chunk-reload", JSON.stringify({ "/about": Date.now() })),
      );
      await page.goto(`${server.url}/faq`, { waitUntil: "networkidle" });
      await waitForHydration(page);
      const chunk = await failAboutChunk(page);

      await page.locator('footer a[href="/about"]:not([hreflang])').click();
      await expect.poll(() => chunk.aborted()).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId("error-page").count()).toBe(1);
      await page.waitForTimeout(1500);
      expect(loads, "no second reload within 10 s").toHaveLength(1);
      expect(await page.getByTestId("error-status").textContent()).toBe("500");
    });
  });
});

describe("new builds (S4.19, S7.30)", () => {
  test("[S4.19][S7.30] a different build id makes the next navigation a full page load", async ({
    browser,
    server,
  }) => {
    await withPage(browser, { viewport: { width: 1280, height: 800 } }, async (page) => {
      const loads = recordDocumentLoads(page);
      const checks: string[] = [];
      await page.route("**/builds/latest.json*", (route) => {
        checks.push(route.request().url());
        return route.fulfill({ json: { id: "a-newer-build", timestamp: Date.now() } });
      });
      await page.clock.install();
      await page.goto(`${server.url}/about`, { waitUntil: "networkidle" });
      const updated = page.evaluate(
        () =>
          new Promise<string>((resolve) =>
            window.addEventListener(
              "unaa:manifest-update",
              (event) => resolve((event as CustomEvent).detail.id),
              {
                once: true,
              },
            ),
          ),
      );
      await page.clock.fastForward(61_000);
      expect(await updated).toBe("a-newer-build");
      expect(checks.length).toBeGreaterThanOrEqual(1);
      expect(new URL(checks[0] ?? "").searchParams.get("t")).toMatch(/^\d+$/);
      expect(loads).toHaveLength(1);

      await page.locator('footer a[href="/faq"]').click();
      await expect.poll(() => loads.length).toBe(2);
      expect(loads[1]).toBe(`${server.url}/faq`);
      await page.waitForLoadState("load");
      expect(await page.locator("main h1").textContent()).toBe("Вопросы и ответы");
    });
  });

  test("[S4.19] a failing version check is ignored", async ({ browser, server }) => {
    await withPage(browser, { viewport: { width: 1280, height: 800 } }, async (page) => {
      const loads = recordDocumentLoads(page);
      let checks = 0;
      await page.route("**/builds/latest.json*", (route) => {
        checks++;
        return route.fulfill({ status: 503, body: "down" });
      });
      await page.clock.install();
      await page.goto(`${server.url}/about`, { waitUntil: "networkidle" });
      await page.clock.fastForward(61_000);
      await expect.poll(() => checks).toBeGreaterThanOrEqual(1);

      await page.locator('footer a[href="/faq"]').click();
      await page.waitForURL(`${server.url}/faq`);
      await expect.poll(() => page.locator("main h1").textContent()).toBe("Вопросы и ответы");
      expect(loads).toHaveLength(1);
      expect(await page.getByTestId("error-page").count()).toBe(0);
      expect(await page.getByTestId("toast").count()).toBe(0);
    });
  });
});

describe("the phone menu (S2.17)", () => {
  test("[S2.17] a signed-in visitor's header fits a 390 px phone in every language, the menu button on screen", async ({
    browser,
    server,
    createUser,
    signIn,
  }) => {
    const user = await createUser("narrow_header");
    await withPage(browser, { viewport: { width: 390, height: 800 } }, async (page) => {
      await signIn(user, page);
      for (const path of ["/", "/ky", "/en"]) {
        await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
        await page.getByTestId("user-menu").waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(390);
        const menu = await page.locator("header button[aria-expanded]").last().boundingBox();
        expect(menu && menu.x + menu.width, path).toBeLessThanOrEqual(390);
      }
    });
  });

  test("[S2.17] loads on the first tap of the burger, lists the verticals and navigates", async ({
    browser,
    server,
  }) => {
    await withPage(browser, { viewport: { width: 390, height: 800 } }, async (page) => {
      const errors = collectConsoleErrors(page);
      const loads = recordDocumentLoads(page);
      await page.goto(`${server.url}/en`, { waitUntil: "networkidle" });
      expect(await page.getByRole("dialog").count()).toBe(0);
      await page.getByRole("button", { name: "Menu" }).click();
      const menu = page.getByRole("dialog");
      await menu.waitFor({ state: "visible" });
      for (const label of ["Cars", "Commercial", "Moto", "Services", "Catalogue"]) {
        expect(await menu.getByRole("link", { name: label, exact: true }).count()).toBe(1);
      }
      // The account links are a chunk of their own, loaded with the drawer (decision 042).
      await menu.getByRole("link", { name: "Sign in", exact: true }).waitFor({ state: "visible" });
      await menu.getByRole("link", { name: "Catalogue", exact: true }).click();
      await page.waitForURL(`${server.url}/en/catalog`);
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      expect(loads).toHaveLength(1);
      expect(errors).toEqual([]);
    });
  });
});

describe("static files", () => {
  test("hashed scripts go out in the build's own brotli or gzip copy, kept a year, varying by Accept-Encoding", async ({
    server,
  }) => {
    const html = await (await fetch(`${server.url}/about`)).text();
    const script = /<link rel="modulepreload" href="(\/assets\/shell-[\w-]+\.js)"/.exec(html)?.[1] ?? "";
    const file = path.resolve(import.meta.dirname, "../build/client", script.slice(1));
    for (const [encoding, copy] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      const response = await fetch(server.url + script, { headers: { "accept-encoding": encoding } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(Number(response.headers.get("content-length"))).toBe(statSync(file + copy).size);
      expect(response.headers.get("vary")).toBe("accept-encoding");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await response.text()).toBe(readFileSync(file, "utf8"));
    }
  });
});
