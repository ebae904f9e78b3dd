import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ChatListResponse } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { chatKeys } from "./chat-keys.ts";

/** `GET /api/chats`: a page of the user's chats, latest activity first. Silent: the inbox says. */
export function getChats(cursor: string | null, signal: AbortSignal): Promise<ChatListResponse> {
  return api.get<ChatListResponse>("/api/chats", { query: { cursor }, signal, silent: true });
}

/** The inbox's list; realtime events change it in place (`chat-cache.ts`). */
export function chatsQueryOptions(userId: number | undefined) {
  return infiniteQueryOptions({
    queryKey: chatKeys.list(userId),
    queryFn: ({ pageParam, signal }) => getChats(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: userId !== undefined,
  });
}

export function useChats(userId: number | undefined) {
  return useInfiniteQuery(chatsQueryOptions(userId));
}
