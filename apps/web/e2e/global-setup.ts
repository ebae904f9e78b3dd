import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, seedDatabase } from "@unaa/api";
import pg from "pg";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { seedDemoUsers } from "../../api/src/db/seed/users.seed.ts";
import { databaseUrl } from "../../api/src/test/test-database.ts";
import { launchOptions } from "./browser.ts";
import { type DatabaseSource, dropDatabasesOf, startTestServer } from "./test-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    e2e: {
      /** The shared production server: its address, log file and signing secret. */
      url: string;
      logFile: string;
      authSecret: string;
      /** The shared Chromium, for `chromium.connect`. */
      browserEndpoint: string;
      /** Where every server's database comes from, migrated and seeded once (not at each start). */
      databaseSource: DatabaseSource;
    };
  }
}

/**
 * Once per run and project: ONE production server (built beforehand by `npm run build`) and ONE Chromium,
 * shared by every browser test file through `inject("e2e")` (see `fixtures.ts`). Both end with
 * the runner: the teardown stops them, and the server exits by itself if the runner is killed.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const authSecret = randomBytes(48).toString("base64");
  const [databaseSource, browserServer] = await Promise.all([
    // The project's `E2E_DATABASE=pglite` keeps its servers on the embedded database (vitest.config.ts).
    prepareDatabase(
      project.config.env?.E2E_DATABASE === "pglite" ? undefined : process.env.TEST_DATABASE_URL,
    ),
    chromium.launchServer(launchOptions()),
  ]);
  const server = await startTestServer({ AUTH_SECRET: authSecret }, databaseSource);
  project.provide("e2e", {
    url: server.url,
    logFile: server.logFile,
    authSecret,
    browserEndpoint: browserServer.wsEndpoint(),
    databaseSource,
  });
  return async () => {
    await browserServer.close();
    await server.stop();
    if (databaseSource.seededDataDir) rmSync(databaseSource.seededDataDir, { recursive: true, force: true });
    if (databaseSource.postgresTemplate) await dropDatabasesOf(databaseSource.postgresTemplate);
  };
}

/**
 * The reference data every server starts with (what a new site seeds), migrated and seeded once,
 * and the demo staff accounts (`signInStaff` in ad-seed.ts): roles live in the database, so a test
 * of staff work signs one in instead of restarting a server to make an admin. On the PostgreSQL
 * server of TEST_DATABASE_URL (as CI has) a template database each server's database is made from:
 * the browser suite's servers then spend far less CPU on their queries than the embedded PGlite,
 * which the API suite and `npm start` exercise; without one, a PGlite data directory that servers
 * start from a copy of.
 */
async function prepareDatabase(serverUrl: string | undefined): Promise<DatabaseSource> {
  if (serverUrl) {
    const postgresTemplate = databaseUrl(serverUrl, `unaa_e2e_${randomBytes(5).toString("hex")}`);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${new URL(postgresTemplate).pathname.slice(1)}`);
    } finally {
      await admin.end();
    }
    await seed({ url: postgresTemplate, dataDir: "" });
    return { postgresTemplate };
  }
  const seededDataDir = mkdtempSync(path.join(tmpdir(), "unaa-e2e-seeded-"));
  await seed({ dataDir: seededDataDir });
  return { seededDataDir };
}

async function seed(location: { url?: string; dataDir: string }): Promise<void> {
  const database = await openDatabase(location);
  await seedDatabase(database.db, { info() {} });
  await seedDemoUsers(database.db);
  await database.close();
}
