import { existsSync } from "node:fs";
import type { LaunchOptions, Page } from "playwright-core";

/**
 * Debian's Chromium (never a downloaded browser), headless, with no background network. Its headless
 * shell (`chromium-headless-shell`, the same engine without the browser's UI layer, what Playwright
 * itself runs headless) when installed: it spends far less CPU per page than the full browser in
 * headless mode, and the browser tests are mostly CPU on two cores.
 */
export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/lib/chromium/chromium-headless-shell",
    "/usr/lib/chromium/chromium",
    "/usr/bin/chromium",
  ];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error("Chromium not found: apt-get install chromium (or set CHROMIUM_PATH)");
  return found;
}

export function launchOptions(): LaunchOptions {
  return {
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      "--disable-quic",
      // V8 interprets the tests' pages and does not compile them further: each page lives for seconds,
      // and the optimizing compilers cost more CPU than they save (measured on two cores: renderer
      // CPU 71 → 57 s for five files, the accessibility checks 49.7 → 38.9 s).
      "--js-flags=--no-opt --no-maglev --no-sparkplug",
    ],
  };
}

/** Console errors of a page, except the browser's own "Failed to load resource" lines for 404s. */
export function collectConsoleErrors(page: Page, allow: RegExp[] = []): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    if (/^Failed to load resource: the server responded with a status of 404/.test(text)) return;
    if (allow.some((pattern) => pattern.test(text))) return;
    errors.push(text);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** The document (full page) loads of the page's main frame, in order: first load and every reload. */
export function recordDocumentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document" && request.frame() === page.mainFrame())
      loads.push(request.url());
  });
  return loads;
}

/**
 * Holds a page's requests to `url` as a slow network would: each waits until the test lets through
 * the requests held so far (`releaseHeld`, later ones wait for the next call) or all of them from
 * then on (`release`). `held` and `served` count them.
 */
export async function holdRequests(page: Page, url: RegExp) {
  const gate = () => {
    let open = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { open, opened };
  };
  let current = gate();
  let holding = true;
  const counts = { held: 0, served: 0 };
  await page.route(url, async (route) => {
    counts.held += 1;
    if (holding) await current.opened;
    await route.continue();
    counts.served += 1;
  });
  return {
    held: () => counts.held,
    served: () => counts.served,
    releaseHeld() {
      const passing = current;
      current = gate();
      passing.open();
    },
    release() {
      holding = false;
      current.open();
    },
  };
}
