import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";

const [out, ...paths] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const width of [390, 1280]) {
  for (const colorScheme of ["light", "dark"]) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      colorScheme,
      reducedMotion: "reduce",
    });
    const login = await context.request.post("http://localhost:3999/api/auth/sign-in", {
      data: {
        login: "admin@demo.unaa.kg",
        password: "unaa-demo-2025",
        device: { type: "desktop", label: "Shots" },
        source: "shots",
      },
    });
    if (!login.ok()) throw new Error("login " + login.status());
    const page = await context.newPage();
    for (const p of paths) {
      await page.goto("http://localhost:3999" + p, { waitUntil: "networkidle" });
      await page.addStyleTag({
        content:
          "*,*::before,*::after{transition:none!important;animation:none!important;caret-color:transparent!important}",
      });
      await page.waitForTimeout(300);
      await page.screenshot({
        path: `${out}/${p.replace(/[/?=&]/g, "_")}-${width}-${colorScheme}.png`,
        fullPage: true,
      });
    }
    await context.close();
  }
}
await browser.close();
