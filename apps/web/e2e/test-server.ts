import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const serverEntry = fileURLToPath(new URL("../server.ts", import.meta.url));
const exitWithParent = fileURLToPath(new URL("./exit-with-parent.ts", import.meta.url));

/** The env every test server runs with: no demo data, codes in the log, a throw-away secret. */
export const testServerEnv = {
  NODE_ENV: "production",
  SEED_DEMO: "false",
  PORT: "0",
  HOST: "127.0.0.1",
  LOG_LEVEL: "info",
  CODE_DELIVERY: "outbox",
  // Seeding helpers give each user an address of its own (X-Forwarded-For), so per-address code
  // limits never make a test wait.
  TRUST_PROXY: "true",
  // Canonical links, sitemaps and structured data name this origin.
  PUBLIC_ORIGIN: "https://unaa.example",
  // Top-ups go through the built-in sandbox provider (decision 061): off by default in production.
  PAYMENT_SANDBOX: "true",
};

/** Where a server's log lines are read: its own process, or the run's shared one (a log file). */
export interface ServerLog {
  /** Every line the server printed so far (re-read on each access). */
  readonly logs: readonly string[];
}

export interface TestServer extends ServerLog {
  url: string;
  process: ChildProcess;
  /** The same lines, also written here: other processes read the log from this file. */
  logFile: string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A server's log lines, read from its log file (the shared server runs in another process). */
export function readLogFile(logFile: string): string[] {
  return readFileSync(logFile, "utf8").split("\n").filter(Boolean);
}

/**
 * Starts the real production server (`node apps/web/server.ts`, built beforehand by `npm run
 * build`) on a free port with a fresh embedded database (a copy of `seededDataDir`, or seeded at
 * start), and resolves when it is listening. The
 * run's shared server (`global-setup.ts`) starts here; a file starts its own only when it needs a
 * database no other file writes to, or restarts the server.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { seededDataDir?: string } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "unaa-e2e-"));
  const logFile = path.join(dataDir, "server.log");
  // A copy of the run's migrated and seeded database, unless the server restarts on its own data.
  const database = path.join(env.DATA_DIR ?? dataDir, "pglite");
  if (options.seededDataDir && !existsSync(database))
    cpSync(path.join(options.seededDataDir, "pglite"), database, { recursive: true });
  const child = spawn(process.execPath, ["--import", exitWithParent, serverEntry], {
    env: {
      ...process.env,
      ...testServerEnv,
      DATA_DIR: dataDir,
      // Production requires a signing secret; each test server gets its own throw-away one.
      AUTH_SECRET: process.env.AUTH_SECRET || randomBytes(48).toString("base64"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  appendFileSync(logFile, "");
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${logs.join("\n")}`)), 180_000);
    // Whole lines (a chunk may end mid-line), from both streams.
    const onLine = (line: string) => {
      if (!line) return;
      logs.push(line);
      appendFileSync(logFile, `${line}\n`);
      const ready = /Unaa is ready at (http:\/\/\S+?)"/.exec(line);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve(ready[1].replace("localhost", "127.0.0.1"));
      }
    };
    for (const stream of [child.stdout, child.stderr])
      if (stream) createInterface({ input: stream }).on("line", onLine);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join("\n")}`));
    });
  });
  return {
    url,
    process: child,
    logs,
    logFile,
    stop(signal = "SIGTERM") {
      return new Promise((resolve) => {
        if (child.exitCode !== null) {
          rmSync(dataDir, { recursive: true, force: true });
          resolve(child.exitCode);
          return;
        }
        child.once("exit", (code) => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve(code);
        });
        child.kill(signal);
      });
    },
  };
}
