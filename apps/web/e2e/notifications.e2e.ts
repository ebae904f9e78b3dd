/**
 * The notification centre in the browser (issue 14, item 5; decision 054): a moderator (a demo staff
 * account) rejects a user's ad over the API, and the user's header bell counts it without a reload;
 * the panel shows the text in the page's language; opening it leads to the ad and marks it read.
 */
import { apiCall, carAdBody, pickCamry, publishAd, signInStaff } from "./ad-seed.ts";
import { collectConsoleErrors } from "./browser.ts";
import { describe, expect, poll, test, waitForHydration } from "./fixtures.ts";

describe("notifications", () => {
  test("[issue 14] a rejected ad reaches the owner's bell live; the panel says why in Russian; opening it marks it read", async ({
    page,
    server,
    createUser,
    signIn,
    visit,
  }) => {
    const owner = await createUser("notify_owner");
    const moderator = await signInStaff(server, "moderator");
    const ad = await publishAd(server, owner.accessToken, carAdBody(await pickCamry(server), []));

    const errors = collectConsoleErrors(page);
    await signIn(owner);
    await visit("/favorites");
    await waitForHydration(page);
    const bell = page.getByTestId("header-notifications");
    await poll(() => bell.getAttribute("data-unread")).toBe("0");

    await apiCall(
      server,
      "POST",
      `/api/ads/${ad.id}/reject`,
      { reason: "bad-photos", note: "Нужно фото салона" },
      moderator.accessToken,
    );
    await poll(() => bell.getAttribute("data-unread")).toBe("1");
    expect(await page.getByTestId("header-notifications-badge").textContent()).toBe("1");

    await bell.click();
    const items = page.getByTestId("notifications-panel").getByTestId("notification-item");
    await poll(() => items.count()).toBe(1);
    const item = items.first();
    expect(await item.getAttribute("data-unread")).toBe("true");
    const text = (await item.textContent()) ?? "";
    expect(text).toContain("Объявление отклонено");
    expect(text).toContain("неподходящие фото. Модератор: Нужно фото салона");

    await item.click();
    // A rejected ad leads to its edit form (the server's link).
    await page.waitForURL(`${server.url}/${ad.vertical}/${ad.id}/edit`);
    await poll(() => bell.getAttribute("data-unread")).toBe("0");
    // The server agrees: nothing unread.
    const unread = await apiCall<{ count: number }>(
      server,
      "GET",
      "/api/notifications/unread",
      undefined,
      owner.accessToken,
    );
    expect(unread.count).toBe(0);
    expect(errors).toEqual([]);

    // Pictures of the panel and the settings section for review, when asked for.
    const shots = process.env.NOTIFY_SHOTS_DIR;
    if (shots) {
      for (const colorScheme of ["light", "dark"] as const) {
        for (const width of [390, 1280]) {
          await page.emulateMedia({ colorScheme });
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${server.url}/settings`, { waitUntil: "networkidle" });
          await waitForHydration(page);
          await page.getByTestId("preference-adRejected-email").waitFor();
          await page.screenshot({ path: `${shots}/settings-${width}-${colorScheme}.png`, fullPage: true });
          await bell.click();
          await items.first().waitFor();
          await page.screenshot({ path: `${shots}/panel-${width}-${colorScheme}.png` });
        }
      }
    }
  });
});
