// The server process of `npm run bench:realtime` (realtime.ts starts it with an IPC channel and
// `--expose-gc`): the real app on a fresh database (PGlite in DATA_DIR, or DATABASE_URL) with
// USERS bench accounts, each with a session and an access token. It answers the parent's messages:
//   "memory" → its memory after a full garbage collection; "work" → its CPU time and the SQL
//   statements it has sent so far; "stop" → closes and exits.
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { createApp } from "../src/app.ts";
import { parseConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { sessions, users } from "../src/db/schema/index.ts";
import { seedDatabase } from "../src/db/seed/index.ts";
import { resolveAuthSecret } from "../src/lib/auth-secret.ts";
import { deriveAuthKeys, signAccessToken } from "../src/lib/tokens.ts";

export interface ServerMemory {
  rss: number;
  heapUsed: number;
  external: number;
}

/** CPU time (user + system, microseconds) and SQL statements (BEGIN and COMMIT included) so far. */
export interface ServerWork {
  cpuMicros: number;
  statements: number;
}

export type ServerMessage =
  | { type: "ready"; url: string; tokensFile: string; userIds: number[] }
  | { type: "memory"; memory: ServerMemory }
  | { type: "work"; work: ServerWork };

const send = (message: ServerMessage) => process.send?.(message);
const userCount = Number(process.env.USERS ?? 2000);
const dataDir = process.env.DATA_DIR ?? "";

// Every statement either driver sends is counted (PGlite's transactions run BEGIN and COMMIT inside).
let statements = 0;
type Method = (this: unknown, ...args: unknown[]) => unknown;
function countCalls(prototype: object, name: string, per = 1, wrap?: (result: unknown) => unknown): void {
  const target = prototype as Record<string, Method>;
  const original = target[name];
  if (!original) throw new Error(`no ${name} to count`);
  target[name] = function counted(this: unknown, ...args: unknown[]) {
    statements += per;
    return original.apply(this, wrap ? args.map(wrap) : args);
  };
}
countCalls(pg.Client.prototype, "query");
countCalls(PGlite.prototype, "query");
countCalls(PGlite.prototype, "exec");
countCalls(PGlite.prototype, "transaction", 2, (callback) =>
  typeof callback === "function"
    ? (tx: object) => {
        countCalls(tx, "query");
        countCalls(tx, "exec");
        return (callback as (tx: object) => unknown)(tx);
      }
    : callback,
);

const config = parseConfig({
  ...process.env,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  JOB_WORKERS: "false",
});
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await seedDatabase(database.db, { info() {} });

// Accounts two days old (past the new-account chat limit), one session each: what a sign-in makes.
const runId = randomUUID().slice(0, 8);
const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
const sessionRows: Array<{ userId: number; sessionId: string }> = [];
for (let start = 0; start < userCount; start += 1000) {
  const size = Math.min(1000, userCount - start);
  const created = await database.db
    .insert(users)
    .values(
      Array.from({ length: size }, (_, index) => ({
        username: `bench_rt_${runId}_${start + index}`,
        createdAt: twoDaysAgo,
      })),
    )
    .returning({ id: users.id });
  const batch = created.map(({ id }) => ({ userId: id, sessionId: randomUUID() }));
  await database.db.insert(sessions).values(
    batch.map(({ userId, sessionId }) => ({
      id: sessionId,
      userId,
      deviceType: "desktop",
      deviceLabel: "bench",
      source: "bench",
      ip: "127.0.0.1",
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  sessionRows.push(...batch);
}
sessionRows.sort((a, b) => a.userId - b.userId);
const userIds = sessionRows.map(({ userId }) => userId);
const keys = deriveAuthKeys(resolveAuthSecret(config));
const tokens = await Promise.all(
  sessionRows.map(({ userId, sessionId }) =>
    signAccessToken(keys.accessToken, { userId, sessionId, roles: [] }),
  ),
);
const tokensFile = path.join(dataDir, "tokens.json");
writeFileSync(tokensFile, JSON.stringify(tokens));

const app = await createApp({ config, database });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

const gc = (globalThis as { gc?: () => void }).gc;
process.on("message", async (message: string) => {
  if (message === "memory") {
    gc?.();
    gc?.();
    const { rss, heapUsed, external } = process.memoryUsage();
    send({ type: "memory", memory: { rss, heapUsed, external } });
  } else if (message === "work") {
    const { user, system } = process.cpuUsage();
    send({ type: "work", work: { cpuMicros: user + system, statements } });
  } else if (message === "stop") {
    await app.close();
    await database.close();
    process.exit(0);
  }
});
send({ type: "ready", url, tokensFile, userIds });
