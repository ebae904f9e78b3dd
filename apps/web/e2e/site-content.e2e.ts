/**
 * Site content in the browser (issue 17 item 6, decision 072): an editor changes a FAQ answer in
 * three languages in the dashboard and every language's /faq shows it, and marks a contact message
 * handled; a guest sends the contact form; the static pages pass axe; the web app manifest and its
 * icons; robots.txt.
 *
 * The FAQ test runs its own server, as the demo editor (`signInStaff`): its edit is no other
 * file's business.
 */
import { apiCall, signInStaff } from "./ad-seed.ts";
import { axeViolations } from "./axe.ts";
import { collectConsoleErrors } from "./browser.ts";
import {
  describe,
  expect,
  poll,
  startOwnServer,
  test,
  uniqueName,
  waitForHydration,
  withPage,
} from "./fixtures.ts";

describe("site content", () => {
  test("[S2.8] an editor edits a FAQ answer in three languages and /ky/faq, /faq, /en/faq show it", {
    timeout: 180_000,
  }, async ({ page, browser }) => {
    const server = await startOwnServer();
    try {
      const editor = await signInStaff(server, "editor");
      const sender = uniqueName("sender");
      await apiCall(server, "POST", "/api/contact", {
        name: sender,
        contact: `${sender}@mail.kg`,
        message: "Please call me about the home-top banner.",
        topic: "home-top",
      });

      const errors = collectConsoleErrors(page);
      const { hostname } = new URL(server.url);
      await page.context().addCookies(editor.cookies.map((cookie) => ({ ...cookie, domain: hostname })));
      await page.goto(`${server.url}/dashboard/content`, { waitUntil: "networkidle" });
      await waitForHydration(page);
      await page.getByTestId("content-tab-faq").click();
      const answers = {
        ky: "Жаңы жооп: каттоо бир мүнөт алат.",
        ru: "Новый ответ: регистрация занимает минуту.",
        en: "A new answer: signing up takes a minute.",
      };
      for (const [locale, text] of Object.entries(answers)) {
        await page.getByTestId(`topics.0.questions.0.answer.${locale}`).fill(text);
      }
      await page.getByTestId("faq-save").click();
      await poll(() => page.getByTestId("faq-save").isDisabled()).toBe(true);

      // The guest's message is in the new ones until it is marked handled.
      await page.getByTestId("content-tab-messages").click();
      const message = page.getByTestId("contact-message").filter({ hasText: sender });
      await poll(() => message.count()).toBe(1);
      await message.getByTestId("message-handle").click();
      await poll(() => message.count()).toBe(0);
      expect(errors).toEqual([]);

      await withPage(browser, { viewport: { width: 390, height: 844 } }, async (guest) => {
        for (const [prefix, text] of [
          ["/ky", answers.ky],
          ["", answers.ru],
          ["/en", answers.en],
        ] as const) {
          await guest.goto(`${server.url}${prefix}/faq`, { waitUntil: "networkidle" });
          await waitForHydration(guest);
          const faq = guest.getByTestId("faq");
          await faq.getByRole("button").first().click();
          await poll(() => faq.getByText(text).isVisible()).toBe(true);
        }
      });
    } finally {
      await server.stop();
    }
  });

  test("[S2.8] a guest sends the contact form and sees the confirmation; a bad contact is a field error", async ({
    page,
    visit,
  }) => {
    const errors = collectConsoleErrors(page);
    await visit("/en/contact");
    await waitForHydration(page);
    await page.getByTestId("contact-name").fill("Aida");
    await page.getByTestId("contact-contact").fill("not a contact");
    await page.getByTestId("contact-message").fill("Where can I see my paid services?");
    await page.getByTestId("contact-send").click();
    await poll(() => page.getByText("Enter an email or a phone number").count()).toBe(1);

    await page.getByTestId("contact-contact").fill(`${uniqueName("aida")}@mail.kg`);
    await page.getByTestId("contact-send").click();
    await poll(() => page.getByTestId("contact-sent").textContent()).toContain("Thank you");
    expect(errors).toEqual([]);
  });

  test("[S2.8] the static pages pass axe (WCAG 2.2 A/AA) at 390 px, light and dark", async ({
    page,
    visit,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const found: string[] = [];
    for (const path of ["/about", "/advert", "/agreement-policy", "/contact", "/ky/faq", "/en/mobile-app"]) {
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        await visit(path);
        await waitForHydration(page);
        found.push(...(await axeViolations(page, `${path} ${colorScheme}`)));
      }
    }
    expect(found).toEqual([]);
  });

  test("[S2.8] offline, a page opens the service worker's offline page", async ({ page, visit, server }) => {
    await visit("/about");
    await waitForHydration(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // Pages and API answers go through untouched: the only cache holds the offline page and its icon.
    await visit("/contact");
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const entries = await Promise.all(
        names.map(async (name) =>
          (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname),
        ),
      );
      return entries.flat().sort();
    });
    expect(cached).toEqual(["/favicon.svg", "/offline.html"]);
    await page.context().setOffline(true);
    try {
      await page.goto(`${server.url}/faq`);
      expect(await page.locator("h1").textContent()).toBe("Нет соединения с интернетом");
    } finally {
      await page.context().setOffline(false);
    }
  });

  test("[S2.8] the web app manifest is served with icons that exist", async ({ server }) => {
    const response = await fetch(`${server.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as {
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest.display).toBe("standalone");
    expect(manifest.start_url).toContain("source=pwa");
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
    for (const icon of manifest.icons) {
      const file = await fetch(`${server.url}${icon.src}`);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get("content-type"), icon.src).toMatch(/^image\//);
    }
    const worker = await fetch(`${server.url}/sw.js`);
    expect(await worker.text()).toContain("/offline.html");
    expect((await fetch(`${server.url}/offline.html`)).status).toBe(200);
  });

  test("[S2.8] robots.txt is text that keeps crawlers out of the dashboard and names the sitemap", async ({
    server,
  }) => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain("Disallow: /dashboard");
    expect(text).toContain("Disallow: /ky/dashboard");
    expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });
});
