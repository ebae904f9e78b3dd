/**
 * The dashboard's moderation in the browser (issue 17 item 3, decision 066): a moderator approves
 * and rejects ads from the queue with the keyboard (the owner sees the reason in My ads), and
 * resolves a complaint (the reporter and the owner hear it).
 *
 * Roles and the moderation mode live in the database, so this file runs its own server: users are
 * made on it, it stops, one of them becomes a moderator and pre-moderation is set, and it starts
 * again on the same data.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../api/src/db/client.ts";
import { settings, users } from "../../api/src/db/schema/index.ts";
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
import type { TestServer } from "./test-server.ts";

function seedApi(server: TestServer): SeedApi {
  return { baseUrl: server.url, readCode: (to, purpose) => codeFromLog(server, to, purpose) };
}

describe("moderation", () => {
  test("[S2.8] a moderator approves and rejects ads from the queue by keyboard, the owner sees the reason; a complaint is resolved", {
    timeout: 240_000,
  }, async ({ page, browser }) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "unaa-moderation-e2e-"));
    const env = { DATA_DIR: dataDir, AUTH_SECRET: randomBytes(48).toString("base64") };
    let server = await startOwnServer(env);
    try {
      const first = seedApi(server);
      const owner = await signUpByPhone(first, uniqueName("mod_owner"));
      const moderator = await signUpByPhone(first, uniqueName("mod_staff"));
      const reporter = await signUpByPhone(first, uniqueName("mod_reporter"));
      await server.stop();
      const handle = await openDatabase({ dataDir });
      try {
        await handle.db
          .update(users)
          .set({ roles: ["moderator"] })
          .where(eq(users.id, moderator.userId));
        await handle.db
          .insert(settings)
          .values({ key: "moderationMode", value: "pre" })
          .onConflictDoUpdate({ target: settings.key, set: { value: "pre" } });
      } finally {
        await handle.close();
      }
      server = await startOwnServer(env);
      const api = seedApi(server);
      const pick = await pickCamry(api);
      const approved = await publishAd(
        api,
        owner.accessToken,
        carAdBody(pick, [], { description: "Первое" }),
      );
      const rejected = await publishAd(
        api,
        owner.accessToken,
        carAdBody(pick, [], { description: "Второе" }),
      );

      const errors = collectConsoleErrors(page);
      const { hostname } = new URL(server.url);
      // Each user in a browser context of their own: a refresh token is rotated on use, so cookies
      // may not be handed from one context to another.
      const signIn = (user: typeof owner, target = page) =>
        target.context().addCookies(user.cookies.map((cookie) => ({ ...cookie, domain: hostname })));
      await signIn(moderator);
      await page.goto(`${server.url}/dashboard/adds`, { waitUntil: "networkidle" });
      await waitForHydration(page);
      const row = (id: number) => page.getByTestId(`moderation-ad-${id}`);
      await poll(() => row(approved.id).count()).toBe(1);
      expect(await page.getByTestId("moderation-shortcuts").textContent()).toContain("A");

      // A on the focused row approves it; R opens the rejection with a reason.
      await row(approved.id).focus();
      await page.keyboard.press("a");
      await poll(() => row(approved.id).count()).toBe(0);
      await row(rejected.id).focus();
      await page.keyboard.press("r");
      await page.getByTestId("reject-reason").click();
      await page.getByRole("listbox").getByRole("option", { name: "неподходящие фото", exact: true }).click();
      await page.getByTestId("reject-note").fill("Нужны фото салона");
      await page.getByTestId("reject-submit").click();
      await poll(() => row(rejected.id).count()).toBe(0);
      await poll(() => page.getByTestId("moderation-empty").count()).toBe(1);

      // The owner sees the rejection and its reason in My ads.
      await withPage(browser, { viewport: { width: 1280, height: 900 } }, async (ownerPage) => {
        await signIn(owner, ownerPage);
        await ownerPage.goto(`${server.url}/settings/adds`, { waitUntil: "networkidle" });
        await waitForHydration(ownerPage);
        await ownerPage.getByTestId("my-ads-tab-rejected").click();
        await poll(() => ownerPage.getByTestId("my-ad-rejection").textContent()).toContain(
          "Нужны фото салона",
        );
      });

      // A complaint about the approved ad, resolved with a warning.
      await apiCall(
        api,
        "POST",
        `/api/ads/${approved.id}/complaints`,
        { reason: "fraud" },
        reporter.accessToken,
      );
      await page.goto(`${server.url}/dashboard/complaints`, { waitUntil: "networkidle" });
      await waitForHydration(page);
      const complaint = page.getByTestId(`complaint-ad-${approved.id}`);
      await poll(() => complaint.count()).toBe(1);
      await complaint.getByRole("button").click();
      await page.getByRole("radio", { name: "Предупредить" }).check();
      await page.getByTestId("resolve-submit").click();
      await poll(() => complaint.count()).toBe(0);
      const notices = await apiCall<{ items: { kind: string; payload: { topic: string } }[] }>(
        api,
        "GET",
        "/api/notifications",
        undefined,
        reporter.accessToken,
      );
      expect(notices.items.map((item) => item.payload.topic)).toContain("complaintResolved");
      expect(errors).toEqual([]);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
