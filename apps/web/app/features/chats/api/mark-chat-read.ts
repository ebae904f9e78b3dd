import type { ChatReadResponse } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

/** `POST /api/chats/{id}/read`: the user has read the chat up to this message. */
export function markChatRead(chatId: number, messageId: number): Promise<ChatReadResponse> {
  return api.post<ChatReadResponse>(`/api/chats/${chatId}/read`, { messageId }, { silent: true });
}
