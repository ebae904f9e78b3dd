import type { ChatBlockResponse } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

/** Blocks a user (they can no longer write to the user) or lifts the block. */
export function setUserBlocked(userId: number, isBlocked: boolean): Promise<ChatBlockResponse> {
  const path = `/api/chats/blocks/${userId}`;
  return isBlocked ? api.put<ChatBlockResponse>(path) : api.del<ChatBlockResponse>(path);
}
