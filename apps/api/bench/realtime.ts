// `npm run bench:realtime [-- --sockets 10000 --users 2000 --pairs 1000 --rate 500 --duration 20]`:
// the realtime connection under load (issue 14, item 7), on one server process.
//
//  1. Idle sockets: SOCKETS authenticated socket.io connections (round-robin over USERS accounts,
//     so each user has several, like tabs and devices) — the server's RSS and heap after a full
//     garbage collection, before and after, per connection.
//  2. Chat delivery: PAIRS chats, messages sent through the HTTP API at RATE per second in total
//     for DURATION seconds, both sides in turn, while the idle sockets stay connected; each message is
//     timed from the moment it is sent to its first arrival on a socket of the receiver
//     (p50/p95/p99), every member's sockets receiving it as the app sends it; the rate the API kept up
//     with (messages answered per second). Also the server's CPU time and SQL statements per message:
//     figures a busy machine does not inflate.
//
// `--profile` runs the server under `node --cpu-prof` and prints where its CPU went while chatting.
//
// The server (realtime-server.ts) and the load generator (realtime-clients.ts) are processes of
// their own. The database is a fresh PGlite in a temporary folder, or DATABASE_URL (a PostgreSQL
// database whose name contains "bench": users are added to it). REDIS_URL is passed on: with it
// the socket.io Redis adapter carries every event, as with several processes.
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { serverNodeFlags } from "../../../scripts/server-node-flags.ts";
import { summarizeProfile } from "./cpu-profile.ts";
import type { ClientCommand, ClientMessage } from "./realtime-clients.ts";
import type { ServerMemory, ServerMessage, ServerWork } from "./realtime-server.ts";

const { values: options } = parseArgs({
  options: {
    sockets: { type: "string", default: "10000" },
    users: { type: "string", default: "2000" },
    pairs: { type: "string", default: "1000" },
    rate: { type: "string", default: "500" },
    duration: { type: "string", default: "20" },
    profile: { type: "boolean", default: false },
  },
});
const SOCKETS = Number(options.sockets);
const USERS = Number(options.users);
const PAIRS = Math.min(Number(options.pairs), Math.floor(USERS / 2));
const RATE = Number(options.rate);
const DURATION = Number(options.duration);
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl && !new URL(databaseUrl).pathname.includes("bench")) {
  throw new Error(`DATABASE_URL must name a bench database (its name containing "bench"): ${databaseUrl}`);
}

