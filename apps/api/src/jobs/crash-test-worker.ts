/**
 * A worker process for job-queue.test.ts: opens the app's database (DATABASE_URL, or PGlite in
 * DATA_DIR), works the `crash-test` queue and prints what happens as JSON lines. With `--send` it first
 * adds one job; with `--hang` its handler never returns (the test kills the process mid-job). A new
 * PGlite folder starts from `--template` (the test run's migrated dump) instead of migrating.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { startJobQueue } from "./job-queue.ts";

const print = (event: object) => process.stdout.write(`${JSON.stringify(event)}\n`);
const log = {
  error: (details: object, message: string) => print({ event: "error", message, details: String(details) }),
  warn: () => {},
};

const { values: options } = parseArgs({
  options: {
    send: { type: "boolean", default: false },
    hang: { type: "boolean", default: false },
    template: { type: "string" },
  },
});
const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  loadDataDir: options.template ? new Blob([readFileSync(options.template)]) : undefined,
  migrate: !options.template,
});
const jobs = await startJobQueue(database, {
  workers: true,
  log,
  pollingIntervalSeconds: 0.5,
  superviseIntervalSeconds: 1,
});
await jobs.define<{ label: string }>({
  name: "crash-test",
  // A run that takes longer than this is taken as lost (its process gone) and retried.
  queue: { expireInSeconds: 2, retryDelay: 0, retryBackoff: false },
  async run(data, job) {
    print({ event: "started", id: job.id, label: data.label });
    if (options.hang) await new Promise(() => {});
    print({ event: "finished", id: job.id, label: data.label });
  },
});
if (options.send) print({ event: "sent", id: await jobs.send("crash-test", { label: "survivor" }) });
print({ event: "ready" });
