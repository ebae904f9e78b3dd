/** socket.io events, typed in one map (spec section 7). */
import type { ChatMessageEvent, ChatReadEvent, ChatTypingEvent, ChatTypingInput } from "./chat.ts";
import type { Notification } from "./notifications.ts";
import type { SavedSearchMatchEvent } from "./saved-searches.ts";

export const SOCKET_PATH = "/api/socket";

/**
 * The `status` of a socket `exception`. The spec names `TokenExpiredError` (S4.11: the client
 * refreshes and reconnects); any other status is only logged by the client (S8.4).
 */
export const socketExceptionStatuses = {
  tokenExpired: "TokenExpiredError",
  unauthorized: "UnauthorizedError",
  blocked: "BlockedError",
} as const;
export type SocketExceptionStatus = (typeof socketExceptionStatuses)[keyof typeof socketExceptionStatuses];

export interface ServerToClientEvents {
  exception: (payload: { status: SocketExceptionStatus; message?: string }) => void;
  /** The user's chats with unread messages: on connect, and again whenever the list changes. */
  unreadedChatIds: (payload: { ids: number[] }) => void;
  /** A message in one of the user's chats (theirs too, for their other tabs). */
  "message:new": (payload: ChatMessageEvent) => void;
  /** Read receipts: a member read a chat up to a message. */
  "chat:read": (payload: ChatReadEvent) => void;
  /** The other member is typing. */
  "chat:typing": (payload: ChatTypingEvent) => void;
  /** A new notification of the user (decision 054), as `GET /api/notifications` lists it. */
  "notification:new": (payload: Notification) => void;
  /** The user's unread notifications: after a new one, and after reads. */
  "notifications:unread": (payload: { count: number }) => void;
  /** A followed search has new ads (decision 055). */
  "savedSearch:match": (payload: SavedSearchMatchEvent) => void;
}

/** Client events; the server checks each payload (`chatTypingInputSchema`) and ignores bad ones. */
export interface ClientToServerEvents {
  "chat:typing": (payload: ChatTypingInput) => void;
}

/** What a client sends in the handshake (`io(url, { auth })`): its access token. */
export interface SocketHandshakeAuth {
  token: string;
}
