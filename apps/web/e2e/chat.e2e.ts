/**
 * The chat in the browser (issue 14, item 4): two people in two browser contexts, the socket
 * carrying messages, read receipts and the unread badge between them without a reload.
 */
import type { Page } from "playwright-core";
import { carAdBody, drawPhoto, pickCamry, publishAd, type SeededUser } from "./ad-seed.ts";
import { describe, expect, poll, type SharedServer, test, waitForHydration, withPage } from "./fixtures.ts";

async function plainCar(server: SharedServer, seller: SeededUser) {
  return publishAd(server, seller.accessToken, carAdBody(await pickCamry(server), []));
}

/** Writes a message in the open conversation and sends it with Enter. */
async function write(page: Page, text: string) {
  const input = page.getByTestId("chat-input");
  await input.fill(text);
  await input.press("Enter");
}

const messageTexts = (page: Page) => page.getByTestId("chat-message-text").allTextContents();

describe("chat between a buyer and a seller", () => {
  test("[S4.9] the buyer writes from the ad; the seller's badge updates live, a photo reply, read receipts, the prepayment warning, blocking", {
    timeout: 180_000,
  }, async ({ page: buyerPage, browser, server, createUser, signIn, visit }) => {
    const seller = await createUser("seller");
    const buyer = await createUser("buyer");
    const ad = await plainCar(server, seller);

    await withPage(browser, { viewport: { width: 1280, height: 900 } }, async (sellerPage) => {
      // The seller is on some page of the site, signed in, socket connected, nothing unread.
      await signIn(seller, sellerPage);
      await visit("/favorites", sellerPage);
      await waitForHydration(sellerPage);
      const badge = sellerPage.getByTestId("header-chats");
      await poll(() => badge.getAttribute("data-unread")).toBe("0");

      // The buyer opens the ad and writes: "Write" opens the chat about the ad.
      await signIn(buyer);
      await visit(`/${ad.vertical}/${ad.id}`);
      await waitForHydration(buyerPage);
      await buyerPage.getByTestId("ad-write").click();
      await buyerPage.waitForURL(/\/settings\/chats\?chat=\d+$/);
      await buyerPage.getByTestId("chat-input").waitFor();
      await write(buyerPage, "Здравствуйте! Машина ещё продаётся?");
      await poll(() => messageTexts(buyerPage)).toEqual(["Здравствуйте! Машина ещё продаётся?"]);
      await poll(() => buyerPage.getByTestId("chat-receipt").getAttribute("data-state")).toBe("sent");

      // The seller's header badge counts the chat, without a reload.
      await poll(() => badge.getAttribute("data-unread")).toBe("1");
      expect(await badge.getAttribute("aria-label")).toMatch(/1/);

      // The seller opens the inbox from the header and the chat from the list.
      await badge.click();
      await sellerPage.waitForURL(/\/settings\/chats$/);
      const item = sellerPage.getByTestId("chat-list-item");
      await poll(() => item.count()).toBe(1);
      expect(await item.getByTestId("chat-unread").count()).toBe(1);
      await item.click();
      await poll(() => messageTexts(sellerPage)).toEqual(["Здравствуйте! Машина ещё продаётся?"]);
      // Focus moved to the conversation.
      await poll(() => sellerPage.evaluate(() => document.activeElement?.tagName)).toBe("H2");
      // Reading cleared the badge, and the buyer sees the read receipt.
      await poll(() => badge.getAttribute("data-unread")).toBe("0");
      await poll(() => buyerPage.getByTestId("chat-receipt").getAttribute("data-state")).toBe("read");

      // The buyer types: the seller sees it.
      await buyerPage.getByTestId("chat-input").fill("Можно посмотреть");
      await poll(() => sellerPage.getByTestId("chat-typing").textContent()).toContain(buyer.username);
      await buyerPage.getByTestId("chat-input").fill("");

      // The seller replies with a photo (upload with progress, then send).
      await sellerPage
        .getByTestId("chat-composer")
        .locator('input[type="file"]')
        .setInputFiles({ name: "camry.jpg", mimeType: "image/jpeg", buffer: await drawPhoto("C", 30) });
      await poll(() => sellerPage.locator('[data-testid="chat-attachment"][data-state="done"]').count()).toBe(
        1,
      );
      await write(sellerPage, "Да, вот фото сбоку");
      await poll(() => sellerPage.getByTestId("chat-message-photo").count()).toBe(1);

      // The buyer sees it arrive.
      await poll(() => buyerPage.getByTestId("chat-message-photo").count()).toBe(1);
      await poll(() => messageTexts(buyerPage)).toEqual([
        "Здравствуйте! Машина ещё продаётся?",
        "Да, вот фото сбоку",
      ]);
      const photo = buyerPage.getByTestId("chat-message-photo").locator("img");
      await poll(() =>
        photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      ).toBe(true);

      // A prepayment request shows the buyer a visible warning, and the seller (who sent it) none.
      await write(sellerPage, "Машина в Оше, внесите предоплату 20 000 сом и я её пригоню");
      const warning = buyerPage.getByTestId("chat-warning");
      await poll(() => warning.count()).toBe(1);
      expect(await warning.isVisible()).toBe(true);
      expect(await warning.textContent()).toMatch(/предоплат/i);
      await poll(() => messageTexts(sellerPage)).toHaveLength(3);
      expect(await sellerPage.getByTestId("chat-warning").count()).toBe(0);

      // The buyer blocks the seller: no composer for the buyer, and the seller's next message is refused.
      await buyerPage.getByTestId("chat-actions").click();
      await buyerPage.getByTestId("chat-block").click();
      await poll(() => buyerPage.getByTestId("chat-cannot-write").count()).toBe(1);
      expect(await buyerPage.getByTestId("chat-input").count()).toBe(0);
      await write(sellerPage, "Ну что, берёте?");
      // The server refuses it, and the seller's conversation then says nobody can write here.
      await poll(() => sellerPage.getByTestId("chat-cannot-write").count()).toBe(1);
      expect(await messageTexts(sellerPage)).not.toContain("Ну что, берёте?");
      await buyerPage.reload();
      await poll(() => messageTexts(buyerPage)).toHaveLength(3);
      expect(await messageTexts(buyerPage)).not.toContain("Ну что, берёте?");

      // Unblocking lets them write again.
      await waitForHydration(buyerPage);
      await buyerPage.getByTestId("chat-actions").click();
      await buyerPage.getByTestId("chat-unblock").click();
      await buyerPage.getByTestId("chat-input").waitFor();
    });
  });

  test("a guest's Write leads to sign-in and back to the chat; the seller has no Write on their own ad", async ({
    page,
    server,
    createUser,
    signIn,
    visit,
  }) => {
    const seller = await createUser("seller");
    const buyer = await createUser("buyer");
    const ad = await plainCar(server, seller);

    await visit(`/${ad.vertical}/${ad.id}`);
    await waitForHydration(page);
    await page.getByTestId("ad-write").click();
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get("redirect") ?? "")).toBe(
      `/settings/chats?ad=${ad.id}`,
    );
    await page.locator('[data-testid="sign-in-submit"]:not([disabled])').waitFor();
    await page.getByTestId("login-phone").fill(buyer.phone.replace("+996", ""));
    await page.getByTestId("login-password").fill(buyer.password);
    await page.getByTestId("sign-in-submit").click();
    await page.waitForURL(/\/settings\/chats\?chat=\d+$/);
    await page.getByTestId("chat-input").waitFor();
    expect(await page.getByTestId("chat-ad-link").getAttribute("href")).toBe(`/${ad.vertical}/${ad.id}`);

    await signIn(seller);
    await visit(`/${ad.vertical}/${ad.id}`);
    expect(await page.getByTestId("ad-edit").count()).toBe(1);
    expect(await page.getByTestId("ad-write").count()).toBe(0);
    expect(await page.getByTestId("ad-contact-bar-write").count()).toBe(0);
  });

  test("on a phone one pane shows at a time; Back returns to the list with focus on the chat left", async ({
    browser,
    server,
    createUser,
    signIn,
    visit,
  }) => {
    const seller = await createUser("seller");
    const buyer = await createUser("buyer");
    const ad = await plainCar(server, seller);
    await withPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true }, async (page) => {
      await signIn(buyer, page);
      await visit(`/settings/chats?ad=${ad.id}`, page);
      await page.waitForURL(/\/settings\/chats\?chat=\d+$/);
      await page.getByTestId("chat-input").waitFor();
      await write(page, "Добрый день");
      await poll(() => messageTexts(page)).toEqual(["Добрый день"]);
      expect(await page.getByTestId("chat-list").isVisible()).toBe(false);
      await page.getByTestId("chat-back").click();
      await poll(() => page.getByTestId("chat-list").isVisible()).toBe(true);
      expect(await page.getByTestId("chat-conversation").count()).toBe(0);
      await poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
        "chat-list-item",
      );
      expect(await page.getByTestId("chat-list-preview").textContent()).toMatch(/Добрый день/);
    });
  });
});
