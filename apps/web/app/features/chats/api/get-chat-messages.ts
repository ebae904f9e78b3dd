import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ChatMessagesResponse } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { chatKeys } from "./chat-keys.ts";

/** `GET /api/chats/{id}/messages`: a page of history before a message id (keyset), oldest first. */
export function getChatMessages(
  chatId: number,
  before: number | null,
  signal: AbortSignal,
): Promise<ChatMessagesResponse> {
  return api.get<ChatMessagesResponse>(`/api/chats/${chatId}/messages`, {
    query: { before },
    signal,
    silent: true,
  });
}

/**
 * A conversation: the first page is the newest messages, each next page ("load earlier") the ones
 * before it. New messages from the socket are appended to the first page (`chat-cache.ts`).
 */
export function chatMessagesQueryOptions(userId: number | undefined, chatId: number | null) {
  return infiniteQueryOptions({
    queryKey: chatKeys.messages(userId, chatId ?? 0),
    queryFn: ({ pageParam, signal }) => getChatMessages(chatId ?? 0, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
    enabled: userId !== undefined && chatId !== null,
  });
}

export function useChatMessages(userId: number | undefined, chatId: number | null) {
  return useInfiniteQuery(chatMessagesQueryOptions(userId, chatId));
}