/** The next IPC message of `child` that satisfies `accept`. */
function nextMessage<T>(
  child: ChildProcess,
  accept: (message: T) => boolean,
  timeoutMs = 600_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no answer from a bench process")), timeoutMs);
    const onExit = (code: number | null) => reject(new Error(`a bench process exited (${code})`));
    const onMessage = (message: T) => {
      if (!accept(message)) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(message);
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const dataDir = mkdtempSync(path.join(tmpdir(), "unaa-bench-realtime-"));
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const profileDir = path.join(dataDir, "profile");
const server = fork(here("./realtime-server.ts"), {
  execArgv: [
    ...serverNodeFlags,
    "--expose-gc",
    ...(options.profile ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : []),
  ],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    USERS: String(USERS),
    NODE_ENV: "production",
    AUTH_SECRET: randomBytes(48).toString("base64"),
  },
});
const clients = fork(here("./realtime-clients.ts"), { env: { ...process.env } });
const memory = async (): Promise<ServerMemory> => {
  const answer = nextMessage<ServerMessage>(server, (message) => message.type === "memory");
  server.send("memory");
  return ((await answer) as Extract<ServerMessage, { type: "memory" }>).memory;
};
const work = async (): Promise<ServerWork> => {
  const answer = nextMessage<ServerMessage>(server, (message) => message.type === "work");
  server.send("work");
  return ((await answer) as Extract<ServerMessage, { type: "work" }>).work;
};
const command = <T extends ClientMessage["type"]>(sent: ClientCommand, answer: T) => {
  const reply = nextMessage<ClientMessage>(clients, (message) => message.type === answer);
  clients.send(sent);
  return reply as Promise<Extract<ClientMessage, { type: T }>>;
};

const monotonicMicroseconds = () => Number(process.hrtime.bigint() / 1000n);
let chatFrom = 0;
let chatTo = 0;

try {
  console.info(
    `bench:realtime — ${SOCKETS} sockets over ${USERS} users; ${PAIRS} chats at ${RATE} messages/s for ${DURATION} s; ` +
      `${databaseUrl ? "PostgreSQL" : "PGlite"}${process.env.REDIS_URL ? " + Redis adapter" : ""}; load ${loadavg()
        .map((load) => load.toFixed(2))
        .join(" ")}`,
  );
  const ready = (await nextMessage<ServerMessage>(server, (message) => message.type === "ready")) as Extract<
    ServerMessage,
    { type: "ready" }
  >;
  const before = await memory();
  const connected = await command(
    { type: "connect", url: ready.url, tokensFile: ready.tokensFile, sockets: SOCKETS },
    "connected",
  );
  const after = await memory();
  const perSocket = (field: keyof ServerMemory) =>
    (after[field] - before[field]) / Math.max(1, connected.sockets);
  console.info(
    `\nIdle sockets: ${connected.sockets} connected (${connected.failed} failed) in ${connected.seconds.toFixed(1)} s`,
  );
  console.info(
    `  server RSS   ${mb(before.rss)} → ${mb(after.rss)}   (${kb(perSocket("rss"))} per connection)`,
  );
  console.info(
    `  server heap  ${mb(before.heapUsed)} → ${mb(after.heapUsed)}   (${kb(perSocket("heapUsed"))} per connection)`,
  );
  console.info(
    `  target: ${SOCKETS} sockets in ≤ 400 MB RSS: ${after.rss <= 400 * 1_048_576 ? "met" : "NOT met"}`,
  );

  await command({ type: "open", pairs: PAIRS, userIds: ready.userIds }, "opened");
  const workBefore = await work();
  chatFrom = monotonicMicroseconds();
  const chatted = await command({ type: "chat", rate: RATE, durationSeconds: DURATION }, "chatted");
  chatTo = monotonicMicroseconds();
  const workAfter = await work();
  const sorted = chatted.latenciesMs.sort((a, b) => a - b);
  const lost = chatted.sent - chatted.refused - chatted.delivered;
  console.info(
    `\nChat delivery: ${chatted.sent} messages sent (${(chatted.sent / DURATION).toFixed(0)}/s asked), ${chatted.refused} refused, ` +
      `${chatted.delivered} delivered, ${lost} not delivered within 5 s; achieved ` +
      `${((chatted.sent - chatted.refused) / chatted.answeredSeconds).toFixed(0)} messages/s (the last answered after ${chatted.answeredSeconds.toFixed(1)} s)`,
  );
  for (const [why, count] of Object.entries(chatted.refusals)) console.info(`  refused: ${count} × ${why}`);
  console.info(
    `  send → receipt  p50 ${percentile(sorted, 50).toFixed(1)} ms  p95 ${percentile(sorted, 95).toFixed(1)} ms  ` +
      `p99 ${percentile(sorted, 99).toFixed(1)} ms  max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms`,
  );
  console.info(`  target: p95 ≤ 50 ms: ${percentile(sorted, 95) <= 50 ? "met" : "NOT met"}`);
  const perMessage = (value: number) => value / Math.max(1, chatted.sent);
  console.info(
    `  server per message: CPU ${(perMessage(workAfter.cpuMicros - workBefore.cpuMicros) / 1000).toFixed(2)} ms, ` +
      `${perMessage(workAfter.statements - workBefore.statements).toFixed(1)} SQL statements ` +
      `(CPU ${((100 * (workAfter.cpuMicros - workBefore.cpuMicros)) / (chatTo - chatFrom)).toFixed(0)}% of a core over the phase)`,
  );
  const final = await memory();
  console.info(`  server RSS after the chat phase ${mb(final.rss)}, heap ${mb(final.heapUsed)}`);
} finally {
  clients.kill();
  if (server.exitCode === null && server.connected) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.send("stop");
    await exited;
  }
  if (options.profile && chatTo > 0) {
    const [file] = readdirSync(profileDir).filter((name) => name.endsWith(".cpuprofile"));
    if (file) {
      console.info(`\nServer CPU profile of the chat phase:`);
      for (const line of summarizeProfile(path.join(profileDir, file), { from: chatFrom, to: chatTo }))
        console.info(line);
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}
