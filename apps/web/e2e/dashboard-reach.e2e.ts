/**
 * Broadcasts and banners in the browser (issue 17, decisions 070 and 071): an editor sends a
 * broadcast to everyone and a user reads it in the notification centre in their own language; an
 * editor creates a home-page banner, the home page shows it with its label, and a click counts.
 *
 * Its own server: the demo admin (`signInStaff`) gives the editor role; the broadcast and the banner
 * are no other file's business.
 */
import type { Page } from "playwright-core";
import sharp from "sharp";
import { apiCall, type SeededUser, signInStaff, signUpByPhone } from "./ad-seed.ts";
import { collectConsoleErrors } from "./browser.ts";
import {
  describe,
  expect,
  openPage,
  poll,
  signedInPage,
  startOwnServer,
  test,
  uniqueName,
  waitForHydration,
} from "./fixtures.ts";

describe("dashboard: broadcasts and banners", () => {
  test("[S2.8] an editor's broadcast reaches a user in their language; an editor's banner shows on the home page and counts a click", {
    timeout: 180_000,
  }, async ({ browser }) => {
    const server = await startOwnServer();
    try {
      const editor = await signUpByPhone(server, uniqueName("reach_editor"));
      const admin = await signInStaff(server, "admin");
      const reader = await signUpByPhone(server, uniqueName("reach_reader"));
      await apiCall(
        server,
        "PUT",
        `/api/dashboard/users/${editor.userId}/roles`,
        { roles: ["editor"] },
        admin.accessToken,
      );
      // The reader uses the site in Kyrgyz.
      await apiCall(server, "PATCH", "/api/user/locale", { locale: "ky" }, reader.accessToken);

      const pageOf = (user: SeededUser) => signedInPage(browser, server, user);
      const open = (page: Page, target: string) => openPage(page, server, target);

      // The editor writes the broadcast in three languages, previews it and sends it.
      const staff = await pageOf(editor);
      await open(staff.page, "/dashboard/notification");
      await poll(() => staff.page.getByTestId("broadcasts-empty").count()).toBe(1);
      const texts = {
        ky: ["Жаңы бөлүм", "Сайтта мотоциклдер бөлүмү ачылды"],
        ru: ["Новый раздел", "На сайте открыт раздел мотоциклов"],
        en: ["A new section", "The site has opened a motorcycle section"],
      } as const;
      for (const [language, [title, text]] of Object.entries(texts)) {
        await staff.page.getByTestId(`broadcast-title-${language}`).fill(title);
        await staff.page.getByTestId(`broadcast-text-${language}`).fill(text);
      }
      await staff.page.getByTestId("broadcast-link").fill("/moto");
      await staff.page.getByTestId("broadcast-preview").click();
      await poll(() => staff.page.getByTestId("broadcast-preview-result").count()).toBe(1);
      // Everyone: the four demo accounts every test database holds, the editor and the reader.
      expect(await staff.page.getByTestId("broadcast-recipients").textContent()).toMatch(
        /Получ.+ 6 аккаунтов/,
      );
      expect(await staff.page.getByTestId("broadcast-preview-result").textContent()).toContain(
        "Сайтта мотоциклдер бөлүмү ачылды",
      );
      await staff.page.getByTestId("broadcast-send").click();
      const row = staff.page.getByTestId("broadcasts-table").locator("tbody tr").first();
      await poll(() => row.getByTestId("broadcast-status").textContent()).toBe("Отправлена");
      expect(await row.textContent()).toContain("6 / 6");
      expect(await row.textContent()).toContain(editor.username);

      // The reader finds it in the notification centre, in Kyrgyz.
      const side = await pageOf(reader);
      await open(side.page, "/ky/favorites");
      const bell = side.page.getByTestId("header-notifications");
      await poll(() => bell.getAttribute("data-unread")).toBe("1");
      await bell.click();
      const item = side.page.getByTestId("notifications-panel").getByTestId("notification-item").first();
      await item.waitFor();
      expect(await item.textContent()).toContain("Жаңы бөлүм");
      expect(await item.textContent()).not.toContain("Новый раздел");

      // Without a campaign the home page keeps no room for a banner (nothing to collapse later).
      const homeBefore = await fetch(`${server.url}/?before=banner`);
      expect(homeBefore.status).toBe(200);
      expect(await homeBefore.text()).not.toContain("banner-slot-home-top");

      // The editor creates a home-page banner.
      const image = await sharp({ create: { width: 1600, height: 400, channels: 3, background: "#d9480f" } })
        .png()
        .toBuffer();
      await open(staff.page, "/dashboard/advertising");
      await poll(() => staff.page.getByTestId("banners-empty").count()).toBe(1);
      await staff.page.getByTestId("banner-new").click();
      await staff.page.getByTestId("banner-title").fill("Весенние шины");
      const chooser = staff.page.waitForEvent("filechooser");
      await staff.page.getByRole("button", { name: "Загрузить картинку" }).click();
      await (await chooser).setFiles({ name: "tyres.png", mimeType: "image/png", buffer: image });
      await staff.page.getByTestId("banner-image-preview").waitFor();
      await staff.page.getByTestId("banner-link").fill("/moto");
      await staff.page.getByTestId("banner-save").click();
      const bannerRow = staff.page.getByTestId("banners-table").locator("tbody tr").first();
      await bannerRow.waitFor();
      expect(await bannerRow.textContent()).toContain("Весенние шины");

      // The home page shows it with its label; the impression and a click are counted.
      const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const home = await visitor.newPage();
      const homeErrors = collectConsoleErrors(home);
      await home.goto(`${server.url}/`, { waitUntil: "networkidle" });
      await waitForHydration(home);
      const slot = home.getByTestId("banner-slot-home-top");
      await slot.getByTestId("banner-link").waitFor();
      expect(await slot.getByTestId("banner-label").textContent()).toBe("Реклама");
      expect(await slot.getByRole("img").getAttribute("alt")).toBe("Весенние шины");
      await slot.getByTestId("banner-link").click();
      await home.waitForURL(`${server.url}/moto`);

      await poll(async () => {
        await open(staff.page, "/dashboard/advertising");
        return [
          await bannerRow.getByTestId("banner-impressions").textContent(),
          await bannerRow.getByTestId("banner-clicks").textContent(),
        ];
      }).toEqual(["1", "1"]);

      expect([...staff.errors, ...side.errors, ...homeErrors]).toEqual([]);
      await visitor.close();
      for (const context of [staff, side]) await context.page.context().close();
    } finally {
      await server.stop();
    }
  });
});
