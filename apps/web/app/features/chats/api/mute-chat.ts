import type { Chat } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

/** `PUT /api/chats/{id}/mute`: a muted chat notifies nothing and leaves the header's badge (decision 059). */
export function setChatMuted(chatId: number, muted: boolean): Promise<Chat> {
  return api.put<Chat>(`/api/chats/${chatId}/mute`, { muted });
}
