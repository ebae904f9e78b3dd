import type { ChatMessage, ChatMessageInput } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

/** `POST /api/chats/{id}/messages`: text, photos, or both. The composer shows the error itself. */
export function sendMessage(chatId: number, input: Partial<ChatMessageInput>): Promise<ChatMessage> {
  return api.post<ChatMessage>(`/api/chats/${chatId}/messages`, input, { silent: true });
}
