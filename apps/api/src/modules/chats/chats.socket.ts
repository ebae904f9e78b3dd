import { chatTypingInputSchema } from "@unaa/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { RealtimeSocket } from "../../plugins/realtime.ts";
import type { ChatsService } from "./chats.service.ts";

/** Typing signals closer together than this (per socket and chat) are dropped. */
const typingEveryMs = 1000;

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
