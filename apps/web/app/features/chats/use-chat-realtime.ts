/**
 * The inbox's realtime side: `message:new`, `chat:read` and `unreadedChatIds` change the chat
 * caches in place (`chat-cache.ts`), `chat:typing` shows who types; after a reconnection the chats
 * are fetched again (what came while away). Sending "typing" is throttled (`useTypingSignal`).
 */
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import type { Chat, ChatMessage } from "@unaa/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { realtimeHub } from "../../lib/realtime-hub.ts";
import { chatKeys } from "./api/chat-keys.ts";
import {
  type ChatPages,
  historyWithMessage,
  listWithChat,
  listWithMessage,
  type MessagePages,
  withMessage,
  withRead,
} from "./chat-cache.ts";

/** How long "typing…" shows after the last signal; the sender repeats it while typing goes on. */
const TYPING_SHOWN_MS = 5_000;
/** At most one "typing" signal per chat this often. */
export const TYPING_SIGNAL_MS = 2_500;

/** Puts a message into the caches: the conversation (when loaded), the chat, the inbox. */
export function storeMessage(
  queryClient: QueryClient,
  userId: number | undefined,
  message: ChatMessage,
  openChatId: number | null,
): void {
  const isOpen = openChatId === message.chatId;
  queryClient.setQueryData<MessagePages>(chatKeys.messages(userId, message.chatId), (data) =>
    data ? historyWithMessage(data, message) : data,
  );
  queryClient.setQueryData<Chat>(chatKeys.chat(userId, message.chatId), (chat) =>
    chat ? withMessage(chat, message, isOpen) : chat,
  );
  const listKey = chatKeys.list(userId);
  const list = queryClient.getQueryData<ChatPages>(listKey);
  if (!list) return;
  const next = listWithMessage(list, message, openChatId);
  if (next) queryClient.setQueryData(listKey, next);
  else void queryClient.invalidateQueries({ queryKey: listKey });
}

/** Changes one chat in the inbox and in its own cache. */
export function changeChat(
  queryClient: QueryClient,
  userId: number | undefined,
  chatId: number,
  change: (chat: Chat) => Chat,
): void {
  queryClient.setQueryData<ChatPages>(chatKeys.list(userId), (data) =>
    data ? listWithChat(data, chatId, change) : data,
  );
  queryClient.setQueryData<Chat>(chatKeys.chat(userId, chatId), (chat) => (chat ? change(chat) : chat));
}

/**
 * Listens while the inbox is open. Returns the chats whose other member is typing now, and a
 * function that clears one (their message arrived).
 */
export function useChatRealtime(userId: number | undefined, openChatId: number | null) {
  const queryClient = useQueryClient();
  const [typing, setTyping] = useState<ReadonlySet<number>>(new Set());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const openRef = useRef(openChatId);
  openRef.current = openChatId;

  const stopTyping = useCallback((chatId: number) => {
    clearTimeout(timers.current.get(chatId));
    timers.current.delete(chatId);
    setTyping((current) => {
      if (!current.has(chatId)) return current;
      const next = new Set(current);
      next.delete(chatId);
      return next;
    });
  }, []);

  useEffect(() => {
    if (userId === undefined) return;
    const stops = [
      realtimeHub.on("message:new", ({ message }) => {
        if (!message.isMine) stopTyping(message.chatId);
        storeMessage(queryClient, userId, message, openRef.current);
      }),
      realtimeHub.on("chat:read", (event) => {
        changeChat(queryClient, userId, event.chatId, (chat) => withRead(chat, event, userId));
      }),
      realtimeHub.on("chat:typing", ({ chatId, userId: typist }) => {
        if (typist === userId) return;
        clearTimeout(timers.current.get(chatId));
        timers.current.set(
          chatId,
          setTimeout(() => stopTyping(chatId), TYPING_SHOWN_MS),
        );
        setTyping((current) => (current.has(chatId) ? current : new Set(current).add(chatId)));
      }),
      realtimeHub.on("unreadedChatIds", ({ ids }) => {
        // A chat with news that the loaded inbox does not show yet: fetch the list again.
        const list = queryClient.getQueryData<ChatPages>(chatKeys.list(userId));
        const known = new Set(list?.pages.flatMap((page) => page.items.map((chat) => chat.id)) ?? []);
        if (list && ids.some((id) => !known.has(id))) {
          void queryClient.invalidateQueries({ queryKey: chatKeys.list(userId) });
        }
      }),
      // Back after a disconnection: what came meanwhile is fetched again.
      realtimeHub.onReconnect(() => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.all(userId) });
      }),
    ];
    const pending = timers.current;
    return () => {
      for (const stop of stops) stop();
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, [queryClient, userId, stopTyping]);

  return { typing, stopTyping };
}

/**
 * Sends `chat:typing` for this chat at most every TYPING_SIGNAL_MS while the user types (`signal`);
 * a sent message ends the run (`reset`), so typing the next one is told at once.
 */
export function useTypingSignal(chatId: number): { signal: () => void; reset: () => void } {
  const last = useRef(0);
  const signal = useCallback(() => {
    const now = Date.now();
    if (now - last.current < TYPING_SIGNAL_MS) return;
    if (realtimeHub.emit("chat:typing", { chatId })) last.current = now;
  }, [chatId]);
  const reset = useCallback(() => {
    last.current = 0;
  }, []);
  return { signal, reset };
}
