import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default; a new database on
 * the PostgreSQL server of TEST_DATABASE_URL when the suite runs with UNAA_TEST_DB=postgres.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.UNAA_TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) return openDatabase({ dataDir: "memory://" });

  const name = `unaa_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), dataDir: "" });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
