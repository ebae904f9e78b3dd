import { api } from "../../../lib/app-state.ts";

/** `DELETE /api/chats/{id}`: removes the chat from the user's inbox; the other side keeps it. */
export function deleteChat(chatId: number): Promise<void> {
  return api.del<void>(`/api/chats/${chatId}`);
}
