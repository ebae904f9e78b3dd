/**
 * The app's side of the realtime socket for features (the chat): listeners for the server's events
 * that outlive any one socket, and sending while connected. The realtime connection
 * (`realtime-connection.ts`) attaches each socket it opens and detaches it when it closes, so a
 * feature subscribes once and keeps hearing across reconnects and token changes.
 */
import type { ClientToServerEvents, ServerToClientEvents } from "@unaa/contracts";

type ServerEvent = keyof ServerToClientEvents;
type ClientEvent = keyof ClientToServerEvents;

/** What the hub needs of a socket.io-client socket. */
export interface HubSocket {
  readonly connected: boolean;
  on(event: "connect", listener: () => void): unknown;
  off(event: "connect", listener: () => void): unknown;
  onAny(listener: (event: string, ...args: unknown[]) => void): unknown;
  offAny(listener: (event: string, ...args: unknown[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
}

export interface RealtimeHub {
  /** Listens for a server event on every socket to come; returns the function that stops. */
  on<E extends ServerEvent>(event: E, listener: ServerToClientEvents[E]): () => void;
  /**
   * Runs on every connection after the page's first (a reconnection, a new token): what came while
   * away should be fetched again. The first needs nothing: the page has just fetched.
   */
  onReconnect(listener: () => void): () => void;
  /** Sends while connected; dropped otherwise (only passing signals such as "typing" go here). */
  emit<E extends ClientEvent>(event: E, ...args: Parameters<ClientToServerEvents[E]>): boolean;
  attach(socket: HubSocket): void;
  detach(socket: HubSocket): void;
}

export function createRealtimeHub(): RealtimeHub {
  const listeners = new Map<string, Set<(...args: never[]) => void>>();
  const connectListeners = new Set<() => void>();
  let current: HubSocket | null = null;
  let hasConnected = false;

  const dispatch = (event: string, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      (listener as (...values: unknown[]) => void)(...args);
    }
  };
  const connected = () => {
    if (!hasConnected) {
      hasConnected = true;
      return;
    }
    for (const listener of [...connectListeners]) listener();
  };

  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener as (...args: never[]) => void);
      return () => {
        set.delete(listener as (...args: never[]) => void);
      };
    },
    onReconnect(listener) {
      connectListeners.add(listener);
      return () => {
        connectListeners.delete(listener);
      };
    },
    emit(event, ...args) {
      if (!current?.connected) return false;
      current.emit(event, ...args);
      return true;
    },
    attach(socket) {
      if (current) this.detach(current);
      current = socket;
      socket.onAny(dispatch);
      socket.on("connect", connected);
    },
    detach(socket) {
      socket.offAny(dispatch);
      socket.off("connect", connected);
      if (current === socket) current = null;
    },
  };
}

/** The browser's one hub, fed by the realtime connection started in the root. */
export const realtimeHub: RealtimeHub = createRealtimeHub();
