/**
 * The dashboard's payments in the browser (issue 17, decision 068): an admin credits a user's
 * balance with a reason and sees the new balance; the user's balance page shows it and its history
 * lists the adjustment; a moderator reads the payments without any action button; the admin refunds
 * part of the user's plan purchase and the refund row appears.
 *
 * Its own server: staff changes here are no other file's business; the demo admin is in every
 * test database (`signInStaff`).
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

describe("dashboard: payments", () => {
  test("[S2.8] an admin credits a balance with a reason; the user sees it; a moderator reads without actions", {
    timeout: 180_000,
  }, async ({ browser }) => {
    const server = await startOwnServer();
    try {
      const customer = await signUpByPhone(server, uniqueName("money_user"));
      const moderator = await signUpByPhone(server, uniqueName("money_mod"));
      const admin = await signInStaff(server, "admin");
      await apiCall(
        server,
        "PUT",
        `/api/dashboard/users/${moderator.userId}/roles`,
        { roles: ["moderator"] },
        admin.accessToken,
      );

      const pageOf = (user: SeededUser) => signedInPage(browser, server, user, [/status of 404/]);
      const open = (page: Page, target: string) => openPage(page, server, target);

      // The admin credits 150 som with a reason; the dialog confirms the new balance.
      const adminSide = await pageOf(admin);
      await open(adminSide.page, "/en/dashboard/payments");
      await adminSide.page.getByTestId("adjust-open").click();
      await adminSide.page.getByTestId("adjust-user").fill(String(customer.userId));
      await adminSide.page.getByTestId("adjust-amount").fill("150");
      // Too short a reason is refused beside the field.
      await adminSide.page.getByTestId("adjust-reason").fill("Oops");
      await adminSide.page.getByTestId("adjust-confirm").click();
      await poll(() => adminSide.page.getByText("at least 5 characters").count()).toBe(1);
      await adminSide.page.getByTestId("adjust-reason").fill("Goodwill for a failed raise");
      await adminSide.page.getByTestId("adjust-confirm").click();
      const done = adminSide.page.getByTestId("adjust-done");
      await poll(() => done.count()).toBe(1);
      expect(await done.textContent()).toContain("150\u00a0som");
      await done.getByRole("button").click();
      const row = adminSide.page.getByTestId("payment-row").filter({ hasText: customer.username });
      await poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain("+150\u00a0som");
      expect(await row.textContent()).toContain("Goodwill for a failed raise");
      expect(await row.textContent()).toContain(admin.username);

      // The user's balance page shows it, and the history lists the adjustment.
      const customerSide = await pageOf(customer);
      await open(customerSide.page, "/en/settings/balance");
      await poll(() => customerSide.page.getByTestId("wallet-balance").textContent()).toBe("150\u00a0som");
      await poll(() => customerSide.page.getByTestId("ledger-entry").count()).toBe(1);
      expect(await customerSide.page.getByTestId("ledger-entry").textContent()).toContain(
        "Adjustment by Unaa",
      );

      // The moderator reads the same row, with no action button.
      const mod = await pageOf(moderator);
      await open(mod.page, `/en/dashboard/payments?user=${customer.userId}`);
      await poll(() => mod.page.getByTestId("payment-row").count()).toBe(1);
      expect(await mod.page.getByTestId("dashboard-read-only").count()).toBe(1);
      expect(await mod.page.getByTestId("adjust-open").count()).toBe(0);
      expect(await mod.page.getByTestId("refund-open").count()).toBe(0);

      // The user buys the cheapest plan (the admin credits its price first); the admin refunds 100
      // som of it with a reason, and the refund row appears with the amount and the reason.
      const plans = await apiCall<{ items: { code: string; price: number }[] }>(server, "GET", "/api/plans");
      const plan = plans.items[0];
      if (!plan) throw new Error("no plan on sale");
      await apiCall(
        server,
        "POST",
        "/api/dashboard/payments/adjustments",
        { userId: customer.userId, amount: plan.price, reason: "Money for the plan" },
        admin.accessToken,
      );
      await apiCall(server, "POST", "/api/subscriptions", { plan: plan.code }, customer.accessToken);
      await open(adminSide.page, `/en/dashboard/payments?user=${customer.userId}`);
      const purchase = adminSide.page.locator('[data-testid="payment-row"][data-kind="purchase"]');
      await poll(() => purchase.count()).toBe(1);
      await purchase.getByTestId("refund-open").click();
      // The amount starts at the whole price.
      expect(await adminSide.page.getByTestId("refund-amount").inputValue()).toBe(
        (plan.price / 100).toLocaleString("en-US").replaceAll(",", " "),
      );
      await adminSide.page.getByTestId("refund-amount").fill("100");
      await adminSide.page.getByTestId("refund-reason").fill("Plan paid twice by mistake");
      await adminSide.page.getByTestId("refund-confirm").click();
      const refunded = adminSide.page.locator('[data-testid="payment-row"][data-kind="staff_refund"]');
      await poll(() => refunded.count()).toBe(1);
      expect(await refunded.textContent()).toContain("+100\u00a0som");
      expect(await refunded.textContent()).toContain("Plan paid twice by mistake");
      expect(await refunded.textContent()).toContain("Refund by Unaa");

      expect([...adminSide.errors, ...customerSide.errors, ...mod.errors]).toEqual([]);
      for (const side of [adminSide, customerSide, mod]) await side.page.context().close();
    } finally {
      await server.stop();
    }
  });
});
