// One load run of `npm run bench` (bench.ts): autocannon in a child process of its own, so the load
// generator never shares an event loop with the benchmark's other work, and its latencies are
// counted where the requests are made. The parent passes the run as JSON in argv and reads the
// result as JSON from the child's stdout.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

/**
 * The paths a run asks for: `template` as it is, or, when it holds `{n}`, with `{n}` replaced by
 * `from + start`, `from + start + 1`, … (wrapping to `from` after `count` values): a different URL
 * each request. A warm-up takes another `start` than the run it warms, so they never share a URL.
 */
export interface PathSequence {
  template: string;
  from?: number;
  start?: number;
  count?: number;
}

/** Where and how hard to load: the server, seconds per run, concurrent connections. */
export interface LoadSettings {
  baseUrl: string;
  duration: number;
  connections: number;
  /** The server's process, whose CPU time per request is measured (on Linux). */
  serverPid?: number;
}

export interface LoadOptions extends LoadSettings {
  paths: PathSequence;
  /** The browser the requests claim to come from (none by default: a wide screen's page). */
  userAgent?: string;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  /**
   * The server's CPU time over the run divided by the requests answered: what a request costs,
   * however many other programs share the machine (undefined where /proc is missing).
   */
  serverCpuMs?: number;
  /**
   * The same of this machine's PostgreSQL (every `postgres` process: the connections' backends and
   * the server's own workers), where the bench database is served here.
   */
  databaseCpuMs?: number;
}

/** What a browser sends: the server compresses pages and answers as it would for real visitors. */
export const browserHeaders = { "accept-encoding": "gzip, deflate, br, zstd" };

/** A phone's browser (an Android phone's Chrome): pages leave out what only wide screens show. */
export const phoneUserAgent =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** The headers of a request from a browser, a phone's if a user agent is given. */
export function requestHeaders(userAgent?: string): Record<string, string> {
  return userAgent ? { ...browserHeaders, "user-agent": userAgent } : browserHeaders;
}

export function pathAt(paths: PathSequence, index: number): string {
  if (!paths.template.includes("{n}")) return paths.template;
  const position = (paths.start ?? 0) + index;
  const offset = paths.count ? position % paths.count : position;
  return paths.template.replace("{n}", String((paths.from ?? 0) + offset));
}

export function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

const thisFile = fileURLToPath(import.meta.url);
const SETTLE_MS = 2_000;

/**
 * Runs one load in a child process and answers its figures. A run ends by dropping its connections
 * with requests still in the server; each run first waits for those to finish, or its first
 * requests would queue behind work nobody waits for (seconds of it for list pages).
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const cpuBefore = options.serverPid ? cpuMsOf(options.serverPid) : undefined;
  const databaseBefore = databaseCpuMs();
  const result = await generateLoadInChild(options);
  const cpuAfter = options.serverPid ? cpuMsOf(options.serverPid) : undefined;
  const databaseAfter = databaseCpuMs();
  if (result.requests === 0) return result;
  const perRequest = (before: number | undefined, after: number | undefined) =>
    before === undefined || after === undefined ? undefined : (after - before) / result.requests;
  const serverCpuMs = perRequest(cpuBefore, cpuAfter);
  const databaseCpu = perRequest(databaseBefore, databaseAfter);
  return {
    ...result,
    ...(serverCpuMs === undefined ? {} : { serverCpuMs }),
    ...(databaseCpu === undefined ? {} : { databaseCpuMs: databaseCpu }),
  };
}

/**
 * The CPU time of PostgreSQL on this machine, in ms; undefined where it does not run here: that of
 * every `postgres` process, and that of the ones that have ended (a backend ends when its
 * connection closes), which the server's first process counts as its reaped children's. Without
 * the latter, a run during which the server's pool closed idle connections came out below zero.
 */
export function databaseCpuMs(): number | undefined {
  let total: number | undefined;
  for (const entry of procEntries()) {
    const stat = statOf(Number(entry));
    if (stat?.command !== "postgres") continue;
    total = (total ?? 0) + stat.cpuMs + (isPostgres(stat.parent) ? 0 : stat.endedChildrenCpuMs);
  }
  return total;
}

const isPostgres = (pid: number) => statOf(pid)?.command === "postgres";

function procEntries(): string[] {
  try {
    return readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
}

/**
 * A process's CPU time (user and system) in ms with that of its child processes (the server's
 * processes when it runs several, decision 081), from Linux's /proc; undefined elsewhere.
 */
export function cpuMsOf(pid: number): number | undefined {
  const own = statOf(pid);
  if (!own) return undefined;
  let total = own.cpuMs;
  for (const entry of procEntries()) {
    if (Number(entry) === pid) continue;
    const stat = statOf(Number(entry));
    if (stat?.parent === pid) total += stat.cpuMs;
  }
  return total;
}

function statOf(
  pid: number,
): { command: string; parent: number; cpuMs: number; endedChildrenCpuMs: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command in parentheses is field 2. After its closing parenthesis: state is field 3, the
    // parent field 4, utime and stime fields 14 and 15, in clock ticks of 10 ms (USER_HZ is 100).
    const close = stat.lastIndexOf(")");
    const fields = stat.slice(close + 2).split(" ");
    return {
      command: stat.slice(stat.indexOf("(") + 1, close),
      parent: Number(fields[1]),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * 10,
      // cutime and cstime, fields 16 and 17: the children it has waited for.
      endedChildrenCpuMs: (Number(fields[13]) + Number(fields[14])) * 10,
    };
  } catch {
    return undefined;
  }
}

function generateLoadInChild(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [thisFile, JSON.stringify(options)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
      else resolve(JSON.parse(output) as LoadResult);
    });
  });
}

interface AutocannonRun extends Promise<{ non2xx: number; errors: number }> {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
const autocannonRun = autocannon as unknown as (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests: { method: string; setupRequest: (request: Record<string, unknown>) => Record<string, unknown> }[];
}) => AutocannonRun;

async function generateLoad(options: LoadOptions): Promise<LoadResult> {
  let asked = 0;
  const latencies: number[] = [];
  const run = autocannonRun({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.duration,
    headers: requestHeaders(options.userAgent),
    requests: [
      { method: "GET", setupRequest: (request) => ({ ...request, path: pathAt(options.paths, asked++) }) },
    ],
  });
  run.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await run;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / options.duration,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  const options = JSON.parse(process.argv[2] ?? "") as LoadOptions;
  process.stdout.write(JSON.stringify(await generateLoad(options)));
}
