import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
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
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface OpenDatabaseOptions {
  /** A postgres:// URL; without it, PGlite in `dataDir`. */
  url?: string | undefined;
  /** Where PGlite keeps its files; `memory://` for a throwaway database. */
  dataDir: string;
  migrate?: boolean;
}

/** Opens the database and brings its schema up to date (migrations run at start). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url ? await openPostgres(options.url) : await openPglite(options.dataDir);
  if (options.migrate !== false) await migrateDatabase(handle);
  return handle;
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const location = dataDir.startsWith("memory://") ? dataDir : path.join(dataDir, "pglite");
  if (!location.startsWith("memory://")) mkdirSync(location, { recursive: true });
  const client = await PGlite.create(location, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    driver: "pglite",
    ping: () => timeQuery(db),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection can be cut by the server (restart, failover, a dropped test database); the
  // pool replaces it on the next query. Without a listener that error would end the process.
  pool.on("error", (error) => {
    console.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    driver: "postgres",
    ping: () => timeQuery(db),
    close: () => pool.end(),
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
}
