/**
 * The notification centre in the browser (issue 14, item 5; decision 054): a moderator rejects a
 * user's ad over the API, and the user's header bell counts it without a reload; the panel shows
 * the text in the page's language; opening it leads to the ad and marks it read.
 *
 * Roles live in the database, so this file runs its own server: users are made on it, it stops,
 * `makeAdmin` (the `user:admin` command) gives one of them the admin role, and it starts again on
 * the same data.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { makeAdmin } from "../../api/src/commands/user-admin.ts";
import { openDatabase } from "../../api/src/db/client.ts";
import {
  apiCall,
  carAdBody,
  codeFromLog,
  pickCamry,
  publishAd,
  type SeedApi,
  signUpByPhone,
} from "./ad-seed.ts";
import { collectConsoleErrors } from "./browser.ts";
import { describe, expect, poll, startOwnServer, test, uniqueName, waitForHydration } from "./fixtures.ts";
import type { TestServer } from "./test-server.ts";

function seedApi(server: TestServer): SeedApi {
  const api: SeedApi = {
    baseUrl: server.url,
    readCode: (to, purpose) => codeFromLog(server, to, purpose),
  };
  return api;
}

describe("notifications", () => {
  test("[issue 14] a rejected ad reaches the owner's bell live; the panel says why in Russian; opening it marks it read", {
    // Two starts of a server of its own.
    timeout: 240_000,
  }, async ({ page }) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "unaa-notify-e2e-"));
    const env = { DATA_DIR: dataDir, AUTH_SECRET: randomBytes(48).toString("base64") };
    let server = await startOwnServer(env);
    try {
      const first = seedApi(server);
      const owner = await signUpByPhone(first, uniqueName("notify_owner"));
      const moderator = await signUpByPhone(first, uniqueName("notify_mod"));
      const ad = await publishAd(first, owner.accessToken, carAdBody(await pickCamry(first), []));
      await server.stop();
      const handle = await openDatabase({ dataDir });
      try {
        expect((await makeAdmin(handle.db, moderator.phone)).kind).toBe("promoted");
      } finally {
        await handle.close();
      }
      server = await startOwnServer(env);
      const api = seedApi(server);

      const errors = collectConsoleErrors(page);
      const { hostname } = new URL(server.url);
      await page.context().addCookies(owner.cookies.map((cookie) => ({ ...cookie, domain: hostname })));
      await page.goto(`${server.url}/favorites`, { waitUntil: "networkidle" });
      await waitForHydration(page);
      const bell = page.getByTestId("header-notifications");
      await poll(() => bell.getAttribute("data-unread")).toBe("0");

      await apiCall(
        api,
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
        api,
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
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
