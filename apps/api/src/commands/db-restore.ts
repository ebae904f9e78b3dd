// `npm run db:restore -- <file>`: reads a `npm run db:backup` archive back: the embedded database
// into DATA_DIR/pglite, or the dump into the empty PostgreSQL database of DATABASE_URL (pg_restore,
// found on PATH); the uploads into DATA_DIR/uploads. It only restores into a fresh place, never
// over data, so a mistyped variable cannot overwrite a live site.
import { existsSync, readdirSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import * as tar from "tar";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { type BackupManifest, countRows, MANIFEST, runCommand, UPLOADS } from "./db-backup.ts";

export interface RestoreBackupOptions {
  file: string;
  /** DATA_DIR: the embedded database goes to `pglite/`, the uploads to `uploads/`. */
  dataDir: string;
  /** The PostgreSQL database to restore into (empty); required for a PostgreSQL backup. */
  databaseUrl: string | undefined;
}

function isEmptyFolder(folder: string): boolean {
  return !existsSync(folder) || readdirSync(folder).length === 0;
}

async function hasTables(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query("select count(*)::int as n from pg_tables where schemaname = 'public'");
    return (result.rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/** Restores the archive; throws (before writing anything) when the target is not fresh. */
export async function restoreBackup({
  file,
  dataDir,
  databaseUrl,
}: RestoreBackupOptions): Promise<BackupManifest> {
  const pgliteDir = path.join(dataDir, "pglite");
  const uploadsDir = path.join(dataDir, UPLOADS);
  await mkdir(dataDir, { recursive: true });
  // Unpacked beside the target, so the uploads move into place without a second copy.
  const staging = await mkdtemp(path.join(dataDir, ".restore-"));
  try {
    await tar.extract({ file, cwd: staging });
    const manifest = JSON.parse(await readFile(path.join(staging, MANIFEST), "utf8")) as BackupManifest;
    if (manifest.format !== "unaa-backup" || manifest.version !== 1)
      throw new Error(`${file} is not a Unaa backup`);
    if (manifest.hasUploads && !isEmptyFolder(uploadsDir)) {
      throw new Error(`${uploadsDir} is not empty: restore into a fresh DATA_DIR`);
    }
    const dump = path.join(staging, manifest.database);
    if (manifest.driver === "pglite") {
      if (databaseUrl)
        throw new Error("this backup is of the embedded database: unset DATABASE_URL to restore it");
      if (!isEmptyFolder(pgliteDir))
        throw new Error(`${pgliteDir} holds a database: restore into a fresh DATA_DIR`);
      const client = await PGlite.create(pgliteDir, {
        loadDataDir: new Blob([await readFile(dump)]),
        extensions: { pg_trgm, btree_gin },
      });
      await client.close();
    } else {
      if (!databaseUrl)
        throw new Error("this backup is of PostgreSQL: set DATABASE_URL to an empty database");
      if (await hasTables(databaseUrl)) throw new Error("the database of DATABASE_URL is not empty");
      await runCommand("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${databaseUrl}`, dump]);
    }
    if (manifest.hasUploads) {
      await rm(uploadsDir, { recursive: true, force: true });
      await rename(path.join(staging, UPLOADS), uploadsDir);
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write("Usage: npm run db:restore -- <backup.tar.gz>\n");
    return 1;
  }
  const config = loadConfig();
  const manifest = await restoreBackup({
    file: path.resolve(file),
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  // Opening it runs the migrations a newer version of the app may have added since the backup.
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const found = await countRows(database);
    const { users, ads, photos } = manifest.counts;
    process.stdout.write(
      `Restored the ${manifest.driver} backup of ${manifest.createdAt}: ${found.users}/${users} users, ` +
        `${found.ads}/${ads} ads, ${found.photos}/${photos} photos${manifest.hasUploads ? ", the uploads folder" : ""}.\n`,
    );
    return found.users === users && found.ads === ads && found.photos === photos ? 0 : 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = await main();
  } catch (error) {
    process.stderr.write(`Restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
