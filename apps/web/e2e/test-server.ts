import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { databaseUrl } from "../../api/src/test/test-database.ts";

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
 * Where a test server's database comes from: a copy of a migrated and seeded PGlite data directory,
 * or, with the PostgreSQL server of TEST_DATABASE_URL, a new database made from a seeded template
 * (`CREATE DATABASE … TEMPLATE`, see `global-setup.ts`).
 */
export interface DatabaseSource {
  seededDataDir?: string;
  /** The address of the seeded template database on the PostgreSQL server. */
  postgresTemplate?: string;
}

/** The file in a server's data directory that names its PostgreSQL database (a restart reuses it). */
const DATABASE_URL_FILE = "database-url";
/** How long `stop()` waits for the server to end before it kills it. */
const STOP_MS = 20_000;

/** The names of the databases made from `template` are `${template}_x…`: the run drops them at its end. */
async function createDatabaseFrom(template: string): Promise<string> {
  const templateName = new URL(template).pathname.slice(1);
  const name = `${templateName}_x${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: template });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
  } finally {
    await admin.end();
  }
  return databaseUrl(template, name);
}

/** Drops the template and every database made from it (at the end of the run). */
export async function dropDatabasesOf(template: string): Promise<void> {
  const templateName = new URL(template).pathname.slice(1);
  const admin = new pg.Client({ connectionString: databaseUrl(template, "postgres") });
  await admin.connect();
  try {
    const made = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1 || '\\_x%'",
      [templateName],
    );
    for (const { datname } of made.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * Starts the real production server (`node apps/web/server.ts`, built beforehand by `npm run
 * build`) on a free port with a fresh database (see `DatabaseSource`; without one it seeds its own
 * at start), and resolves when it is listening. A server started again with the same `DATA_DIR`
 * finds the same data. The run's shared server (`global-setup.ts`) starts here; a file starts its
 * own only when it needs a database no other file writes to, or restarts the server.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  source: DatabaseSource = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "unaa-e2e-"));
  const logFile = path.join(dataDir, "server.log");
  const ownDataDir = env.DATA_DIR ?? dataDir;
  const database: Record<string, string> = {};
  if (source.postgresTemplate) {
    const file = path.join(ownDataDir, DATABASE_URL_FILE);
    if (!existsSync(file)) writeFileSync(file, await createDatabaseFrom(source.postgresTemplate));
    database.DATABASE_URL = readFileSync(file, "utf8");
  } else if (source.seededDataDir && !existsSync(path.join(ownDataDir, "pglite"))) {
    // A copy of the run's migrated and seeded database, unless the server restarts on its own data.
    cpSync(path.join(source.seededDataDir, "pglite"), path.join(ownDataDir, "pglite"), { recursive: true });
  }
  const child = spawn(process.execPath, ["--import", exitWithParent, serverEntry], {
    env: {
      ...process.env,
      ...testServerEnv,
      DATA_DIR: dataDir,
      // Production requires a signing secret; each test server gets its own throw-away one.
      AUTH_SECRET: process.env.AUTH_SECRET || randomBytes(48).toString("base64"),
      ...database,
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
        // A server that does not stop (its own shutdown is bounded at 10–15 s) is killed: the
        // caller sees no exit code (null) instead of a test running into its timeout.
        const kill = setTimeout(() => child.kill("SIGKILL"), STOP_MS);
        child.once("exit", (code) => {
          clearTimeout(kill);
          rmSync(dataDir, { recursive: true, force: true });
          resolve(code);
        });
        child.kill(signal);
      });
    },
  };
}
