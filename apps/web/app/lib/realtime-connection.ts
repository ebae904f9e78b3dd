/**
 * The realtime connection of spec section 4 (S4.8–S4.11): a socket.io socket at /api/socket that
 * follows the access token of the client state. It connects when a token exists, reconnects with the
 * new token when it changes and disconnects when it is cleared (S4.8); once connected it listens for
 * the unread chat ids and stores them (S4.9); on disconnect it stops listening and empties the list
 * (S4.10). An `exception` with status TokenExpiredError disconnects, refreshes the session (which
 * stores the user and the new token) and so reconnects (S4.11); any other exception is only logged
 * (S8.4).
 */
import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATH,
  socketExceptionStatuses,
} from "@unaa/contracts";
import type { Socket } from "socket.io-client";
import type { HubSocket, RealtimeHub } from "./realtime-hub.ts";

/** The part of socket.io-client's `Socket` this module uses (a type only: the library loads lazily). */
export type RealtimeSocket = Pick<
  Socket<ServerToClientEvents, ClientToServerEvents>,
  "on" | "off" | "disconnect"
>;

export interface RealtimeConnectionOptions {
  /** The token and the unread ids live in the client state (S3.2). */
  state: {
    getSnapshot(): { accessToken: string };
    subscribe(listener: () => void): () => void;
    setUnreadChatIds(ids: readonly number[]): void;
  };
  /** A socket authenticated with this token (socket.io-client, loaded when first needed). */
  connect(token: string): Promise<RealtimeSocket>;
  /** The shared session refresh (S4.3): stores the user and the new token, or clears the session. */
  refresh(): Promise<unknown>;
  log?: (message: string, detail?: unknown) => void;
  /** Where features hear the socket's other events (the chat); each socket opened is attached. */
  hub?: Pick<RealtimeHub, "attach" | "detach">;
}

/** Starts following the token; returns the function that stops (and disconnects). */
export function startRealtimeConnection(options: RealtimeConnectionOptions): () => void {
  const log = options.log ?? ((message, detail) => console.warn(message, detail));
  let token = "";
  let socket: RealtimeSocket | null = null;
  /** Bumped whenever the token changes: a socket still loading for an older token is dropped. */
  let generation = 0;

  const storeUnread = ({ ids }: { ids: number[] }) => options.state.setUnreadChatIds(ids);

  function close(): void {
    const current = socket;
    socket = null;
    if (current && options.hub) options.hub.detach(current as unknown as HubSocket);
    // disconnect() fires "disconnect", which stops listening and empties the list (S4.10).
    current?.disconnect();
  }

  async function open(forToken: string, forGeneration: number): Promise<void> {
    let opened: RealtimeSocket;
    try {
      opened = await options.connect(forToken);
    } catch (error) {
      log("realtime: could not load the connection", error);
      return;
    }
    if (forGeneration !== generation) {
      opened.disconnect();
      return;
    }
    socket = opened;
    options.hub?.attach(opened as unknown as HubSocket);
    opened.on("connect", () => {
      opened.off("unreadedChatIds", storeUnread);
      opened.on("unreadedChatIds", storeUnread);
    });
    opened.on("disconnect", () => {
      opened.off("unreadedChatIds", storeUnread);
      options.state.setUnreadChatIds([]);
    });
    opened.on("exception", ({ status, message }) => {
      if (status !== socketExceptionStatuses.tokenExpired) {
        log(`realtime: ${status}`, message);
        return;
      }
      if (socket === opened) close();
      // The refreshed token reaches the state, which reconnects; a failed refresh clears the session.
      // A token issued in the same second as the last one is the same string and changes nothing in
      // the state: then this reconnects with it itself.
      const before = generation;
      options
        .refresh()
        .then(() => {
          if (generation === before && token && !socket) {
            generation += 1;
            void open(token, generation);
          }
        })
        .catch((error: unknown) => log("realtime: refresh after TokenExpiredError failed", error));
    });
  }

  function follow(): void {
    const next = options.state.getSnapshot().accessToken;
    if (next === token) return;
    token = next;
    generation += 1;
    close();
    if (token) void open(token, generation);
  }

  const unsubscribe = options.state.subscribe(follow);
  follow();
  return () => {
    unsubscribe();
    generation += 1;
    close();
  };
}

/** socket.io-client, fetched only once a signed-in page needs it (guests never load it). */
export async function connectSocket(token: string): Promise<RealtimeSocket> {
  const { io } = await import("socket.io-client");
  return io({ path: SOCKET_PATH, auth: { token }, transports: ["websocket"] });
}
