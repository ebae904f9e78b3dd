/** socket.io events, typed in one map (spec section 7). */
export const SOCKET_PATH = "/api/socket";

export interface ServerToClientEvents {
  exception: (payload: { status: string; message?: string }) => void;
  unreadedChatIds: (payload: { ids: number[] }) => void;
}

// biome-ignore lint/complexity/noBannedTypes: no client events yet; the chat issue adds them.
export type ClientToServerEvents = {};
