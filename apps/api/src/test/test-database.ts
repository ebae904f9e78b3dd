import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";

/** What `global-setup.ts` prepared once per run: PGlite dump files, or PostgreSQL database names. */
export interface TestDatabaseTemplates {
  driver: "pglite" | "postgres";
  /** The schema only. */
  migrated: string;
  /** The schema and the reference data `seedDatabase` writes (settings, regions, catalogue). */
  seeded: string;
}

/** The `api-postgres` project sets UNAA_TEST_DB=postgres; its tests use TEST_DATABASE_URL. */
export function usesPostgres(env: Record<string, string | undefined> = process.env): boolean {
  return env.UNAA_TEST_DB === "postgres" && Boolean(process.env.TEST_DATABASE_URL);
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database of this test file's own, copied from the run's template: in-memory PGlite by default;
 * a new database on the PostgreSQL server of TEST_DATABASE_URL in the `api-postgres` project.
 * Migrated; with `seeded`, also holds the reference data (what `createTestApp` uses).
 */
export async function openTestDatabase(options: { seeded?: boolean } = {}): Promise<DatabaseHandle> {
  const templates = inject("testDatabaseTemplates");
  const template = options.seeded ? templates.seeded : templates.migrated;
  if (templates.driver === "pglite") {
    const dump = new Blob([await readFile(template)]);
    return openDatabase({ dataDir: "memory://", loadDataDir: dump, migrate: false });
  }

  const serverUrl = process.env.TEST_DATABASE_URL ?? "";
  const name = `unaa_test_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name), dataDir: "", migrate: false });
  return {
    ...handle,
    async close() {
      await handle.close();
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
