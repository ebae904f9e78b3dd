import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client.ts";
import { seedDatabase } from "../db/seed/index.ts";
import { databaseUrl, type TestDatabaseTemplates, usesPostgres } from "./test-database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseTemplates: TestDatabaseTemplates;
  }
}

const silent = { info() {} };

/**
 * Migrates one database and seeds its reference data (settings, regions, the catalogue) once per
 * run; every test file then starts from a copy (`openTestDatabase`) instead of doing both again.
 * Two templates: `migrated` (schema only, for the seed's own tests) and `seeded`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = usesPostgres(project.config.env) ? process.env.TEST_DATABASE_URL : undefined;
  const started = performance.now();
  const prepared = serverUrl ? await preparePostgres(serverUrl) : await preparePglite();
  project.provide("testDatabaseTemplates", prepared.templates);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(`${project.name}: database templates migrated and seeded in ${seconds} s`);
  return prepared.teardown;
}

/** PGlite: dumps of the data directory, kept as files in a temporary folder. */
async function preparePglite() {
  const folder = await mkdtemp(path.join(tmpdir(), "unaa-test-db-"));
  const templates: TestDatabaseTemplates = {
    driver: "pglite",
    migrated: path.join(folder, "migrated.tar"),
    seeded: path.join(folder, "seeded.tar"),
  };
  const handle = await openDatabase({ dataDir: "memory://" });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dumpTo = async (file: string) => {
    const dump = await client.dumpDataDir("none");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  };
  await dumpTo(templates.migrated);
  await seedDatabase(handle.db, silent);
  await dumpTo(templates.seeded);
  await handle.close();
  return { templates, teardown: () => rm(folder, { recursive: true, force: true }) };
}

/** PostgreSQL: two template databases on the server; files get `CREATE DATABASE … TEMPLATE`. */
async function preparePostgres(serverUrl: string) {
  const prefix = `unaa_tpl_${randomBytes(5).toString("hex")}`;
  const templates: TestDatabaseTemplates = {
    driver: "postgres",
    migrated: `${prefix}_migrated`,
    seeded: `${prefix}_seeded`,
  };
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${templates.migrated}`);
    const migrated = await openDatabase({ url: databaseUrl(serverUrl, templates.migrated), dataDir: "" });
    await migrated.close();
    await admin.query(`CREATE DATABASE ${templates.seeded} TEMPLATE ${templates.migrated}`);
    const seeded = await openDatabase({
      url: databaseUrl(serverUrl, templates.seeded),
      dataDir: "",
      migrate: false,
    });
    await seedDatabase(seeded.db, silent);
    await seeded.close();
  } finally {
    await admin.end();
  }
  return {
    templates,
    async teardown() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      for (const name of [templates.seeded, templates.migrated])
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
