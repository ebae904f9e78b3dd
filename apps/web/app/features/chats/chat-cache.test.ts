import type { Chat, ChatMessage } from "@unaa/contracts";
import { describe, expect, it } from "vitest";
import {
  type ChatPages,
  historyWithMessage,
  isReadByOther,
  listWithMessage,
  type MessagePages,
  withRead,
} from "./chat-cache.ts";

const me = 1;
const other = 2;

function message(id: number, chatId: number, isMine: boolean): ChatMessage {
  return {
    id,
    chatId,
    senderId: isMine ? me : other,
    isMine,
    text: `m${id}`,
    photos: [],
    warnings: [],
    createdAt: new Date(Date.UTC(2026, 10, 26, 0, id)).toISOString(),
  };
}

function chat(id: number, lastMessageId: number, unreadCount = 0): Chat {
  return {
    id,
    subject: "ad",
    ad: null,
    isMyAd: false,
    other: { id: other, name: "seller", avatar: null, isDeleted: false },
    lastMessage: message(lastMessageId, id, false),
    unreadCount,
    myLastReadMessageId: null,
    otherLastReadMessageId: null,
    isBlockedByMe: false,
    isMuted: false,
    canWrite: true,
    lastActivityAt: "2026-11-26T00:00:00.000Z",
    createdAt: "2026-11-26T00:00:00.000Z",
  };
}

const list = (...pages: Chat[][]): ChatPages => ({
  pages: pages.map((items, index) => ({ items, nextCursor: index < pages.length - 1 ? `c${index}` : null })),
  pageParams: pages.map((_, index) => (index === 0 ? null : `c${index - 1}`)),
});

describe("the inbox and conversations follow the socket", () => {
  it("[S4.9] a new message moves its chat to the top and counts as unread unless the chat is open", () => {
    const data = list([chat(10, 5), chat(11, 4)], [chat(12, 3, 2)]);
    const moved = listWithMessage(data, message(20, 12, false), null);
    expect(moved?.pages[0]?.items.map((item) => [item.id, item.unreadCount, item.lastMessage?.id])).toEqual([
      [12, 3, 20],
      [10, 0, 5],
      [11, 0, 4],
    ]);
    expect(moved?.pages[1]?.items).toEqual([]);
    const open = listWithMessage(data, message(20, 12, false), 12);
    expect(open?.pages[0]?.items[0]?.unreadCount).toBe(2);
    // One's own message (another tab) reads the chat.
    const mine = listWithMessage(data, message(21, 12, true), null);
    expect(mine?.pages[0]?.items[0]).toMatchObject({ unreadCount: 0, myLastReadMessageId: 21 });
  });

  it("asks for the list again when the chat is not loaded (a new chat)", () => {
    expect(listWithMessage(list([chat(10, 5)]), message(20, 99, false), null)).toBeNull();
  });

  it("adds a message to the bottom of a conversation once, whatever order events arrive in", () => {
    const data: MessagePages = {
      pages: [
        { items: [message(5, 10, false), message(7, 10, true)], nextBefore: 5 },
        { items: [message(3, 10, false)], nextBefore: null },
      ],
      pageParams: [null, 5],
    };
    const once = historyWithMessage(data, message(9, 10, false));
    expect(once.pages[0]?.items.map((item) => item.id)).toEqual([5, 7, 9]);
    expect(historyWithMessage(once, message(9, 10, false))).toBe(once);
    // The answer to one's own send and its socket echo may come in either order.
    expect(historyWithMessage(once, message(8, 10, true)).pages[0]?.items.map((item) => item.id)).toEqual([
      5, 7, 8, 9,
    ]);
  });

  it("read receipts: the other's read marks one's messages read; one's own read clears the count", () => {
    const start = { ...chat(10, 9, 3), otherLastReadMessageId: 4 };
    const readByOther = withRead(start, { chatId: 10, readerId: other, lastReadMessageId: 8 }, me);
    expect(readByOther.otherLastReadMessageId).toBe(8);
    expect(isReadByOther(readByOther, message(8, 10, true))).toBe(true);
    expect(isReadByOther(readByOther, message(9, 10, true))).toBe(false);
    // An older receipt arriving late changes nothing.
    expect(withRead(readByOther, { chatId: 10, readerId: other, lastReadMessageId: 6 }, me)).toBe(
      readByOther,
    );
    const readByMe = withRead(start, { chatId: 10, readerId: me, lastReadMessageId: 9 }, me);
    expect(readByMe).toMatchObject({ unreadCount: 0, myLastReadMessageId: 9 });
  });
});
