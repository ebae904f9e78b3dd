// `npm run bench:refresh`: latency of POST /api/auth/refresh under 50 concurrent clients.
// Starts the API in a child process (embedded PGlite in a temporary folder, or DATABASE_URL), opens
// one session per client, then autocannon sends refreshes for DURATION seconds. Refresh rotates
// the token, so every connection follows its own chain: it starts with its session's cookie and
// takes the new cookie from each answer before the next request. Prints median, p95 and p99.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { REFRESH_COOKIE } from "@unaa/contracts";
import autocannon from "autocannon";

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.DURATION ?? 10);
const PORT = Number(process.env.PORT ?? 3580);

interface Ready {
  url: string;
  refreshTokens: string[];
  driver: string;
}

/** The child: the real app on a fresh database, with one signed-in session per client. */
async function serve(): Promise<void> {
  const { createApp } = await import("../src/app.ts");
  const { parseConfig } = await import("../src/config.ts");
  const { openDatabase } = await import("../src/db/client.ts");
  const { seedDatabase } = await import("../src/db/seed/index.ts");
  const { insertUser } = await import("../src/modules/users/users.repository.ts");
  const config = parseConfig({ ...process.env, NODE_ENV: "development", LOG_LEVEL: "silent" });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await seedDatabase(database.db, { info() {} });
  const app = await createApp({ config, database });
  await app.listen({ port: PORT, host: "127.0.0.1" });
  const refreshTokens: string[] = [];
  for (let index = 0; index < CONNECTIONS; index += 1) {
    const user = await insertUser(database.db, { username: `bench_${Date.now()}_${index}` });
    const session = await app.accounts.sessions.startSession(database.db, user.id, [], {
      device: { type: "desktop", label: "Linux Web Desktop" },
      source: "autocannon",
      locale: "ru",
      ip: "127.0.0.1",
    });
    refreshTokens.push(session.refreshToken);
  }
  const ready: Ready = { url: `http://127.0.0.1:${PORT}`, refreshTokens, driver: database.driver };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  process.once("SIGTERM", () => {
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}

function startServer(dataDir: string): Promise<{ child: ChildProcess; ready: Ready }> {
  // BENCH_NODE_ARGS: flags for the server process, e.g. "--cpu-prof" to see where its time goes.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, fileURLToPath(import.meta.url), "--serve"], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const line = output.split("\n").find((candidate) => candidate.startsWith("{"));
      if (line) resolve({ child, ready: JSON.parse(line) as Ready });
    });
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

const COOKIE_VALUE = new RegExp(`^${REFRESH_COOKIE}=([^;]*)`);

async function measure(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "unaa-bench-refresh-"));
  const { child, ready } = await startServer(dataDir);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let nextChain = 0;
  try {
    const result = await autocannon({
      url: `${ready.url}/api/auth/refresh`,
      method: "POST",
      connections: CONNECTIONS,
      pipelining: 1,
      duration: DURATION_SECONDS,
      setupClient(client) {
        // Each connection is one browser: its own session, its own rotating cookie.
        const token = ready.refreshTokens[nextChain++ % ready.refreshTokens.length];
        client.setHeaders({ cookie: `${REFRESH_COOKIE}=${token}` });
        client.on("headers", ({ headers }: { headers: string[] }) => {
          for (let index = 0; index < headers.length; index += 2) {
            if (headers[index]?.toLowerCase() !== "set-cookie") continue;
            const value = COOKIE_VALUE.exec(headers[index + 1] ?? "")?.[1];
            if (value) client.setHeaders({ cookie: `${REFRESH_COOKIE}=${value}` });
          }
        });
        client.on("response", (status: number, _bytes: number, responseTime: number) => {
          latencies.push(responseTime);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        });
      },
    });
    latencies.sort((a, b) => a - b);
    const ok = statuses.get(200) ?? 0;
    process.stdout.write(
      `POST /api/auth/refresh on ${ready.driver}, ${CONNECTIONS} concurrent clients, ${DURATION_SECONDS} s: ` +
        `${latencies.length} requests (${Math.round(result.requests.average)}/s), ` +
        `median ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms, ` +
        `p99 ${percentile(latencies, 0.99).toFixed(1)} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}\n`,
    );
    if (ok !== latencies.length) {
      process.stderr.write("Some refreshes failed: every chain should rotate cleanly.\n");
      process.exitCode = 1;
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes("--serve")) await serve();
else await measure();
