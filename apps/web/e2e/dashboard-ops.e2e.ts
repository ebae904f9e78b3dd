/**
 * The dashboard's codes log, code access and regions in the browser (issue 17, decision 067): an
 * admin grants a moderator the codes log, which then appears in the moderator's navigation with
 * full numbers; an editor renames a town in three languages and hides another, and the ad filter's
 * town list follows.
 *
 * Its own server: staff changes here are no other file's business; the demo admin is in every
 * test database (`signInStaff`).
 */
import type { Region } from "@unaa/contracts";
import type { Page } from "playwright-core";
import { apiCall, type SeededUser, signInStaff, signUpByPhone } from "./ad-seed.ts";
import {
  describe,
  expect,
  openPage,
  poll,
  signedInPage,
  startOwnServer,
  test,
  uniqueName,
} from "./fixtures.ts";

describe("dashboard: codes, code access and regions", () => {
  test("[S2.8] a granted moderator reads the codes log in full; an editor's town changes reach the ad filter", {
    timeout: 180_000,
  }, async ({ browser }) => {
    const server = await startOwnServer();
    try {
      const moderator = await signUpByPhone(server, uniqueName("ops_mod"));
      const editor = await signUpByPhone(server, uniqueName("ops_editor"));
      const admin = await signInStaff(server, "admin");
      for (const [user, role] of [
        [moderator, "moderator"],
        [editor, "editor"],
      ] as const) {
        await apiCall(
          server,
          "PUT",
          `/api/dashboard/users/${user.userId}/roles`,
          { roles: [role] },
          admin.accessToken,
        );
      }

      const pageOf = (user: SeededUser) => signedInPage(browser, server, user, [/status of 404/]);
      const open = (page: Page, target: string) => openPage(page, server, target);
      const navLinks = async (page: Page) => {
        const nav = page.getByRole("navigation", { name: "Панель управления" });
        await poll(() => nav.getByRole("link").count()).toBeGreaterThan(3);
        return nav
          .getByRole("link")
          .evaluateAll((items) => items.map((item) => new URL((item as HTMLAnchorElement).href).pathname));
      };

      // Not granted: no codes in the moderator's navigation, and the page is the 404 page.
      const mod = await pageOf(moderator);
      await open(mod.page, "/dashboard");
      expect(await navLinks(mod.page)).not.toContain("/dashboard/codes");
      expect((await open(mod.page, "/dashboard/codes"))?.status()).toBe(404);

      // The admin grants the moderator the codes log.
      const adminSide = await pageOf(admin);
      await open(adminSide.page, "/dashboard/code-access");
      const row = adminSide.page.locator(
        `[data-testid="code-access-member"][data-user-id="${moderator.userId}"]`,
      );
      await row.waitFor();
      await row.getByTestId("code-access-switch").click();
      await poll(() =>
        adminSide.page.getByTestId("toast").filter({ hasText: "теперь может читать коды" }).count(),
      ).toBe(1);
      await open(adminSide.page, "/dashboard/history?action=code-access.grant");
      await poll(() => adminSide.page.getByTestId("history-entry").count()).toBe(1);

      // The moderator now has codes in the navigation, and reads full numbers there.
      await open(mod.page, "/dashboard");
      expect(await navLinks(mod.page)).toContain("/dashboard/codes");
      await open(mod.page, `/dashboard/codes?recipient=${encodeURIComponent(moderator.phone)}`);
      const entry = mod.page.getByTestId("code-entry").first();
      await entry.waitFor();
      expect(await entry.getAttribute("data-masked")).toBe("false");
      expect(await entry.getByTestId("code-recipient").textContent()).toBe(moderator.phone);

      // The editor renames a town in three languages and hides another.
      const regions = (await (await fetch(`${server.url}/api/configs`)).json()).regions as Region[];
      const region = regions.find((item) => item.towns.length >= 3);
      if (!region) throw new Error("no region with three towns");
      const [renamed, hidden] = region.towns as [Region["towns"][0], Region["towns"][0]];
      const edit = await pageOf(editor);
      await open(edit.page, "/dashboard/regions");
      const panel = edit.page.locator(`[data-testid="region"][data-slug="${region.slug}"]`);
      await panel.getByRole("button", { name: region.name.ru }).click();
      const save = async (slug: string, change: (form: Page) => Promise<void>) => {
        await panel.locator(`[data-testid="town"][data-slug="${slug}"]`).getByTestId("town-edit").click();
        await edit.page.getByTestId("place-form").waitFor();
        await change(edit.page);
        await edit.page.getByTestId("place-save").click();
        await poll(() => edit.page.getByTestId("place-form").count()).toBe(0);
      };
      const names = { ky: "Жаңы Сынак", ru: "Новый Тест", en: "New Test" };
      await save(renamed.slug, async (form) => {
        for (const [locale, name] of Object.entries(names))
          await form.getByTestId(`place-name-${locale}`).fill(name);
      });
      await save(hidden.slug, (form) => form.getByTestId("place-hidden").check());

      // The ad filter's town list shows the new name and not the hidden town.
      await open(edit.page, `/car?regionId=${region.id}`);
      const townFilter = edit.page.getByTestId("filter-town");
      await townFilter.click();
      const options = edit.page.getByRole("option");
      await poll(() => options.count()).toBeGreaterThan(0);
      const labels = await options.allTextContents();
      expect(labels).toContain(names.ru);
      expect(labels).not.toContain(hidden.name.ru);
      expect(labels).not.toContain(renamed.name.ru);

      expect([...mod.errors, ...adminSide.errors, ...edit.errors]).toEqual([]);
      for (const side of [mod, adminSide, edit]) await side.page.context().close();
    } finally {
      await server.stop();
    }
  });
});
