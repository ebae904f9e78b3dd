/**
 * The toast stack in Chromium (spec S4.12–S4.14, S8.2, S9.2): mounted in every layout, labelled
 * per language and empty; failures outside the API raise no toast; an API call that fails is
 * titled by the answer (S8.2). The behaviour of the stack itself (5 kept, 200 ms removal, 2000 ms
 * display, 16 px gap, 0.05 scale) is proven by lib/toast-store.test.ts.
 */
import { apiCall, carAdBody, pickCamry, publishAd } from "./ad-seed.ts";
import { describe, expect, poll, test, waitForHydration } from "./fixtures.ts";

describe("the toast stack", () => {
  test("every layout carries one labelled, empty toast region that lets clicks through", async ({
    page,
    visit,
  }) => {
    const cases = [
      { path: "/about", layout: "default", label: "Уведомления" },
      { path: "/en/login", layout: "simple", label: "Notifications" },
      { path: "/ky/no-such-page", layout: "default", label: "Билдирмелер" },
    ];
    for (const { path, layout, label } of cases) {
      await visit(path);
      expect(await page.locator(`[data-layout="${layout}"]`).count(), path).toBe(1);
      const region = page.getByTestId("toaster");
      expect(await region.count(), path).toBe(1);
      expect(await region.getAttribute("aria-label"), path).toBe(label);
      expect(await page.getByTestId("toast").count(), path).toBe(0);
      // It floats above the page and does not take clicks meant for the page below it.
      const style = await region.evaluate((element) => {
        const computed = getComputedStyle(element);
        return { position: computed.position, pointerEvents: computed.pointerEvents };
      });
      expect(style, path).toEqual({ position: "fixed", pointerEvents: "none" });
    }
  });

  test("[S4.19] failures outside the API raise no toast: a failed version check, a failed page-data request", async ({
    page,
    visit,
  }) => {
    // A failing version check (ignored, S4.19) and a failing page-data request (error page, S2.21).
    await page.route("**/builds/latest.json*", (route) => route.fulfill({ status: 500, body: "" }));
    await page.route("**/catalog/toyota.data*", (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "Broken" }),
    );
    await page.clock.install();
    await visit("/catalog/toyota/camry");
    // Hydrated, so the click is the app's navigation (its page-data request), not a page load.
    await waitForHydration(page);
    await page.clock.fastForward(61_000);
    await page.locator('main a[href="/catalog/toyota"]').click();
    await poll(() => page.getByTestId("error-page").count()).toBe(1);
    await page.waitForTimeout(300);
    expect(await page.getByTestId("toast").count()).toBe(0);
  });

  test("[S8.2] a failed call's toast is titled with the answer's first error, else its message, in the page's language", async ({
    page,
    server,
    createUser,
    signIn,
    visit,
  }) => {
    const seller = await createUser("toast_seller");
    const buyer = await createUser("toast_buyer");
    const ad = await publishAd(server, seller.accessToken, carAdBody(await pickCamry(server), []));
    await signIn(buyer);
    await visit(`/en/car/${ad.id}`);
    const heart = page.getByTestId("ad-page").locator("button[aria-pressed]").first();
    await heart.waitFor();
    await expect.poll(() => heart.isEnabled(), { timeout: 15_000 }).toBe(true);
    const toastTitle = () => page.getByTestId("toast").getByTestId("toast-title").allTextContents();

    // An answer with an errors list: its first entry is the title, not the message or the code.
    await page.route(`**/api/ads/${ad.id}/favorite`, (route) =>
      route.fulfill({
        status: 409,
        json: {
          code: "AD_NOT_FOUND",
          message: "The ad was not found",
          errors: [
            { path: "id", code: "sold", message: "The seller has just sold this car" },
            { path: "id", code: "other", message: "Second entry" },
          ],
        },
      }),
    );
    await heart.click();
    await expect.poll(toastTitle).toEqual(["The seller has just sold this car"]);
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    await page.unroute(`**/api/ads/${ad.id}/favorite`);
    await expect.poll(() => page.getByTestId("toast").count(), { timeout: 5000 }).toBe(0);

    // The real API: the seller archived the ad meanwhile; the answer has no errors list, so its
    // message (in the language the call asked for) is the title.
    await apiCall(server, "POST", `/api/ads/${ad.id}/archive`, undefined, seller.accessToken);
    await heart.click();
    await expect.poll(toastTitle).toEqual(["The ad was not found"]);
  });
});
