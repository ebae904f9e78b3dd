// The server as several processes on one host (decision 081): one Node.js process renders pages on
// one core, so with PostgreSQL and Redis (`config.processes` > 1) the first process readies the
// database and then runs that many copies of the server (node:cluster), which share the listening
// port: each new connection goes to the next process. It replaces a process that ends unexpectedly,
// and stops them all on SIGTERM or SIGINT, each finishing the requests it has.
import cluster, { type Worker } from "node:cluster";
import type { Config } from "@unaa/api";
import { type Logger, pino } from "pino";

/** The processes' own shutdown is bounded (10 s, server.ts); this bounds the wait for all of them. */
const STOP_MS = 15_000;

/**
 * The first process's work: `prepare` (migrations, a new database's seed: once, before any copy
 * starts), then `config.processes` copies of this program that serve the site. Answers when they
 * all have stopped; when one cannot start (a bad setting, the database away), all stop, exit code 1.
 */
export async function serveInProcesses(
  config: Config,
  prepare: (log: Logger) => Promise<void>,
): Promise<void> {
  const log = pino({ level: config.logLevel });
  await prepare(log);
  const running = new Set<Worker>();
  const listening = new WeakSet<Worker>();
  let stopping = false;
  let allStopped = () => {};
  const stopped = new Promise<void>((resolve) => {
    allStopped = resolve;
  });

  function stop(signal: NodeJS.Signals): void {
    if (!stopping) {
      stopping = true;
      for (const worker of running) worker.process.kill(signal);
      setTimeout(() => {
        log.error("server processes did not stop in time");
        process.exit(1);
      }, STOP_MS).unref();
    }
    if (running.size === 0) allStopped();
  }

  cluster.on("listening", (worker) => listening.add(worker));
  cluster.on("exit", (worker, code, signal) => {
    running.delete(worker);
    if (stopping) {
      if (running.size === 0) allStopped();
    } else if (!listening.has(worker)) {
      // It ended before serving: another would end the same way.
      log.fatal({ worker: worker.process.pid, code, signal }, "a server process could not start: stopping");
      process.exitCode = 1;
      stop("SIGTERM");
    } else {
      log.error({ worker: worker.process.pid, code, signal }, "a server process ended: starting another");
      running.add(cluster.fork());
    }
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => stop(signal));

  for (let index = 0; index < config.processes; index += 1) running.add(cluster.fork());
  log.info(`serving in ${config.processes} processes`);
  await stopped;
}
