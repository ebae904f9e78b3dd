// Screenshots of pages at phone and desktop widths, light and dark, in each language:
// `npm run screenshots -- /path ...` against a running server (BASE_URL, default
// http://localhost:3000). Files go to SCREENSHOTS_DIR (default ./screenshots), named after the path,
// language, width and colour scheme. SCREENSHOTS_LOGIN=login:password signs in first (the create form).
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { launchOptions } from "../apps/web/e2e/browser.ts";

const baseUrl = process.env.BASE_URL ?? "http://localhost:3000";
const outDir = process.env.SCREENSHOTS_DIR ?? "screenshots";
const login = process.env.SCREENSHOTS_LOGIN;
const paths = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
const locales = ["ru", "ky", "en"] as const;
const widths = [390, 1280];
const schemes = ["light", "dark"] as const;

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(launchOptions());
for (const colorScheme of schemes) {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
    if (login) {
      const [name, password] = [
        login.slice(0, login.lastIndexOf(":")),
        login.slice(login.lastIndexOf(":") + 1),
      ];
      const answer = await context.request.post(`${baseUrl}/api/auth/sign-in`, {
        data: {
          login: name,
          password,
          device: { type: "desktop", label: "Screenshots" },
          source: "screenshots",
        },
      });
      if (!answer.ok()) throw new Error(`sign-in answered ${answer.status()}`);
    }
    for (const path of paths.length ? paths : ["/"]) {
      for (const locale of locales) {
        // Russian is the unprefixed default; the others live under /ky and /en.
        const localized = locale === "ru" ? path : `/${locale}${path === "/" ? "" : path}`;
        const page = await context.newPage();
        await page.goto(baseUrl + localized, { waitUntil: "networkidle" });
        const slug = path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home";
        const file = `${outDir}/${slug}-${locale}-${width}-${colorScheme}.png`;
        await page.screenshot({ path: file, fullPage: true });
        await page.close();
        console.info(file);
      }
    }
    await context.close();
  }
}
await browser.close();
