// `npm run bench:catalog`: latency of the catalogue's prefix search (`GET /api/catalog/search`) under
// 50 concurrent clients (autocannon), printing median, p95 and p99: once with thousands of distinct
// queries (each answered by the database), once with 20 common ones (answered from recent answers). Starts the API in a child process
// (so the load generator does not share its event loop) on a fresh embedded database in a temporary
// folder, or on DATABASE_URL's PostgreSQL, with the catalogue imported; BASE_URL targets a running
// server instead. DURATION (seconds, default 10), CONNECTIONS (default 50) and PORT tune the run.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const PORT = Number(process.env.PORT ?? 3480);

// What people type: Cyrillic and Latin, one letter to whole names, aliases, marks and models.
const queries = [
  "кам",
  "lc",
  "лэнд",
  "прадо",
  "toyota cam",
  "cor",
  "х",
  "мер",
  "bm",
  "rav",
  "сол",
  "ниссан",
  "k",
  "хонда фит",
  "матиз",
  "nexia",
  "т",
  "лексус",
  "x5",
  "zeekr",
];

/** The child: the real app on a fresh database with the catalogue imported. */
async function serve(): Promise<void> {
  const { createApp } = await import("../src/app.ts");
  const { parseConfig } = await import("../src/config.ts");
  const { openDatabase } = await import("../src/db/client.ts");
  const { seedDatabase } = await import("../src/db/seed/index.ts");
  const config = parseConfig({ ...process.env, NODE_ENV: "development", LOG_LEVEL: "silent" });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await seedDatabase(database.db, { info: (line) => process.stderr.write(`${line}\n`) });
  const app = await createApp({ config, database });
  await app.listen({ port: PORT, host: "127.0.0.1" });
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${PORT}`, driver: database.driver })}\n`);
  process.once("SIGTERM", () => {
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}

function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string; driver: string }> {
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
      if (line) resolve({ child, ...(JSON.parse(line) as { url: string; driver: string }) });
    });
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

// The package ships no types and the shared declaration (autocannon.d.ts) leaves out what this
// benchmark needs: one path per request, and the per-response event that gives exact percentiles.
interface LoadRun extends Promise<{ requests: { average: number }; non2xx: number; errors: number }> {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
const runLoad = autocannon as unknown as (options: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  requests: { method: string; setupRequest: (request: Record<string, unknown>) => Record<string, unknown> }[];
}) => LoadRun;

/**
 * Thousands of different things typed (every 1–8 letter start of every car mark and model name, in
 * Latin and Cyrillic, alone and after the mark), shuffled: no two requests of a run ask the same, so
 * each one goes to the database rather than to the answers kept from a moment ago.
 */
async function distinctQueries(): Promise<string[]> {
  const { loadCatalogData } = await import("../src/modules/catalog/catalog-data.ts");
  const found = new Set<string>();
  for (const { kind, mark } of loadCatalogData()) {
    if (kind !== "car") continue;
    for (const model of mark.models) {
      for (const name of [model.name, model.nameCyrillic, `${mark.name} ${model.name}`]) {
        if (!name) continue;
        const lower = name.toLowerCase();
        for (let length = 1; length <= Math.min(8, lower.length); length++) found.add(lower.slice(0, length));
      }
    }
  }
  const list = [...found];
  // A fixed shuffle (no Math.random): the same run every time.
  for (let i = list.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [list[i], list[j]] = [list[j] as string, list[i] as string];
  }
  return list;
}

/** One run: for `duration` seconds, or (amount) exactly that many requests, one per query. */
async function measure(
  baseUrl: string,
  driver: string,
  label: string,
  queryList: string[],
  length: { duration: number } | { amount: number },
): Promise<void> {
  const paths = queryList.map((q) => `/api/catalog/search?kind=car&q=${encodeURIComponent(q)}`);
  const latencies: number[] = [];
  let next = 0;
  const run = runLoad({
    url: baseUrl,
    connections: CONNECTIONS,
    ...length,
    requests: [
      { method: "GET", setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) },
    ],
  });
  run.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await run;
  latencies.sort((a, b) => a - b);
  console.info(
    `catalog search (${driver}), ${label}, ${CONNECTIONS} concurrent clients: ` +
      `${latencies.length} requests (${Math.round(result.requests.average)}/s), ` +
      `median ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 0.99).toFixed(1)} ms; non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
}

async function measureBoth(baseUrl: string, driver: string): Promise<void> {
  const distinct = await distinctQueries();
  // Warm up: the first queries plan the statements and fill the database's caches.
  for (const q of distinct.slice(-200)) {
    await (await fetch(`${baseUrl}/api/catalog/search?kind=car&q=${encodeURIComponent(q)}`)).text();
  }
  // The warm-up asked the last 200; the run asks each of the others once.
  const fresh = distinct.slice(0, -200);
  await measure(baseUrl, driver, `${fresh.length} distinct queries, each once`, fresh, {
    amount: fresh.length,
  });
  await measure(baseUrl, driver, `${queries.length} common queries repeated`, queries, {
    duration: DURATION,
  });
}

if (process.argv.includes("--serve")) {
  await serve();
} else if (process.env.BASE_URL) {
  await measureBoth(process.env.BASE_URL, "running server");
} else {
  const dataDir = mkdtempSync(path.join(tmpdir(), "unaa-bench-catalog-"));
  const { child, url, driver } = await startServer(dataDir);
  try {
    await measureBoth(url, driver);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
