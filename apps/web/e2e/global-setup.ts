import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, seedDatabase } from "@unaa/api";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { seedDemoUsers } from "../../api/src/db/seed/users.seed.ts";
import { launchOptions } from "./browser.ts";
import { startTestServer } from "./test-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    e2e: {
      /** The shared production server: its address, log file and signing secret. */
      url: string;
      logFile: string;
      authSecret: string;
      /** The shared Chromium, for `chromium.connect`. */
      browserEndpoint: string;
      /** A migrated and seeded PGlite data directory: servers start from a copy, not seeding. */
      seededDataDir: string;
    };
  }
}

/**
 * Once per run: ONE production server (built beforehand by `npm run build`) and ONE Chromium,
 * shared by every browser test file through `inject("e2e")` (see `fixtures.ts`). Both end with
 * the runner: the teardown stops them, and the server exits by itself if the runner is killed.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const authSecret = randomBytes(48).toString("base64");
  const [seededDataDir, browserServer] = await Promise.all([
    seedDataDir(),
    chromium.launchServer(launchOptions()),
  ]);
  const server = await startTestServer({ AUTH_SECRET: authSecret }, { seededDataDir });
  project.provide("e2e", {
    url: server.url,
    logFile: server.logFile,
    authSecret,
    browserEndpoint: browserServer.wsEndpoint(),
    seededDataDir,
  });
  return async () => {
    await browserServer.close();
    await server.stop();
    rmSync(seededDataDir, { recursive: true, force: true });
  };
}

/**
 * The reference data every server starts with (what a new site seeds), migrated and seeded once,
 * and the demo staff accounts (`signInStaff` in ad-seed.ts): roles live in the database, so a test
 * of staff work signs one in instead of restarting a server to make an admin.
 */
async function seedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "unaa-e2e-seeded-"));
  const database = await openDatabase({ dataDir });
  await seedDatabase(database.db, { info() {} });
  await seedDemoUsers(database.db);
  await database.close();
  return dataDir;
}
