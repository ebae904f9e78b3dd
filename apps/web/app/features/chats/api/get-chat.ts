import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Chat } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { chatKeys } from "./chat-keys.ts";

/** `GET /api/chats/{id}`: one chat (a deep link to a chat beyond the list's first page). */
export function getChat(chatId: number, signal: AbortSignal): Promise<Chat> {
  return api.get<Chat>(`/api/chats/${chatId}`, { signal, silent: true });
}

export function chatQueryOptions(userId: number | undefined, chatId: number | null) {
  return queryOptions({
    queryKey: chatKeys.chat(userId, chatId ?? 0),
    queryFn: ({ signal }) => getChat(chatId ?? 0, signal),
    enabled: userId !== undefined && chatId !== null,
  });
}

export function useChat(userId: number | undefined, chatId: number | null) {
  return useQuery(chatQueryOptions(userId, chatId));
}
