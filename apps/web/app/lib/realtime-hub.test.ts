import { describe, expect, it, vi } from "vitest";
import { createRealtimeHub, type HubSocket } from "./realtime-hub.ts";

/** A socket.io-client socket as far as the hub uses it; the test plays the server. */
function fakeSocket() {
  const anyListeners = new Set<(event: string, ...args: unknown[]) => void>();
  const connectListeners = new Set<() => void>();
  const sent: unknown[][] = [];
  const socket = {
    connected: false,
    on: (_event: "connect", listener: () => void) => connectListeners.add(listener),
    off: (_event: "connect", listener: () => void) => connectListeners.delete(listener),
    onAny: (listener: (event: string, ...args: unknown[]) => void) => anyListeners.add(listener),
    offAny: (listener: (event: string, ...args: unknown[]) => void) => anyListeners.delete(listener),
    emit: (...args: unknown[]) => sent.push(args),
    connect() {
      socket.connected = true;
      for (const listener of [...connectListeners]) listener();
    },
    receive(event: string, payload: unknown) {
      for (const listener of [...anyListeners]) listener(event, payload);
    },
    sent,
  };
  return socket satisfies HubSocket;
}

describe("the realtime hub", () => {
  it("keeps a feature's listeners across sockets (a new token), and only for the attached socket", () => {
    const hub = createRealtimeHub();
    const heard = vi.fn();
    const stop = hub.on("chat:typing", heard);
    const first = fakeSocket();
    hub.attach(first);
    first.receive("chat:typing", { chatId: 1, userId: 2 });
    const second = fakeSocket();
    hub.attach(second);
    first.receive("chat:typing", { chatId: 9, userId: 2 });
    second.receive("chat:typing", { chatId: 3, userId: 2 });
    expect(heard.mock.calls).toEqual([[{ chatId: 1, userId: 2 }], [{ chatId: 3, userId: 2 }]]);
    stop();
    second.receive("chat:typing", { chatId: 4, userId: 2 });
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it("sends only while connected, and reports reconnections, not the first connection", () => {
    const hub = createRealtimeHub();
    const reconnected = vi.fn();
    hub.onReconnect(reconnected);
    const socket = fakeSocket();
    hub.attach(socket);
    expect(hub.emit("chat:typing", { chatId: 1 })).toBe(false);
    socket.connect();
    expect(reconnected).not.toHaveBeenCalled();
    expect(hub.emit("chat:typing", { chatId: 1 })).toBe(true);
    expect(socket.sent).toEqual([["chat:typing", { chatId: 1 }]]);
    socket.connect();
    expect(reconnected).toHaveBeenCalledTimes(1);
    hub.detach(socket);
    expect(hub.emit("chat:typing", { chatId: 1 })).toBe(false);
  });
});
