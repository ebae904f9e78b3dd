// The load-generator process of `npm run bench:realtime` (realtime.ts starts it with an IPC
// channel): socket.io clients and the chat's HTTP calls, on a clock of its own, so a message's
// delivery time is read where it was sent. Commands from the parent:
//   connect: opens sockets round-robin over the users' tokens; answers when each got its unread ids.
//   open: opens (or resumes) a chat per pair of users.
//   chat: sends messages in those chats at a steady rate (alternating sides) and times each from the
//         send to its first arrival on a socket of the receiver.
import { readFileSync } from "node:fs";
import {
  type ChatMessageEvent,
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATH,
} from "@unaa/contracts";
import { io, type Socket } from "socket.io-client";

export type ClientCommand =
  | { type: "connect"; url: string; tokensFile: string; sockets: number }
  | { type: "open"; pairs: number; userIds: number[] }
  | { type: "chat"; rate: number; durationSeconds: number };

export type ClientMessage =
  | { type: "connected"; sockets: number; failed: number; seconds: number }
  | { type: "opened"; chats: number }
  | {
      type: "chatted";
      sent: number;
      refused: number;
      /** Why messages were refused: "429 CHAT_MESSAGES_TOO_FAST", "fetch failed"… with counts. */
      refusals: Record<string, number>;
      delivered: number;
      seconds: number;
      /** From the first send to the last answer of the API (the stragglers' wait not counted). */
      answeredSeconds: number;
      latenciesMs: number[];
    };

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const reply = (message: ClientMessage) => process.send?.(message);
let url = "";
let tokens: string[] = [];
const sockets: ClientSocket[] = [];
/** The chat of pair i, between the users of tokens 2i and 2i + 1. */
const chatIds: number[] = [];

function connectOne(token: string): Promise<ClientSocket | null> {
  return new Promise((resolve) => {
    const socket: ClientSocket = io(url, {
      path: SOCKET_PATH,
      transports: ["websocket"],
      reconnection: false,
      timeout: 60_000,
      auth: { token },
    });
    socket.once("unreadedChatIds", () => resolve(socket));
    socket.once("connect_error", () => resolve(null));
  });
}

async function connect(count: number): Promise<void> {
  const started = performance.now();
  let failed = 0;
  // 200 handshakes in flight at a time: the server verifies a token and reads a session for each.
  for (let start = sockets.length; start < count; start += 200) {
    const batch = Array.from({ length: Math.min(200, count - start) }, (_, index) =>
      connectOne(tokens[(start + index) % tokens.length] ?? ""),
    );
    for (const socket of await Promise.all(batch)) {
      if (socket) sockets.push(socket);
      else failed++;
    }
  }
  reply({
    type: "connected",
    sockets: sockets.length,
    failed,
    seconds: (performance.now() - started) / 1000,
  });
}

async function post(path: string, token: string, body: object): Promise<Response> {
  return fetch(url + path, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function open({ pairs, userIds }: Extract<ClientCommand, { type: "open" }>): Promise<void> {
  // Users i and i + 1 of the list (ids ascending, like the tokens) form a pair.
  for (let start = 0; start < pairs; start += 50) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(50, pairs - start) }, async (_, offset) => {
        const pair = start + offset;
        const response = await post("/api/chats", tokens[pair * 2] ?? "", { userId: userIds[pair * 2 + 1] });
        if (!response.ok)
          throw new Error(`opening chat ${pair}: ${response.status} ${await response.text()}`);
        return ((await response.json()) as { id: number }).id;
      }),
    );
    chatIds.push(...opened);
  }
  reply({ type: "opened", chats: chatIds.length });
}

async function chat({ rate, durationSeconds }: Extract<ClientCommand, { type: "chat" }>): Promise<void> {
  const pairs = chatIds.length;

  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const onMessage = ({ message }: ChatMessageEvent) => {
    if (message.isMine) return;
    const started = sentAt.get(message.text);
    if (started === undefined) return;
    sentAt.delete(message.text);
    latencies.push(performance.now() - started);
  };
  for (const socket of sockets) socket.on("message:new", onMessage);

  let sent = 0;
  let refused = 0;
  const refusals: Record<string, number> = {};
  const refuse = (text: string, why: string) => {
    refused++;
    refusals[why] = (refusals[why] ?? 0) + 1;
    sentAt.delete(text);
  };
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const total = Math.round(rate * durationSeconds);
  while (sent < total) {
    // Catch up with the schedule: message n leaves at n / rate seconds.
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    for (; sent < due; sent++) {
      const pair = sent % pairs;
      const fromSecond = Math.floor(sent / pairs) % 2 === 1;
      const token = tokens[pair * 2 + (fromSecond ? 1 : 0)] ?? "";
      const text = `bench message ${sent}`;
      sentAt.set(text, performance.now());
      const request = post(`/api/chats/${chatIds[pair]}/messages`, token, { text })
        .then(async (response) => {
          const body = await response.text();
          if (!response.ok) refuse(text, `${response.status} ${body.match(/"code":"(\w+)"/)?.[1] ?? ""}`);
        })
        .catch((error: unknown) => refuse(text, error instanceof Error ? error.message : String(error)))
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(inFlight);
  const answeredSeconds = (performance.now() - started) / 1000;
  // Stragglers: up to 5 s more for messages still on their way.
  const deadline = performance.now() + 5_000;
  while (sentAt.size > 0 && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  for (const socket of sockets) socket.off("message:new", onMessage);
  reply({
    type: "chatted",
    sent,
    refused,
    refusals,
    delivered: latencies.length,
    seconds: (performance.now() - started) / 1000,
    answeredSeconds,
    latenciesMs: latencies,
  });
}

process.on("message", (command: ClientCommand) => {
  if (command.type === "connect") {
    url = command.url;
    tokens = JSON.parse(readFileSync(command.tokensFile, "utf8")) as string[];
    void connect(command.sockets);
  } else {
    void (command.type === "open" ? open(command) : chat(command)).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  }
});
