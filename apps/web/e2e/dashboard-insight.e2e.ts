/**
 * Dashboard → settings in the browser (issue 17, decision 069): an admin changes a setting and finds
 * it in the history with the value before and after; a moderator gets the 404 page for settings.
 *
 * Its own server: the demo admin (`signInStaff`) changes a site setting no other file should see.
 */
import type { Page } from "playwright-core";
import { type SeededUser, signInStaff } from "./ad-seed.ts";
import { describe, expect, openPage, poll, signedInPage, startOwnServer, test } from "./fixtures.ts";

describe("dashboard: settings", () => {
  test("[S2.8] an admin changes the ad lifetime and it appears in the history with before/after; a moderator gets the 404 page", {
    timeout: 180_000,
  }, async ({ browser }) => {
    const server = await startOwnServer();
    try {
      const admin = await signInStaff(server, "admin");
      const moderator = await signInStaff(server, "moderator");

      const pageOf = (user: SeededUser) =>
        signedInPage(browser, server, user, [/status of 400/, /status of 404/]);
      const open = (page: Page, target: string) => openPage(page, server, target);

      const adminSide = await pageOf(admin);
      await open(adminSide.page, "/dashboard/settings");
      const card = adminSide.page.getByTestId("setting-adLifetimeDays");
      await card.waitFor();
      expect(await card.textContent()).toContain("Срок объявления, дней");
      const input = card.getByRole("textbox");
      expect(await input.inputValue()).toBe("30");
      // Out of range: the server's field error beside the field, nothing saved.
      await input.fill("400");
      await adminSide.page.getByTestId("save-adLifetimeDays").click();
      await poll(() => card.getByText("365", { exact: false }).count()).toBeGreaterThan(0);
      await input.fill("45");
      await adminSide.page.getByTestId("save-adLifetimeDays").click();
      await poll(() =>
        adminSide.page.getByTestId("toast").filter({ hasText: "Настройка сохранена" }).count(),
      ).toBe(1);

      await open(adminSide.page, "/dashboard/history?action=setting.change");
      const entry = adminSide.page.getByTestId("history-entry").first();
      await poll(() => entry.getAttribute("data-action")).toBe("setting.change");
      const text = (await entry.textContent()) ?? "";
      expect(text).toContain("adLifetimeDays");
      expect(text).toContain("value: 30");
      expect(text).toContain("value: 45");
      expect(await adminSide.page.getByTestId("history-entry").count()).toBe(1);

      const mod = await pageOf(moderator);
      expect((await open(mod.page, "/dashboard/settings"))?.status()).toBe(404);
      expect(await mod.page.getByTestId("error-status").textContent()).toBe("404");

      expect([...adminSide.errors, ...mod.errors]).toEqual([]);
      for (const side of [adminSide, mod]) await side.page.context().close();
    } finally {
      await server.stop();
    }
  });
});
