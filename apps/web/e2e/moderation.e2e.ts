/**
 * The dashboard's moderation in the browser (issue 17 item 3, decision 066): a moderator approves
 * and rejects ads from the queue with the keyboard (the owner sees the reason in My ads), does the
 * same in the photos queue, and resolves a complaint (the reporter and the owner hear it).
 *
 * Its own server: the demo admin (`signInStaff`) turns pre-moderation on, which no other file
 * should see.
 */
import {
  apiCall,
  carAdBody,
  drawPhoto,
  pickCamry,
  publishAd,
  signInStaff,
  signUpByPhone,
  uploadPhoto,
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

describe("moderation", () => {
  test("[S2.8] a moderator approves and rejects ads from the queue by keyboard, the owner sees the reason; a complaint is resolved", {
    timeout: 180_000,
  }, async ({ page, browser }) => {
    const server = await startOwnServer();
    try {
      const owner = await signUpByPhone(server, uniqueName("mod_owner"));
      const moderator = await signInStaff(server, "moderator");
      const reporter = await signUpByPhone(server, uniqueName("mod_reporter"));
      const admin = await signInStaff(server, "admin");
      await apiCall(
        server,
        "PUT",
        "/api/dashboard/settings/moderationMode",
        { value: "pre" },
        admin.accessToken,
      );
      const pick = await pickCamry(server);
      const photos = [
        await uploadPhoto(server, owner.accessToken, await drawPhoto("1", 200)),
        await uploadPhoto(server, owner.accessToken, await drawPhoto("2", 20)),
      ];
      const approved = await publishAd(
        server,
        owner.accessToken,
        carAdBody(
          pick,
          photos.map((photo) => photo.id),
          { description: "Первое" },
        ),
      );
      const rejected = await publishAd(
        server,
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

      // The approved ad's photos wait in the photos queue: A on a focused card approves it, R opens
      // the rejection.
      await page.goto(`${server.url}/dashboard/photos`, { waitUntil: "networkidle" });
      await waitForHydration(page);
      const card = (id: number) => page.getByTestId(`moderation-photo-${id}`);
      const [first, second] = photos.map((photo) => photo.id) as [number, number];
      await poll(() => card(first).count()).toBe(1);
      expect(await page.getByTestId("moderation-shortcuts").textContent()).toContain("Клавиши на карточке");
      await card(first).focus();
      await page.keyboard.press("a");
      await poll(() => card(first).count()).toBe(0);
      await card(second).focus();
      await page.keyboard.press("r");
      await page.getByRole("dialog", { name: "Снять фото с объявления" }).waitFor();
      await page.keyboard.press("Escape");
      await poll(() => page.getByRole("dialog").count()).toBe(0);
      expect(await card(second).count()).toBe(1);

      // A complaint about the approved ad, resolved with a warning.
      await apiCall(
        server,
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
        server,
        "GET",
        "/api/notifications",
        undefined,
        reporter.accessToken,
      );
      expect(notices.items.map((item) => item.payload.topic)).toContain("complaintResolved");
      expect(errors).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
