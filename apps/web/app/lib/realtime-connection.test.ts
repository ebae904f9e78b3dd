import { describe, expect, it, vi } from "vitest";
import { type AuthUser, createClientState } from "./client-state.ts";
import { type RealtimeSocket, startRealtimeConnection } from "./realtime-connection.ts";

/** A socket that records its listeners; the test plays the server. */
class FakeSocket {
  listeners = new Map<string, Set<(...args: never[]) => void>>();
  disconnected = false;
  readonly token: string;
  constructor(token: string) {
    this.token = token;
  }
  on(event: string, listener: (...args: never[]) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }
  off(event: string, listener?: (...args: never[]) => void) {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }
  disconnect() {
    if (this.disconnected) return this;
    this.disconnected = true;
    this.receive("disconnect");
    return this;
  }
  receive(event: string, payload?: unknown) {
    for (const listener of [...(this.listeners.get(event) ?? [])])
      (listener as (value: unknown) => void)(payload);
  }
  listens(event: string) {
    return (this.listeners.get(event)?.size ?? 0) > 0;
  }
}

const user = (id: number): AuthUser => ({
  id,
  username: `user${id}`,
  avatar: null,
  email: null,
  phones: [],
  roles: [],
  favoriteAds: [],
});

function setUp() {
  const state = createClientState();
  const sockets: FakeSocket[] = [];
  const refresh = vi.fn(async () => {
    state.setSession(user(1), "token-2");
  });
  const log = vi.fn();
  const stop = startRealtimeConnection({
    state,
    refresh,
    log,
    connect: async (token) => {
      const socket = new FakeSocket(token);
      sockets.push(socket);
      return socket as unknown as RealtimeSocket;
    },
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { state, sockets, refresh, log, stop, settle };
}

describe("the realtime connection", () => {
  it("[S4.8] connects when a token exists, reconnects with a new token, disconnects when it is cleared", async () => {
    const { state, sockets, settle } = setUp();
    await settle();
    expect(sockets).toHaveLength(0);
    state.setSession(user(1), "token-1");
    await settle();
    expect(sockets.map((socket) => socket.token)).toEqual(["token-1"]);
    state.setAccessToken("token-2");
    await settle();
    expect(sockets.map((socket) => [socket.token, socket.disconnected])).toEqual([
      ["token-1", true],
      ["token-2", false],
    ]);
    state.clearSession();
    await settle();
    expect(sockets.every((socket) => socket.disconnected)).toBe(true);
    expect(sockets).toHaveLength(2);
  });

  it("[S4.8] drops a socket still loading for a token that has changed meanwhile", async () => {
    const { state, sockets, settle } = setUp();
    state.setSession(user(1), "token-1");
    state.setAccessToken("token-2");
    await settle();
    expect(sockets.filter((socket) => !socket.disconnected).map((socket) => socket.token)).toEqual([
      "token-2",
    ]);
  });

  it("[S4.9] listens for the unread chat ids once connected and stores them", async () => {
    const { state, sockets, settle } = setUp();
    state.setSession(user(1), "token-1");
    await settle();
    const [socket] = sockets;
    expect(socket?.listens("unreadedChatIds")).toBe(false);
    socket?.receive("connect");
    socket?.receive("unreadedChatIds", { ids: [4, 9] });
    expect(state.getSnapshot().unreadChatIds).toEqual([4, 9]);
  });

  it("[S4.10] stops listening and empties the unread list on disconnect", async () => {
    const { state, sockets, settle } = setUp();
    state.setSession(user(1), "token-1");
    await settle();
    const [socket] = sockets;
    socket?.receive("connect");
    socket?.receive("unreadedChatIds", { ids: [4] });
    socket?.receive("disconnect");
    expect(state.getSnapshot().unreadChatIds).toEqual([]);
    expect(socket?.listens("unreadedChatIds")).toBe(false);
    // A reconnect (socket.io retries by itself) listens again, once.
    socket?.receive("connect");
    socket?.receive("unreadedChatIds", { ids: [6] });
    expect(state.getSnapshot().unreadChatIds).toEqual([6]);
  });

  it("[S4.11] on TokenExpiredError disconnects, refreshes, stores the user and token, and reconnects", async () => {
    const { state, sockets, refresh, settle } = setUp();
    state.setSession(user(1), "token-1");
    await settle();
    sockets[0]?.receive("connect");
    sockets[0]?.receive("exception", { status: "TokenExpiredError" });
    expect(sockets[0]?.disconnected).toBe(true);
    await settle();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(state.getSnapshot()).toMatchObject({ accessToken: "token-2", auth: { id: 1 } });
    expect(sockets.map((socket) => [socket.token, socket.disconnected])).toEqual([
      ["token-1", true],
      ["token-2", false],
    ]);
  });

  it("[S4.11] reconnects after TokenExpiredError also when the refreshed token is the same string", async () => {
    const { state, sockets, refresh, settle } = setUp();
    // A token signed in the same second as the last one is byte for byte the same.
    refresh.mockImplementation(async () => state.setSession(user(1), "token-1"));
    state.setSession(user(1), "token-1");
    await settle();
    sockets[0]?.receive("connect");
    sockets[0]?.receive("exception", { status: "TokenExpiredError" });
    await settle();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sockets.map((socket) => [socket.token, socket.disconnected])).toEqual([
      ["token-1", true],
      ["token-1", false],
    ]);
  });

  it("[S8.4] only logs other socket exceptions", async () => {
    const { state, sockets, refresh, log, settle } = setUp();
    state.setSession(user(1), "token-1");
    await settle();
    sockets[0]?.receive("exception", { status: "BlockedError" });
    expect(log).toHaveBeenCalledWith("realtime: BlockedError", undefined);
    expect(refresh).not.toHaveBeenCalled();
    expect(sockets[0]?.disconnected).toBe(false);
  });

  it("disconnects when stopped", async () => {
    const { state, sockets, stop, settle } = setUp();
    state.setSession(user(1), "token-1");
    await settle();
    stop();
    expect(sockets[0]?.disconnected).toBe(true);
  });
});
