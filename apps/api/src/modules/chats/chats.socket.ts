import { chatTypingInputSchema } from "@unaa/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { RealtimeSocket } from "../../plugins/realtime.ts";
import type { ChatsService } from "./chats.service.ts";

/**
 * Typing signals closer together than this (per socket and chat) are dropped: a guard against a
 * flood, well under the client's own pace (one every 2.5 s, and at once again after a sent message —
 * a longer window here dropped the first signal of the next message when it followed within a second).
 */
const typingEveryMs = 300;

/**
 * The chat's client events on an authenticated socket: `chat:typing` {chatId}, checked with its
 * contracts schema (anything else is ignored) and relayed to the other member.
 */
export function listenToChatEvents(chatsService: ChatsService, log: FastifyBaseLogger) {
  return (socket: RealtimeSocket, userId: number): void => {
    const lastTyping = new Map<number, number>();
    socket.on("chat:typing", (payload: unknown) => {
      const parsed = chatTypingInputSchema.safeParse(payload);
      if (!parsed.success) return;
      const { chatId } = parsed.data;
      const now = Date.now();
      if (now - (lastTyping.get(chatId) ?? 0) < typingEveryMs) return;
      lastTyping.set(chatId, now);
      chatsService.relayTyping(userId, chatId).catch((error: unknown) => {
        log.error({ err: error }, "chat: typing relay failed");
      });
    });
  };
}
