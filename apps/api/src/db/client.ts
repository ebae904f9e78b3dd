import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgPreparedQuery, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { fromPglite, type ConstructorOptions as JobQueueOptions, PgBoss } from "pg-boss";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** The same Drizzle API on both drivers: PGlite (embedded) and node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  ping(): Promise<number>;
  close(): Promise<void>;
  /**
   * How the job queue (pg-boss, in its own `pgboss` schema) reaches this database: through the same
   * PGlite instance, or through a small pool of its own on the same PostgreSQL database.
   */
  jobQueueConnection: Pick<JobQueueOptions, "backend" | "db" | "connectionString" | "max">;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface OpenDatabaseOptions {
  /** A postgres:// URL; without it, PGlite in `dataDir`. */
  url?: string | undefined;
  /** Where PGlite keeps its files; `memory://` for a throwaway database. */
  dataDir: string;
  /** PGlite only: start from this dump (`PGlite.dumpDataDir()`) instead of an empty cluster. */
  loadDataDir?: Blob | undefined;
  migrate?: boolean;
}

/** Opens the database and brings its schema up to date (migrations run at start). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url
    ? await openPostgres(options.url)
    : await openPglite(options.dataDir, options.loadDataDir);
  if (options.migrate !== false) await migrateDatabase(handle);
  return handle;
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const location = dataDir.startsWith("memory://") ? dataDir : path.join(dataDir, "pglite");
  if (!location.startsWith("memory://")) mkdirSync(location, { recursive: true });
  const client = await PGlite.create(location, { extensions: { pg_trgm, btree_gin }, loadDataDir });
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    driver: "pglite",
    ping: () => timeQuery(db),
    close: () => client.close(),
    jobQueueConnection: { backend: "pglite", db: fromPglite(client) },
  };
}

/** What starts the name of a statement that reads by a key (`keyRead`). */
const KEY_READ = "key:";

/**
 * The name of a statement that reads by a key: a row by its id, a user's counts from their index.
 * Its best plan is the same whatever the key, so PostgreSQL plans it once per connection and keeps
 * that plan (its default plan cache mode), where the other statements are planned with each
 * execution's values (decision 014). Planning a read on `ads` weighs all its indexes, and cost more
 * than running it (decision 098). Only for a statement whose plan no value can change: an equality on
 * a unique key, or on the leading columns of the one index that serves it (a range may follow on that
 * index's next column).
 */
export function keyRead(name: string): string {
  return `${KEY_READ}${name}`;
}

function isKeyRead(query: unknown): boolean {
  const name = (query as { name?: unknown } | null)?.name;
  return typeof name === "string" && name.startsWith(KEY_READ);
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Statements are prepared by name once per connection (no parsing each time), but planned with
    // each execution's values: a plan cached for "any value" (a generic plan) guesses a range or a
    // list of any width alike, and may read thousands of rows where the values' own plan reads ten.
    options: "-c plan_cache_mode=force_custom_plan",
  });
  // Reads by a key (`keyRead`), outside transactions, on connections that keep a statement's plan.
  const keyReads = new pg.Pool({ connectionString: url, max: 5, options: "-c plan_cache_mode=auto" });
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const keyReadQuery = keyReads.query.bind(keyReads) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) =>
    isKeyRead(args[0]) ? keyReadQuery(...args) : poolQuery(...args)) as typeof pool.query;
  // An idle connection can be cut by the server (restart, failover, a dropped test database); the
  // pool replaces it on the next query. Without a listener that error would end the process.
  for (const each of [pool, keyReads]) {
    each.on("error", (error) => {
      console.warn(`PostgreSQL connection lost: ${error.message}`);
    });
  }
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    driver: "postgres",
    ping: () => timeQuery(db),
    close: async () => {
      await Promise.all([pool.end(), keyReads.end()]);
    },
    jobQueueConnection: { backend: "postgres", connectionString: url, max: 3 },
  };
}

const dialect = new PgDialect({ casing: "snake_case" });

/** The text of a statement as the database receives it (`$1`, `$2` for values and placeholders). */
export function sqlText(query: SQL): string {
  return dialect.sqlToQuery(query).sql;
}

/**
 * A plain statement (`explain …`, `select count(*) …`) prepared like a query builder's `.prepare()`:
 * its `sql.placeholder`s take the values of each `execute`. Named, PostgreSQL parses it once per
 * connection (PGlite ignores the name).
 */
export function prepareStatement<T>(
  db: Database,
  query: SQL,
  name: string | undefined,
): { execute(values: Record<string, unknown>): Promise<T[]> } {
  const prepared = db._.session.prepareQuery(
    dialect.sqlToQuery(query),
    undefined,
    name,
    false,
  ) as PgPreparedQuery<{ execute: { rows: T[] }; all: unknown; values: unknown }>;
  return { execute: async (values) => (await prepared.execute(values)).rows };
}

/**
 * A statement prepared once per database handle and kept (a transaction's handle prepares its own):
 * `prepare(db)` is a query builder's `.prepare(name)` with `sql.placeholder`s for its values. Named,
 * PostgreSQL parses it once per connection, and drizzle builds its text once, where a query built
 * per call costs ~50–130 µs of Node and as much of PostgreSQL's parsing each time. For the reads of
 * the busiest pages (an ad's page reads eight).
 */
export function preparedPerHandle<Statement>(
  prepare: (db: Database) => Statement,
): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

async function timeQuery(db: Database): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - started) * 100) / 100;
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.driver === "pglite") {
    await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
  } else {
    await migratePg(handle.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
  }
  // The job queue's own schema (`pgboss`), created or brought up to date by pg-boss itself.
  const jobQueue = new PgBoss({ ...handle.jobQueueConnection, schedule: false, supervise: false });
  await jobQueue.start();
  await jobQueue.stop({ graceful: false });
}
