// `npm run bench [-- --ads 100000] [--reseed] [--seed-only] [--pages | --sequential | --searches-only | --main-thread] [--profile /about] [--against ../other]`: the site under load
// on a PostgreSQL holding N active car ads (default 1,000,000): the ads search (search.ts: each case
// repeated and distinct, with its bare SQL time) and the server-rendered pages (../../web/bench/
// pages.ts: sizes, server time per page, pages/s repeated and distinct). The server is a child
// process started as `npm start` starts it (scripts/start.ts: rebuilt first if a web source
// changed, React's production build); every load run is a child process of its own
// (autocannon, load.ts), with CONNECTIONS clients (default 32) for DURATION seconds (default 10).
// Each run also reports the server's CPU time per request (on Linux), and PostgreSQL's when it runs on
// this machine: unlike the latencies, a machine shared with other work does not stretch them.
//
// `--pages` measures the pages only (no searches); `--sequential` the pages only, without load runs
// (sizes, server time and CPU per page from sequential requests: quick, and steady on a busy machine).
// `--main-thread` loads each page in Chromium instead (../../web/bench/main-thread.ts: the CPU slowed
// as for a phone, the long tasks of its first load; RUNS, default 9, loads each).
// `--profile <path>` measures that one page instead, with the server under `node --cpu-prof`, and
// prints where its CPU time went during the load run (top functions and packages by self time);
// `{n}` in the path makes each request's address distinct (an API search: `/api/ads?…&priceFrom={n}`).
// `--against <checkout>` compares the pages' server CPU with another checkout's build (a worktree of
// the commit before a change, its dependencies installed or linked): both serve, one process each
// (on PORT and PORT + 1), and each page's requests alternate between them (REQUESTS, default 300;
// PAGES, names' beginnings separated by commas, limits it to those pages: PAGES="car list,ad page").
//
// DATABASE_URL names the bench database (its name must contain "bench": its ads are replaced).
// REDIS_URL set: the server runs as production does with PostgreSQL and Redis, one process per core
// (decision 081); SERVER_PROCESSES sets their number. `--profile` runs one process.
// PORT (default 3680) and LOG_LEVEL (the server's, default info as `npm start`) tune the run.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { serverNodeFlags } from "../../../scripts/server-node-flags.ts";
import { measureMainThread, reportMainThread } from "../../web/bench/main-thread.ts";
import {
  comparePages,
  measurePages,
  pageCases,
  reportComparedPages,
  reportPages,
} from "../../web/bench/pages.ts";
import { parseConfig } from "../src/config.ts";
import { summarizeProfile } from "./cpu-profile.ts";
import { type LoadSettings, runLoad } from "./load.ts";
import { formatLoad, measureSearches, prepareBenchDatabase, reportSearches } from "./search.ts";

const { values: options } = parseArgs({
  options: {
    ads: { type: "string", default: "1000000" },
    reseed: { type: "boolean", default: false },
    "seed-only": { type: "boolean", default: false },
    pages: { type: "boolean", default: false },
    sequential: { type: "boolean", default: false },
    "searches-only": { type: "boolean", default: false },
    "main-thread": { type: "boolean", default: false },
    profile: { type: "string" },
    against: { type: "string" },
  },
});
const AD_COUNT = Number(options.ads);
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const PORT = Number(process.env.PORT ?? 3680);
const LOG_LEVEL = process.env.LOG_LEVEL ?? "info";
const startScript = fileURLToPath(new URL("../../../scripts/start.ts", import.meta.url));

interface Server {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  /** How many processes serve, as the server's configuration decides from its environment (081). */
  processes: number;
  stop(): Promise<void>;
  /** Stops it and removes its data directory. */
  dispose(): Promise<void>;
}

