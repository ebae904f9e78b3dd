/** socket.io events, typed in one map (spec section 7). */
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
  unreadedChatIds: (payload: { ids: number[] }) => void;
}

// biome-ignore lint/complexity/noBannedTypes: no client events yet; the chat adds them.
export type ClientToServerEvents = {};

/** What a client sends in the handshake (`io(url, { auth })`): its access token. */
export interface SocketHandshakeAuth {
  token: string;
}
