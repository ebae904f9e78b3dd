// Screenshots of pages at phone and desktop widths, light and dark: `npm run screenshots -- /path ...`
// against a running server (BASE_URL, default http://localhost:3000). Files go to ./screenshots.
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { launchOptions } from "../apps/web/e2e/browser.ts";

const baseUrl = process.env.BASE_URL ?? "http://localhost:3000";
const paths = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
const widths = [390, 1280];
const schemes = ["light", "dark"] as const;

mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch(launchOptions());
for (const path of paths.length ? paths : ["/"]) {
  for (const width of widths) {
    for (const colorScheme of schemes) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme });
      await page.goto(baseUrl + path, { waitUntil: "networkidle" });
      const name = `${path.replace(/[^a-z0-9]+/gi, "_") || "home"}-${width}-${colorScheme}.png`;
      await page.screenshot({ path: `screenshots/${name}`, fullPage: true });
      await page.close();
      console.info(`screenshots/${name}`);
    }
  }
}
await browser.close();
