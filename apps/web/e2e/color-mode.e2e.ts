/**
 * The colour mode (spec S4.15–S4.17) in Chromium against the production server: the choice is
 * stored under `unaa-color-mode`, applied before the first paint, and "system" follows the OS.
 */
import type { Browser, Page } from "playwright-core";
import { collectConsoleErrors, describe, expect, test, withPage } from "./fixtures.ts";

const KEY = "unaa-color-mode";

/** A page of a 1280×800 context whose OS prefers `colorScheme`, recording the attribute's values. */
function withSchemePage<T>(
  browser: Browser,
  colorScheme: "light" | "dark",
  run: (page: Page) => Promise<T>,
): Promise<T> {
  return withPage(browser, { viewport: { width: 1280, height: 800 }, colorScheme }, async (page, context) => {
    // Before any page script: remember every value the attribute takes, and its value at the
    // first animation frame (rendering happens right after it, so that is what the first paint shows).
    await context.addInitScript(() => {
      const record = { values: [] as (string | null)[], firstFrame: undefined as string | null | undefined };
      (window as unknown as { __scheme: typeof record }).__scheme = record;
      // The <html> element does not exist yet when this runs: watch the whole document.
      const read = () => document.documentElement?.getAttribute("data-mantine-color-scheme") ?? null;
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          const target = mutation.target as Element;
          if (mutation.type === "attributes" && target === document.documentElement)
            record.values.push(read());
          if (mutation.type === "childList" && [...mutation.addedNodes].includes(document.documentElement))
            record.values.push(read());
        }
      }).observe(document, {
        attributes: true,
        attributeFilter: ["data-mantine-color-scheme"],
        childList: true,
        subtree: true,
      });
      requestAnimationFrame(() => {
        record.firstFrame = read();
      });
    });
    return run(page);
  });
}

function scheme(page: Page): Promise<string | null> {
  return page.locator("html").getAttribute("data-mantine-color-scheme");
}

function stored(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), KEY);
}

function probe(page: Page): Promise<{ values: (string | null)[]; firstFrame: string | null | undefined }> {
  return page.evaluate(() => (window as unknown as { __scheme: never }).__scheme);
}

async function chooseMode(page: Page, mode: "system" | "light" | "dark"): Promise<void> {
  await page.getByTestId("color-mode-switch").click();
  const item = page.locator(`[data-color-mode="${mode}"]`);
  await item.waitFor({ state: "visible" });
  await item.click();
}

describe("colour mode (S4.15–S4.17)", () => {
  test("[S4.15] choosing dark stores 'dark' and survives a reload with no light flash", async ({
    browser,
    server,
  }) => {
    await withSchemePage(browser, "light", async (page) => {
      await page.goto(`${server.url}/about`, { waitUntil: "networkidle" });
      expect(await scheme(page)).toBe("light");
      expect(await stored(page)).toBeNull();

      await chooseMode(page, "dark");
      await expect.poll(() => scheme(page)).toBe("dark");
      expect(await stored(page)).toBe("dark");
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

      await page.reload({ waitUntil: "networkidle" });
      const first = await probe(page);
      // The server sends no preference (it cannot know it); the inline head script applies it.
      expect(first.values[0]).not.toBe("dark");
      expect(first.firstFrame).toBe("dark");
      // Once dark, it never went back to light (no flash while the app starts).
      const fromDark = first.values.slice(first.values.indexOf("dark"));
      expect(
        fromDark.every((value) => value === "dark"),
        JSON.stringify(first.values),
      ).toBe(true);
      expect(await scheme(page)).toBe("dark");
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
    });
  });

  test("[S4.15] a page with a stored light or dark mode hydrates without errors", async ({
    browser,
    server,
  }) => {
    for (const mode of ["dark", "light"] as const) {
      await withSchemePage(browser, "light", async (page) => {
        await page.goto(`${server.url}/about`, { waitUntil: "networkidle" });
        await chooseMode(page, mode);
        await expect.poll(() => stored(page)).toBe(mode);
        // A hydration mismatch makes React throw the server HTML away and render it all again.
        const errors = collectConsoleErrors(page);
        await page.reload({ waitUntil: "networkidle" });
        expect(await scheme(page)).toBe(mode);
        expect(errors, `stored ${mode}`).toEqual([]);
      });
    }
  });

  test("[S4.15] the stored mode is applied before any app script runs", async ({ browser, server }) => {
    await withSchemePage(browser, "light", async (page) => {
      await page.goto(`${server.url}/faq`, { waitUntil: "networkidle" });
      await chooseMode(page, "dark");
      await expect.poll(() => stored(page)).toBe("dark");
      // Without the app's JavaScript only the inline head script can set the mode.
      await page.route("**/assets/*.js", (route) => route.abort());
      await page.reload({ waitUntil: "load" });
      expect(await scheme(page)).toBe("dark");
      expect((await probe(page)).firstFrame).toBe("dark");
    });
  });

  test("[S4.15] light overrides a dark operating system, also on the first paint", async ({
    browser,
    server,
  }) => {
    await withSchemePage(browser, "dark", async (page) => {
      await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
      expect(await scheme(page)).toBe("dark");
      await chooseMode(page, "light");
      await expect.poll(() => scheme(page)).toBe("light");
      expect(await stored(page)).toBe("light");
      await page.reload({ waitUntil: "networkidle" });
      expect((await probe(page)).firstFrame).toBe("light");
      expect(await scheme(page)).toBe("light");
    });
  });

  test("[S4.16] system follows the operating system, live", async ({ browser, server }) => {
    await withSchemePage(browser, "dark", async (page) => {
      await page.goto(`${server.url}/contact`, { waitUntil: "networkidle" });
      // No choice yet: the operating system decides, from the first paint on.
      expect((await probe(page)).firstFrame).toBe("dark");
      expect(await scheme(page)).toBe("dark");

      await chooseMode(page, "light");
      await expect.poll(() => scheme(page)).toBe("light");
      await chooseMode(page, "system");
      await expect.poll(() => scheme(page)).toBe("dark");
      expect(await stored(page)).toBe("system");

      await page.emulateMedia({ colorScheme: "light" });
      await expect.poll(() => scheme(page)).toBe("light");
      await page.emulateMedia({ colorScheme: "dark" });
      await expect.poll(() => scheme(page)).toBe("dark");

      // After a reload "system" still follows the OS, from the first paint on.
      await page.emulateMedia({ colorScheme: "light" });
      await page.reload({ waitUntil: "networkidle" });
      expect((await probe(page)).firstFrame).toBe("light");
      expect(await scheme(page)).toBe("light");
      expect(await stored(page)).toBe("system");
    });
  });

  test("[S4.16] a fixed choice ignores operating system changes", async ({ browser, server }) => {
    await withSchemePage(browser, "light", async (page) => {
      await page.goto(`${server.url}/about`, { waitUntil: "networkidle" });
      await chooseMode(page, "dark");
      await expect.poll(() => scheme(page)).toBe("dark");
      await page.emulateMedia({ colorScheme: "dark" });
      await page.emulateMedia({ colorScheme: "light" });
      await page.waitForTimeout(200);
      expect(await scheme(page)).toBe("dark");
    });
  });

  // S4.17 (a page forcing a colour mode, "system" refused with a warning): no route of the app
  // forces a mode yet (no route handle sets `colorMode`), so nothing in the browser can show it;
  // the unit tests of lib/color-mode.ts cover forcedColorMode until a page uses it.
});
