/**
 * How the chat's realtime events change what TanStack Query holds, as pure functions (tested in
 * `chat-cache.test.ts`); `use-chat-realtime.ts` applies them to the caches.
 */
import type { InfiniteData } from "@tanstack/react-query";
import type {
  Chat,
  ChatListResponse,
  ChatMessage,
  ChatMessagesResponse,
  ChatReadEvent,
} from "@unaa/contracts";

export type ChatPages = InfiniteData<ChatListResponse, string | null>;
export type MessagePages = InfiniteData<ChatMessagesResponse, number | null>;

/** A chat with a new message: its last message, activity time and unread count. */
export function withMessage(chat: Chat, message: ChatMessage, isOpen: boolean): Chat {
  if (chat.lastMessage && chat.lastMessage.id >= message.id) return chat;
  const isUnread = !message.isMine && !isOpen;
  return {
    ...chat,
    lastMessage: message,
    lastActivityAt: message.createdAt,
    unreadCount: isUnread ? chat.unreadCount + 1 : chat.unreadCount,
    // One's own message (from another tab, say) means everything before it was seen.
    ...(message.isMine ? { unreadCount: 0, myLastReadMessageId: message.id } : {}),
  };
}

/**
 * The inbox with a new message: its chat moves to the top. Returns null when the chat is not in
 * the loaded pages (a new chat, or one further down): the list should be fetched again.
 */
export function listWithMessage(
  data: ChatPages,
  message: ChatMessage,
  openChatId: number | null,
): ChatPages | null {
  let found: Chat | undefined;
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.filter((chat) => {
      if (chat.id !== message.chatId) return true;
      found = chat;
      return false;
    }),
  }));
  if (!found) return null;
  const first = pages[0];
  if (!first) return null;
  pages[0] = {
    ...first,
    items: [withMessage(found, message, openChatId === message.chatId), ...first.items],
  };
  return { ...data, pages };
}

/** A conversation with a new message at the bottom (the first page holds the newest), once. */
export function historyWithMessage(data: MessagePages, message: ChatMessage): MessagePages {
  if (data.pages.some((page) => page.items.some((item) => item.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const items = [...first.items, message].sort((a, b) => a.id - b.id);
  return { ...data, pages: [{ ...first, items }, ...rest] };
}

/** A chat after a read receipt: the other's read marks one's messages; one's own clears the count. */
export function withRead(chat: Chat, event: ChatReadEvent, myUserId: number): Chat {
  if (event.readerId === myUserId) {
    if ((chat.myLastReadMessageId ?? 0) >= event.lastReadMessageId) return chat;
    const isAllRead = !chat.lastMessage || chat.lastMessage.id <= event.lastReadMessageId;
    return {
      ...chat,
      myLastReadMessageId: event.lastReadMessageId,
      unreadCount: isAllRead ? 0 : chat.unreadCount,
    };
  }
  if ((chat.otherLastReadMessageId ?? 0) >= event.lastReadMessageId) return chat;
  return { ...chat, otherLastReadMessageId: event.lastReadMessageId };
}

/** Changes one chat wherever it is in the inbox's pages. */
export function listWithChat(data: ChatPages, chatId: number, change: (chat: Chat) => Chat): ChatPages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((chat) => (chat.id === chatId ? change(chat) : chat)),
    })),
  };
}

/** The inbox without a chat (deleted for oneself). */
export function listWithoutChat(data: ChatPages, chatId: number): ChatPages {
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.filter((chat) => chat.id !== chatId) })),
  };
}

/** Whether one's own message has been read by the other member (the second tick). */
export function isReadByOther(chat: Pick<Chat, "otherLastReadMessageId">, message: ChatMessage): boolean {
  return message.isMine && chat.otherLastReadMessageId !== null && message.id <= chat.otherLastReadMessageId;
}
