import { type ServerToClientEvents, SOCKET_PATH } from "@unaa/contracts";
import type { FastifyInstance } from "fastify";
import { decodeJwt } from "jose";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { parseConfig } from "../config.ts";
import { resolveAuthSecret } from "../lib/auth-secret.ts";
import { deriveAuthKeys, signAccessToken } from "../lib/tokens.ts";
import { signUpUser, type TestClient } from "../modules/auth/auth-test-kit.ts";
import { signUpPersona } from "../test/personas.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

type ClientSocket = Socket<ServerToClientEvents>;

let harness: TestApp;
let baseUrl: string;
let user: TestClient;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

beforeAll(async () => {
  harness = await createTestApp();
  baseUrl = await listen(harness.app);
  user = await signUpUser(harness);
});
afterAll(async () => {
  await harness.close();
});

const opened: ClientSocket[] = [];
function open(
  url: string,
  token: string | undefined,
  extraHeaders: Record<string, string> = {},
): ClientSocket {
  const socket: ClientSocket = connect(url, {
    path: SOCKET_PATH,
    transports: ["websocket"],
    reconnection: false,
    extraHeaders,
    ...(token === undefined ? {} : { auth: { token } }),
  });
  opened.push(socket);
  return socket;
}
afterAll(() => {
  for (const socket of opened) socket.close();
});

function next<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => {
    socket.once(event as "exception", resolve as never);
  });
}
const disconnected = (socket: ClientSocket) =>
  new Promise<string>((resolve) => socket.once("disconnect", resolve));

/** A token of this user's session that was signed `ageMs` ago (access tokens live 15 minutes). */
async function tokenSignedAgo(client: TestClient, ageMs: number): Promise<string> {
  const claims = decodeJwt(client.accessToken);
  const keys = deriveAuthKeys(resolveAuthSecret(harness.config));
  return signAccessToken(
    keys.accessToken,
    { userId: Number(claims.sub), sessionId: String(claims.sid), roles: [] },
    Date.now() - ageMs,
  );
}

describe("socket.io at /api/socket", () => {
  it("[S7.32] authenticates with the access token and sends the unread chat ids on connect", async () => {
    const socket = open(baseUrl, user.accessToken);
    expect(await next(socket, "unreadedChatIds")).toEqual({ ids: [] });
    expect(socket.connected).toBe(true);
  });

  it("[S7.32] ends a socket without a token, or with a wrong one, with an UnauthorizedError exception", async () => {
    for (const token of [undefined, "", "not-a-token", `${user.accessToken}x`]) {
      const socket = open(baseUrl, token);
      const ended = disconnected(socket);
      expect(await next(socket, "exception")).toEqual({ status: "UnauthorizedError" });
      expect(await ended).toBe("io server disconnect");
    }
  });

  it("[S4.11] ends a socket whose token has expired with a TokenExpiredError exception", async () => {
    const socket = open(baseUrl, await tokenSignedAgo(user, 16 * 60_000));
    expect(await next(socket, "exception")).toEqual({ status: "TokenExpiredError" });
  });

  it("[S4.11] sends TokenExpiredError when the token expires while the socket is connected", async () => {
    // Signed 14 min 58.5 s ago: valid for a second and a half more.
    const socket = open(baseUrl, await tokenSignedAgo(user, 15 * 60_000 - 1_500));
    await next(socket, "unreadedChatIds");
    const ended = disconnected(socket);
    expect(await next(socket, "exception")).toEqual({ status: "TokenExpiredError" });
    await ended;
  });

  it("ends a blocked user's socket with a BlockedError exception", async () => {
    const blocked = await signUpPersona(harness, "blocked");
    const socket = open(baseUrl, blocked?.accessToken);
    expect(await next(socket, "exception")).toEqual({ status: "BlockedError" });
  });

  it("lets browsers connect only from the site itself (Origin)", async () => {
    const foreign = open(baseUrl, user.accessToken, { Origin: "https://evil.example" });
    const refused = await new Promise<Error>((resolve) => foreign.once("connect_error", resolve));
    expect(refused.message).toBeTruthy();
    expect(foreign.connected).toBe(false);
    for (const origin of [harness.config.publicOrigin, baseUrl]) {
      const own = open(baseUrl, user.accessToken, { Origin: origin });
      expect(await next(own, "unreadedChatIds")).toEqual({ ids: [] });
    }
  });

  it("delivers emitToUser to every socket of that user and to no one else", async () => {
    const other = await signUpUser(harness);
    const [phone, laptop, stranger] = [
      open(baseUrl, user.accessToken),
      open(baseUrl, user.accessToken),
      open(baseUrl, other.accessToken),
    ];
    await Promise.all([phone, laptop, stranger].map((socket) => next(socket, "unreadedChatIds")));
    const strangerGot: unknown[] = [];
    stranger.on("unreadedChatIds", (payload) => strangerGot.push(payload));
    const received = Promise.all([next(phone, "unreadedChatIds"), next(laptop, "unreadedChatIds")]);
    harness.app.realtime.emitToUser(user.userId, "unreadedChatIds", { ids: [3, 5] });
    expect(await received).toEqual([{ ids: [3, 5] }, { ids: [3, 5] }]);
    expect(strangerGot).toEqual([]);
  });

  it("disconnects clients when the app closes", async () => {
    const own = await createTestApp();
    const url = await listen(own.app);
    const client = await signUpUser(own);
    const socket = open(url, client.accessToken);
    await next(socket, "unreadedChatIds");
    const ended = disconnected(socket);
    await own.close();
    expect(await ended).toBeTruthy();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)("two app processes with Redis", () => {
  it("deliver an event sent through one to a socket connected to the other", async () => {
    // The harness's data folder: the same auth secret, so the user's token is good on both.
    const config = parseConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: harness.config.dataDir,
      REDIS_URL: process.env.TEST_REDIS_URL,
    });
    const first = await createApp({ config, database: harness.database });
    const second = await createApp({ config, database: harness.database });
    try {
      const [, secondUrl] = [await listen(first), await listen(second)];
      const socket = open(secondUrl, user.accessToken);
      await next(socket, "unreadedChatIds");
      const received = next(socket, "unreadedChatIds");
      first.realtime.emitToUser(user.userId, "unreadedChatIds", { ids: [42] });
      expect(await received).toEqual({ ids: [42] });
    } finally {
      await first.close();
      await second.close();
    }
  });
});
