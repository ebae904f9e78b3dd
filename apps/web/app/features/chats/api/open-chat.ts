import type { Chat, ChatOpenInput } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

/** `POST /api/chats`: opens the chat about an ad (or with a profile), or resumes the existing one. */
export function openChat(input: ChatOpenInput): Promise<Chat> {
  return api.post<Chat>("/api/chats", input, { silent: true });
}
