import type { ChatReport, ChatReportInput } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

/** `POST /api/chats/{id}/report`: to the moderators' complaints queue, with a reason code. */
export function reportChat(chatId: number, input: ChatReportInput): Promise<ChatReport> {
  return api.post<ChatReport>(`/api/chats/${chatId}/report`, input, { silent: true });
}
