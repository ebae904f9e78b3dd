import { useQuery } from "@tanstack/react-query";
import type { ChatBlocksResponse } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { chatKeys } from "./chat-keys.ts";

/** `GET /api/chats/blocks`: the users the signed-in user blocked, newest block first. */
export function useBlockedUsers(userId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.blocks(userId),
    queryFn: ({ signal }) => api.get<ChatBlocksResponse>("/api/chats/blocks", { signal, silent: true }),
    enabled: userId !== undefined && enabled,
  });
}
