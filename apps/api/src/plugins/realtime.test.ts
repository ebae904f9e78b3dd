import { SOCKET_PATH } from "@unaa/contracts";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";

let harness: TestApp;
let baseUrl: string;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.listen({ port: 0, host: "127.0.0.1" });
  const address = harness.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(async () => {
  await harness.close();
});

describe("socket.io at /api/socket", () => {
  it("[S7.32] accepts a websocket connection on the same port as the API", async () => {
    const socket = connect(baseUrl, { path: SOCKET_PATH, transports: ["websocket"], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it("delivers emitToUser only to that user's room", async () => {
    const socket = connect(baseUrl, { path: SOCKET_PATH, transports: ["websocket"], reconnection: false });
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    const [serverSocket] = await harness.app.realtime.io.fetchSockets();
    serverSocket?.join("user:42");
    const received = new Promise<{ ids: number[] }>((resolve) => socket.once("unreadedChatIds", resolve));
    harness.app.realtime.emitToUser(7, "unreadedChatIds", { ids: [1] });
    harness.app.realtime.emitToUser(42, "unreadedChatIds", { ids: [3, 5] });
    expect(await received).toEqual({ ids: [3, 5] });
    socket.close();
  });

  it("disconnects clients when the app closes", async () => {
    const own = await createTestApp();
    await own.app.listen({ port: 0, host: "127.0.0.1" });
    const address = own.app.server.address();
    const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const socket = connect(url, { path: SOCKET_PATH, transports: ["websocket"], reconnection: false });
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    const disconnected = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    await own.close();
    expect(await disconnected).toBeTruthy();
  });
});
