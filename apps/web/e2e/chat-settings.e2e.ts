/**
 * The chat's and notifications' settings in the browser (decision 059): muting a chat keeps it off
 * the header's badge, the blocked users list unblocks, and the full notification list pages, marks
 * one and all read.
 */
import { apiCall, carAdBody, pickCamry, publishAd, type SeededUser } from "./ad-seed.ts";
import { describe, expect, poll, type SharedServer, test, waitForHydration } from "./fixtures.ts";

async function chatAbout(server: SharedServer, seller: SeededUser, buyer: SeededUser): Promise<number> {
  const ad = await publishAd(server, seller.accessToken, carAdBody(await pickCamry(server), []));
  return (await apiCall<{ id: number }>(server, "POST", "/api/chats", { adId: ad.id }, buyer.accessToken)).id;
}

function say(server: SharedServer, from: SeededUser, chatId: number, text: string) {
  return apiCall(server, "POST", `/api/chats/${chatId}/messages`, { text }, from.accessToken);
}

describe("chat and notification settings", () => {
  test("[P9] a muted chat stays off the header's badge; the blocked users list unblocks", {
    timeout: 180_000,
  }, async ({ page, server, createUser, signIn, visit }) => {
    const seller = await createUser("seller");
    const [quiet, loud] = [await createUser("quiet"), await createUser("loud")];
    const quietChat = await chatAbout(server, seller, quiet);
    const loudChat = await chatAbout(server, seller, loud);
    await say(server, quiet, quietChat, "Добрый день");

    await signIn(seller);
    await visit(`/settings/chats?chat=${quietChat}`);
    await waitForHydration(page);
    const badge = page.getByTestId("header-chats");
    await page.getByTestId("chat-actions").click();
    await page.getByTestId("chat-mute").click();
    const quietItem = page.locator(`[data-testid="chat-list-item"][data-chat-id="${quietChat}"]`);
    await poll(() => quietItem.getByTestId("chat-muted").count()).toBe(1);

    // Away from the conversation, a message in each chat: only the unmuted one lights the badge.
    await visit("/settings/chats");
    await waitForHydration(page);
    await poll(() => badge.getAttribute("data-unread")).toBe("0");
    await say(server, quiet, quietChat, "Ещё вопрос");
    await say(server, loud, loudChat, "Здравствуйте!");
    await poll(() => badge.getAttribute("data-unread")).toBe("1");
    // The inbox still counts the muted chat's message.
    await poll(() => quietItem.getByTestId("chat-unread").count()).toBe(1);

    // Unmuting from the menu.
    await quietItem.click();
    await page.getByTestId("chat-actions").click();
    await page.getByTestId("chat-unmute").click();
    await poll(() => quietItem.getByTestId("chat-muted").count()).toBe(0);

    // Blocking, then the list of blocked users, where the block is lifted.
    await page.getByTestId("chat-actions").click();
    await page.getByTestId("chat-block").click();
    await poll(() => page.getByTestId("chat-cannot-write").count()).toBe(1);
    await page.getByTestId("chat-blocked-open").click();
    const blocked = page.getByTestId("chat-blocked-user");
    await poll(() => blocked.count()).toBe(1);
    expect(await blocked.getAttribute("data-user-id")).toBe(String(quiet.userId));
    expect(await blocked.textContent()).toContain(quiet.username);
    await blocked.getByTestId("chat-blocked-unblock").click();
    await poll(() => page.getByTestId("chat-blocked-empty").count()).toBe(1);
    await page.keyboard.press("Escape");
    await page.getByTestId("chat-input").waitFor();
  });

  test("[P9] the notification list: pages, mark one read, mark all read; the bell's panel links to it", {
    timeout: 180_000,
  }, async ({ page, server, createUser, signIn, visit }) => {
    const seller = await createUser("seller");
    const buyer = await createUser("buyer");
    const chatId = await chatAbout(server, seller, buyer);
    // The seller is away (no socket): each message is a notification.
    for (let index = 1; index <= 22; index += 1) await say(server, buyer, chatId, `Вопрос ${index}`);

    await signIn(seller);
    await visit("/favorites");
    await waitForHydration(page);
    const bell = page.getByTestId("header-notifications");
    await poll(() => bell.getAttribute("data-unread")).toBe("22");
    await bell.click();
    await page.getByTestId("notifications-see-all").click();
    await page.waitForURL(/\/settings\/notifications$/);

    const rows = page.getByTestId("notification-row");
    await poll(() => rows.count()).toBe(20);
    expect(await rows.first().textContent()).toContain("Вопрос 22");
    await page.getByTestId("notifications-page-more").click();
    await poll(() => rows.count()).toBe(22);
    expect(await rows.last().textContent()).toContain("Вопрос 1");
    expect(await page.getByTestId("notifications-page-more").count()).toBe(0);

    await rows.first().getByTestId("notification-mark-read").click();
    await poll(() => rows.first().getAttribute("data-unread")).toBeNull();
    await poll(() => bell.getAttribute("data-unread")).toBe("21");

    await page.getByTestId("notifications-page-read-all").click();
    await poll(() => page.locator('[data-testid="notification-row"][data-unread]').count()).toBe(0);
    await poll(() => bell.getAttribute("data-unread")).toBe("0");
    // The server agrees.
    await page.reload();
    await waitForHydration(page);
    await poll(() => rows.count()).toBe(20);
    expect(await page.locator('[data-testid="notification-row"][data-unread]').count()).toBe(0);

    // A notification's link leads to its chat.
    await rows.first().getByRole("link").click();
    await page.waitForURL(new RegExp(`/settings/chats\\?chat=${chatId}$`));
  });
});
