/**
 * The dashboard's users and history in the browser (issue 17, decision 065): the section gate and
 * navigation follow the role; a moderator blocks a user, who is signed out with the blocked message;
 * an admin changes a user's roles and a paid service's price and finds both in the history.
 *
 * Its own server: the admin changes roles and prices, which no other file should see.
 */
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

describe("dashboard: users and history", () => {
  test("[S2.8] moderators see their sections only; a blocked user is signed out; an admin's role and price changes are in the history", {
    timeout: 180_000,
  }, async ({ browser }) => {
    const server = await startOwnServer();
    try {
      const victim = await signUpByPhone(server, uniqueName("dash_victim"));
      const moderator = await signUpByPhone(server, uniqueName("dash_mod"));
      const admin = await signInStaff(server, "admin");
      const person = await signUpByPhone(server, uniqueName("dash_person"));
      await apiCall(
        server,
        "PUT",
        `/api/dashboard/users/${moderator.userId}/roles`,
        { roles: ["moderator"] },
        admin.accessToken,
      );

      const pageOf = (user: SeededUser) =>
        signedInPage(browser, server, user, [/status of 403/, /status of 404/]);
      const open = (page: Page, target: string) => openPage(page, server, target);

      // The victim is signed in on their settings.
      const victimSide = await pageOf(victim);
      await open(victimSide.page, "/settings");
      await poll(() => victimSide.page.getByTestId("settings-username").count()).toBe(1);

      // The moderator's navigation lists their sections; one they may not open is the 404 page.
      const mod = await pageOf(moderator);
      await open(mod.page, "/dashboard");
      const nav = mod.page.getByRole("navigation", { name: "Панель управления" });
      await poll(() => nav.getByRole("link").count()).toBeGreaterThan(5);
      const links = await nav
        .getByRole("link")
        .evaluateAll((items) => items.map((item) => new URL((item as HTMLAnchorElement).href).pathname));
      expect(links).toContain("/dashboard/users");
      expect(links).toContain("/dashboard/history");
      expect(links).not.toContain("/dashboard/settings");
      expect(links).not.toContain("/dashboard/services");
      expect((await open(mod.page, "/dashboard/settings"))?.status()).toBe(404);
      expect(await mod.page.getByTestId("error-status").textContent()).toBe("404");
      // Payments: read-only for moderators.
      await open(mod.page, "/dashboard/payments");
      expect(await mod.page.getByTestId("dashboard-read-only").count()).toBe(1);

      // The moderator finds the victim and blocks them with a reason.
      await open(mod.page, `/dashboard/users?q=${victim.username}`);
      await poll(() => mod.page.getByTestId("users-row").count()).toBe(1);
      await mod.page.getByTestId("users-open").click();
      await poll(() => mod.page.getByTestId("dashboard-user-name").textContent()).toBe(victim.username);
      await mod.page.getByTestId("user-block-toggle").click();
      await mod.page.getByTestId("block-reason").fill("Мошеннические объявления");
      await mod.page.getByTestId("block-confirm").click();
      await poll(() => mod.page.getByTestId("user-block-reason").count()).toBe(1);
      expect(await mod.page.getByTestId("user-block-reason").textContent()).toContain(
        "Мошеннические объявления",
      );
      await poll(() => mod.page.locator('[data-testid="user-session"]:not([data-ended])').count()).toBe(0);
      // No roles form for a moderator.
      expect(await mod.page.getByTestId("roles-form").count()).toBe(0);

      // The victim's next call is refused: signed out, the blocked message.
      await victimSide.page.getByTestId("settings-card-sessions").click();
      await poll(() => victimSide.page.getByTestId("error-status").count()).toBe(1);
      expect(await victimSide.page.getByTestId("error-status").textContent()).toBe("403");
      expect(await victimSide.page.getByTestId("error-message").textContent()).toBe(
        "Вы были заблокированы, обратитесь к администрации сайта.",
      );
      expect(await victimSide.page.getByTestId("user-menu").count()).toBe(0);

      // The admin makes another user an editor; the history shows it.
      const adminSide = await pageOf(admin);
      await open(adminSide.page, `/dashboard/users/${person.userId}`);
      await poll(() => adminSide.page.getByTestId("roles-form").count()).toBe(1);
      await adminSide.page.getByTestId("role-editor").check();
      await adminSide.page.getByTestId("roles-save").click();
      await poll(() => adminSide.page.getByRole("status").filter({ hasText: "Роли сохранены" }).count()).toBe(
        1,
      );
      await open(adminSide.page, "/dashboard/history?action=user.roles");
      const entries = adminSide.page.getByTestId("history-entry");
      await poll(() => entries.count()).toBe(2);
      const newest = (await entries.first().textContent()) ?? "";
      expect(newest).toContain(admin.username);
      expect(newest).toContain("Роли изменены");
      expect(newest).toContain(`Пользователь ${person.userId}`);
      expect(newest).toContain('roles: ["editor"]');
      // Oldest first: the moderator's role, given first, heads the list, and the address keeps the order.
      await adminSide.page.getByTestId("history-order").getByText("Сначала старые").click();
      await poll(() => new URL(adminSide.page.url()).searchParams.get("order")).toBe("oldest");
      await poll(async () => (await entries.first().textContent()) ?? "").toContain('roles: ["moderator"]');
      expect(await entries.count()).toBe(2);
      // A filter applied then keeps that order: the order is not a filter.
      await adminSide.page.getByLabel("Id сотрудника", { exact: true }).fill(String(admin.userId));
      await adminSide.page.getByTestId("history-apply").click();
      await poll(() => new URL(adminSide.page.url()).searchParams.get("staffId")).toBe(String(admin.userId));
      expect(new URL(adminSide.page.url()).searchParams.get("order")).toBe("oldest");
      await poll(async () => (await entries.first().textContent()) ?? "").toContain('roles: ["moderator"]');
      // The block is there too.
      await open(adminSide.page, `/dashboard/history?objectType=user&objectId=${victim.userId}`);
      await poll(() => adminSide.page.getByTestId("history-entry").count()).toBe(1);
      expect(await adminSide.page.getByTestId("history-entry").getAttribute("data-action")).toBe(
        "user.block",
      );

      // Filters that find nothing say so (without filters the list says there is nothing yet).
      await open(adminSide.page, "/dashboard/history?objectType=user&objectId=999999999");
      await poll(() => adminSide.page.getByTestId("history-empty").textContent()).toBe(
        "Ничего не найдено по этим фильтрам.",
      );

      // The admin changes a paid service's price; the history has it, before and after.
      await open(adminSide.page, "/dashboard/services");
      const motoRaise = adminSide.page.getByTestId("price-moto:raise:-");
      await motoRaise.waitFor();
      await motoRaise.fill("45");
      await adminSide.page.getByTestId("service-prices-save").click();
      await poll(() =>
        adminSide.page.getByTestId("toast").filter({ hasText: "Цены сохранены" }).count(),
      ).toBe(1);
      await open(adminSide.page, "/dashboard/history?action=price.change");
      const priceEntry = adminSide.page.getByTestId("history-entry").first();
      await poll(() => priceEntry.getAttribute("data-action")).toBe("price.change");
      expect(await priceEntry.textContent()).toContain("moto:raise:-");
      expect(await priceEntry.textContent()).toContain("price: 4500");
      // A moderator may not open the prices.
      expect((await open(mod.page, "/dashboard/services"))?.status()).toBe(404);

      expect([...victimSide.errors, ...mod.errors, ...adminSide.errors]).toEqual([]);
      for (const side of [victimSide, mod, adminSide]) await side.page.context().close();
    } finally {
      await server.stop();
    }
  });
});
