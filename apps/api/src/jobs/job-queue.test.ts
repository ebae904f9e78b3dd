import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ads, outboxMessages } from "../db/schema/index.ts";
import { createPublished, setAdColumns, validBodies } from "../modules/ads/ads-test-kit.ts";
import { nextEmail, signUpUser } from "../modules/auth/auth-test-kit.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { openTestDatabase, usesPostgres } from "../test/test-database.ts";
import { deadLetterQueue, type JobQueue, startJobQueue } from "./job-queue.ts";

const silentLog = { error() {}, warn() {} };

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the job queue", () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("schedules the ad expiry and unattached-photo sweeps, the photo hashing, the saved-search digest, the payment reconciliation, the paid services' auto-raises, the promoted tiers and the plan renewals once, whatever the number of processes", async () => {
    const schedules = await harness.app.jobs.boss.getSchedules();
    expect(schedules.map(({ name, cron }) => [name, cron]).sort()).toEqual([
      ["ad-expiry", "*/10 * * * *"],
      ["paid-services", "*/5 * * * *"],
      ["payment-reconcile", "*/10 * * * *"],
      ["photo-hash", "41 * * * *"],
      ["plan-renewal", "*/10 * * * *"],
      ["promoted-tiers", "* * * * *"],
      ["saved-search-digest", "0 * * * *"],
      ["unattached-photo-sweep", "17 * * * *"],
    ]);
  });

  it("archives an ad whose time is up when an ad-expiry job runs", async () => {
    const ad = await createPublished(harness, await signUpUser(harness), (await validBodies(harness)).car);
    const { db } = harness.database;
    await setAdColumns(harness, ad.id, { expiresAt: new Date(Date.now() - 60_000) });
    await harness.app.jobs.send("ad-expiry", {});
    const status = await until(async () => {
      const [row] = await db.select({ status: ads.status }).from(ads).where(eq(ads.id, ad.id));
      return row?.status === "active" ? undefined : row?.status;
    });
    expect(status).toBe("archived");
  });

  it("a worker delivers a notification email queued by notify() (notification-email)", async () => {
    const login = nextEmail();
    const user = await signUpUser(harness, { login });
    await harness.app.notifications.notify(user.userId, "adRejected", {
      adId: 1,
      title: "Toyota Camry",
      reason: "duplicate",
      note: "",
      link: "/car/1/edit",
    });
    const { db } = harness.database;
    const email = await until(async () => {
      const [row] = await db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.destination, login), like(outboxMessages.subject, "Unaa: %")));
      return row;
    });
    expect(email.body).toContain("«Toyota Camry»: Повтор объявления.");
  });
});

describe("jobs that fail", () => {
  it("are retried, then kept in the dead-letter queue with their data", async () => {
    const database = await openTestDatabase();
    const jobs = await startJobQueue(database, {
      workers: true,
      log: silentLog,
      pollingIntervalSeconds: 0.5,
    });
    try {
      const attempts: number[] = [];
      await jobs.define<{ order: number }>({
        name: "always-fails",
        queue: { retryLimit: 2, retryDelay: 0, retryBackoff: false },
        async run(data, job) {
          attempts.push(data.order);
          throw new Error(`attempt ${attempts.length} of job ${job.id} failed`);
        },
      });
      const id = await jobs.send("always-fails", { order: 7 });
      const [dead] = await until(async () => {
        const found = await jobs.boss.findJobs<{ order: number }>(deadLetterQueue);
        return found.length > 0 ? found : undefined;
      });
      // The first run and two retries; then a copy of the job's data waits for staff.
      expect(attempts).toEqual([7, 7, 7]);
      expect(dead?.data).toEqual({ order: 7 });
      const [original] = await jobs.boss.findJobs("always-fails", { id: id ?? "" });
      expect(original?.state).toBe("failed");
    } finally {
      await jobs.stop(1_000);
      await database.close();
    }
  });
});

describe("two worker processes on one database", () => {
  it("never run the same job twice", async () => {
    const database = await openTestDatabase();
    const queues: JobQueue[] = [];
    const runs: Array<{ worker: number; order: number }> = [];
    try {
      for (const worker of [1, 2]) {
        const jobs = await startJobQueue(database, {
          workers: true,
          log: silentLog,
          pollingIntervalSeconds: 0.5,
        });
        queues.push(jobs);
        await jobs.define<{ order: number }>({
          name: "exactly-once",
          async run(data) {
            runs.push({ worker, order: data.order });
            await new Promise((resolve) => setTimeout(resolve, 20));
          },
        });
      }
      for (let order = 0; order < 12; order++) await queues[order % 2]?.send("exactly-once", { order });
      await until(async () => (runs.length >= 12 ? true : undefined));
      // A moment more: a job run twice would show up now.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(runs.map((run) => run.order).sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    } finally {
      for (const jobs of queues) await jobs.stop(1_000);
      await database.close();
    }
  });
});

const workerScript = fileURLToPath(new URL("./crash-test-worker.ts", import.meta.url));

interface WorkerEvent {
  event: string;
  id?: string;
  label?: string;
}

function startWorker(env: Record<string, string>, flags: string[] = []) {
  const child: ChildProcess = spawn(process.execPath, [workerScript, ...flags], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const events: WorkerEvent[] = [];
  const waiters: Array<() => void> = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
    if (!line.startsWith("{")) return;
    events.push(JSON.parse(line) as WorkerEvent);
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    async next(event: string, timeoutMs = 120_000): Promise<WorkerEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find((candidate) => candidate.event === event);
        if (found) return found;
        if (Date.now() > deadline || child.exitCode !== null) {
          throw new Error(`worker never printed "${event}"; it printed ${JSON.stringify(events)}`);
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 500);
        });
      }
    },
    async kill(signal: NodeJS.Signals) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

describe("a job whose process is killed mid-run", () => {
  it("is run again and finishes after a restart", { timeout: 180_000 }, async () => {
    // PGlite: a folder on disk both processes open in turn. PostgreSQL: a database of the test's own.
    const folder = mkdtempSync(path.join(tmpdir(), "unaa-jobs-"));
    const database = usesPostgres() ? await openTestDatabase() : undefined;
    const url = database?.jobQueueConnection.connectionString;
    const env = { DATABASE_URL: url ?? "", DATA_DIR: folder, LOG_LEVEL: "silent" };
    const workers: Array<ReturnType<typeof startWorker>> = [];
    try {
      const template = database ? [] : ["--template", inject("testDatabaseTemplates").migrated];
      const first = startWorker(env, ["--send", "--hang", ...template]);
      workers.push(first);
      const sent = await first.next("sent");
      expect(await first.next("started")).toMatchObject({ id: sent.id, label: "survivor" });
      await first.kill("SIGKILL");

      const second = startWorker(env);
      workers.push(second);
      expect(await second.next("finished")).toMatchObject({ id: sent.id, label: "survivor" });
    } finally {
      for (const worker of workers) await worker.kill("SIGKILL");
      await database?.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
