/**
 * The staff dashboard with axe-core (WCAG 2.2 A/AA): every section the demo admin may open — the
 * overview, each section's page and an account's page — on the laptop in the light scheme and on
 * the phone in the dark one, every rule each time, with its lists loaded and holding rows. The
 * shared server's admin changes nothing but a role of this test's own user. The stats page has its own check (with its charts'
 * tables open) in dashboard-stats.e2e.ts; the public pages are in accessibility.e2e.ts.
 */

import { dashboardSectionPages } from "../app/lib/dashboard-sections.ts";
import { apiCall, signInStaff } from "./ad-seed.ts";
import { axeViolations, withoutTransitions } from "./axe.ts";
import { describe, expect, test, waitForHydration } from "./fixtures.ts";

describe("dashboard accessibility", () => {
  test("[S2.8] every dashboard section passes axe (WCAG 2.2 A/AA) at 1280 px light and 390 px dark", {
    timeout: 180_000,
  }, async ({ page, server, createUser, signIn, visit }) => {
    await withoutTransitions(page);
    const admin = await signInStaff(server, "admin");
    // Rows in the lists whatever ran before: a sign-up (the codes log, users), a top-up (payments)
    // and a role the admin gives (history).
    const person = await createUser("a11y_staff");
    await apiCall(
      server,
      "POST",
      "/api/payments",
      { amount: 50_000, provider: "sandbox" },
      person.accessToken,
    );
    await apiCall(
      server,
      "PUT",
      `/api/dashboard/users/${person.userId}/roles`,
      { roles: ["editor"] },
      admin.accessToken,
    );
    await signIn(admin);
    const paths = [
      "/dashboard",
      ...dashboardSectionPages
        .filter((section) => section !== "stats")
        .map((section) => `/dashboard/${section}`),
      `/dashboard/users/${person.userId}`,
    ];
    const found: string[] = [];
    for (const path of paths) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.emulateMedia({ colorScheme: "light" });
      await visit(path);
      await waitForHydration(page);
      expect(await page.getByTestId("error-status").count(), path).toBe(0);
      found.push(...(await axeViolations(page, `${path} light 1280px`)));
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: "dark" });
      // Two frames: React has answered the resize and the new styles are applied.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      found.push(...(await axeViolations(page, `${path} dark 390px`)));
    }
    expect(found, `${found.length} violations:\n${found.join("\n")}`).toEqual([]);
  });
});