async function startServer(
  url: string,
  nodeOptions: string[] = [],
  env: Record<string, string> = {},
  script = startScript,
): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "unaa-bench-"));
  const logFile = path.join(dataDir, "server.log");
  const log = openSync(logFile, "a");
  const serverEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOG_LEVEL,
    AUTH_SECRET: randomBytes(48).toString("base64"),
    ...env,
  };
  const { processes } = parseConfig(serverEnv);
  const port = Number(serverEnv.PORT);
  const child = spawn(process.execPath, [...serverNodeFlags, ...nodeOptions, script], {
    env: serverEnv,
    stdio: ["ignore", log, log],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  };
  const dispose = async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A start that builds first takes a minute or more on a busy machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${readFileSync(logFile, "utf8")}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok)
        return { child, baseUrl, dataDir, processes, stop, dispose };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("the server did not start in 300 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
const monotonicMicroseconds = () => Number(process.hrtime.bigint() / 1000n);

/** One page under `node --cpu-prof`: a warm-up, the load run, then the profile of that run alone. */
async function profilePage(
  url: string,
  settings: Omit<LoadSettings, "baseUrl">,
  pagePath: string,
  firstAdId: number,
) {
  const profileDir = mkdtempSync(path.join(tmpdir(), "unaa-bench-profile-"));
  // One process, so that one profile holds the whole run.
  const server = await startServer(url, ["--cpu-prof", "--cpu-prof-dir", profileDir], {
    SERVER_PROCESSES: "1",
  });
  try {
    const known = pageCases({ firstId: firstAdId, count: AD_COUNT }).find((page) => page.path === pagePath);
    const paths = known?.distinct ?? { template: pagePath };
    await runLoad({
      ...settings,
      baseUrl: server.baseUrl,
      serverPid: server.child.pid,
      duration: 2,
      paths: { ...paths, start: 50_000 },
    });
    const from = monotonicMicroseconds();
    const run = await runLoad({ ...settings, baseUrl: server.baseUrl, serverPid: server.child.pid, paths });
    const to = monotonicMicroseconds();
    await server.stop();
    const [file] = readdirSync(profileDir).filter((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error(`no profile written in ${profileDir}`);
    console.info(
      [
        "",
        `CPU profile of ${paths.template} (${paths.template.includes("{n}") ? "distinct" : "repeated"}), ${CONNECTIONS} connections, ${settings.duration} s: ` +
          formatLoad(run, "pages/s"),
        `profile: ${path.join(profileDir, file)}; load average ${loadAverage()}`,
        "",
        ...summarizeProfile(path.join(profileDir, file), { from, to }),
      ].join("\n"),
    );
  } finally {
    await server.dispose();
  }
}

/** Whether `--against` compares this page: every page, or those whose names begin as PAGES lists. */
function isComparedPage(page: { name: string }): boolean {
  const names = process.env.PAGES?.split(",");
  return names === undefined || names.some((name) => page.name.startsWith(name));
}

/**
 * `--against <checkout>`: the pages' server CPU on this build and on another checkout's (built by its
 * own `npm start`), one process each, requests alternated between them (`comparePages`).
 */
async function compareWith(url: string, other: string, firstAdId: number) {
  const script = path.join(other, "scripts", "start.ts");
  if (!existsSync(script)) throw new Error(`--against: no scripts/start.ts in ${other}`);
  const requests = Number(process.env.REQUESTS ?? 300);
  const single = { SERVER_PROCESSES: "1" };
  const own = await startServer(url, [], single);
  let others: Server | undefined;
  try {
    others = await startServer(url, [], { ...single, PORT: String(PORT + 1) }, script);
    const results = await comparePages(
      [
        { baseUrl: own.baseUrl, pid: own.child.pid ?? 0 },
        { baseUrl: others.baseUrl, pid: others.child.pid ?? 0 },
      ],
      pageCases({ firstId: firstAdId, count: AD_COUNT }).filter(isComparedPage),
      requests,
    );
    console.info(["", ...reportComparedPages(results, other, requests)].join("\n"));
  } finally {
    await others?.dispose();
    await own.dispose();
  }
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("npm run bench needs DATABASE_URL (a PostgreSQL database with 'bench' in its name)");
    process.exit(1);
  }
  if (!Number.isInteger(AD_COUNT) || AD_COUNT < 1000) throw new Error("--ads: a whole number ≥ 1000");
  const database = await prepareBenchDatabase(url, AD_COUNT, options.reseed);
  if (options["seed-only"]) return;
  const settings = { duration: DURATION, connections: CONNECTIONS };
  if (options.profile) {
    await profilePage(url, settings, options.profile, database.firstAdId);
    return;
  }

  if (options.against) {
    await compareWith(url, path.resolve(options.against), database.firstAdId);
    return;
  }

  const loadBefore = loadAverage();
  const server = await startServer(url);
  try {
    if (options["main-thread"]) {
      const cases = pageCases({ firstId: database.firstAdId, count: AD_COUNT });
      const results = await measureMainThread(server.baseUrl, cases, Number(process.env.RUNS ?? 9));
      console.info(["", ...reportMainThread(results)].join("\n"));
      return;
    }
    const target = { ...settings, baseUrl: server.baseUrl, serverPid: server.child.pid };
    const pagesOnly = options.pages || options.sequential;
    const searches = pagesOnly ? [] : await measureSearches(target, url, database.cases);
    const pages = options["searches-only"]
      ? []
      : await measurePages(
          target,
          pageCases({ firstId: database.firstAdId, count: AD_COUNT }),
          options.sequential,
        );
    console.info(
      [
        "",
        `npm run bench — ${AD_COUNT.toLocaleString("en")} active car ads (table ${database.size.ads}, ` +
          `indexes ${database.size.indexes}), ${CONNECTIONS} connections, ${DURATION} s per run, ` +
          `server started as by \`npm start\` with LOG_LEVEL=${LOG_LEVEL} in ${server.processes === 1 ? "one process" : `${server.processes} processes`} ` +
          `(SERVER_PROCESSES, unset: one per core with REDIS_URL), requests as a browser sends them (compressed answers)`,
        `load average (1, 5, 15 min) at start: ${loadBefore}; at end: ${loadAverage()}`,
        "",
        ...(pagesOnly ? [] : [...reportSearches(searches, AD_COUNT), ""]),
        ...(pages.length > 0 ? reportPages(pages, options.sequential) : []),
      ].join("\n"),
    );
  } finally {
    await server.dispose();
  }
}

await main();
