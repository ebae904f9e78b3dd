/**
 * Durable background jobs (decision 050): pg-boss keeps its queues in the app's own database (the
 * `pgboss` schema; PGlite or PostgreSQL), so a restart loses nothing and two processes never run the
 * same job twice. Scheduled work (cron) is created once per tick whatever the number of processes.
 *
 * Every queue here retries a failed job with an exponential backoff and, when its retries are spent,
 * copies it to the dead-letter queue `failed-jobs`, which nothing works: staff read it.
 */
import { sql } from "drizzle-orm";
import { fromDrizzle, type Job, PgBoss, type Queue } from "pg-boss";
import type { Database, DatabaseHandle } from "../db/client.ts";

type DrizzleTransaction = Parameters<typeof fromDrizzle>[0];

/** Where jobs whose retries are spent are kept (for staff; never worked). */
export const deadLetterQueue = "failed-jobs";

/** The retry policy of every queue unless it says otherwise. */
export const defaultQueuePolicy = {
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3_600,
  deadLetter: deadLetterQueue,
} satisfies Omit<Queue, "name">;

export interface JobLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface JobQueueOptions {
  /** Whether this process works jobs and creates the scheduled ones (`JOB_WORKERS`). */
  workers: boolean;
  log: JobLogger;
  /** How often a worker looks for new jobs, in seconds (pg-boss's default is 2). */
  pollingIntervalSeconds?: number;
  /** How often jobs whose worker vanished (a killed process) are found and retried, in seconds. */
  superviseIntervalSeconds?: number;
}

export interface JobDefinition<T extends object> {
  name: string;
  /** Runs one job; a thrown error fails it (retried per the queue's policy). */
  run(data: T, job: Job<T>): Promise<void>;
  /** Cron expression (server time) when the job is also created on a schedule. */
  cron?: string;
  /** Overrides of the default policy (`expireInSeconds`: how long one run may take). */
  queue?: Omit<Queue, "name">;
}

export interface JobQueue {
  /** Creates the queue (idempotent), its schedule, and — in a worker process — its worker. */
  define<T extends object>(definition: JobDefinition<T>): Promise<void>;
  /**
   * Adds a job; resolves with its id once it is stored. Given a transaction, the job is stored in
   * it: it exists only if the transaction commits.
   */
  send<T extends object>(name: string, data: T, tx?: Database): Promise<string | null>;
  /** The pg-boss instance, for what the wrapper does not cover (tests, the dashboard). */
  readonly boss: PgBoss;
  /** Stops polling and waits up to `timeoutMs` for running jobs; they are retried elsewhere if cut. */
  stop(timeoutMs?: number): Promise<void>;
}

function createBoss(database: DatabaseHandle, options: JobQueueOptions): PgBoss {
  return new PgBoss({
    ...database.jobQueueConnection,
    schedule: options.workers,
    supervise: options.workers,
    // Supervising looks at a queue at most once per monitor interval, whichever process did it last.
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 60,
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 60,
  });
}

/** Jobs a worker fetches at once (see `define`). */
const JOBS_PER_FETCH = 10;

export async function startJobQueue(database: DatabaseHandle, options: JobQueueOptions): Promise<JobQueue> {
  const boss = createBoss(database, options);
  boss.on("error", (error) => options.log.error({ err: error }, "job queue error"));
  boss.on("warning", (warning) => options.log.warn({ warning }, "job queue warning"));
  await boss.start();
  await boss.createQueue(deadLetterQueue, { retentionSeconds: 30 * 86_400 });
  return {
    boss,
    async define({ name, run, cron, queue }) {
      const { retryDelayMax, ...policy } = { ...defaultQueuePolicy, ...queue };
      // pg-boss takes a longest delay only for growing (backoff) delays.
      await boss.createQueue(name, policy.retryBackoff ? { ...policy, retryDelayMax } : policy);
      if (!options.workers) return;
      if (cron) await boss.schedule(name, cron);
      // Up to ten jobs a fetch, fetched again at once while fetches come back full: one job per
      // poll (2 s) let a busy queue (a match job per ad going live) fall minutes behind. Each job
      // succeeds or fails on its own (`perJobResults`): a failed one is retried by its policy.
      await boss.work<object>(
        name,
        {
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          batchSize: JOBS_PER_FETCH,
          burstWhenBatchFull: true,
          perJobResults: true,
        },
        async (jobs) => {
          const results: { id: string; status: "completed" | "failed"; output?: object }[] = [];
          for (const job of jobs) {
            try {
              await run(job.data as never, job as never);
              results.push({ id: job.id, status: "completed" });
            } catch (error) {
              options.log.error({ err: error, job: job.id, queue: name }, "job failed");
              results.push({
                id: job.id,
                status: "failed",
                output: { message: String((error as Error)?.message ?? error) },
              });
            }
          }
          return results;
        },
      );
    },
    send: (name, data, tx) =>
      // The adapter's type wants the driver's result shape; any drizzle transaction runs it.
      boss.send(name, data, tx ? { db: fromDrizzle(tx as DrizzleTransaction, sql) } : undefined),
    // Closes pg-boss's own pool on PostgreSQL; the PGlite instance is the app's, closed after.
    stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, timeout: timeoutMs }),
  };
}
