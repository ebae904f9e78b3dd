// `npm run db:backup -- [file]`: the whole database and, with the local storage, the uploads folder
// in one .tar.gz with a manifest. The embedded database (PGlite) is copied as its data folder
// (`dumpDataDir`); PostgreSQL by `pg_dump --format=custom` (found on PATH). `npm run db:restore`
// reads it back into a fresh DATA_DIR or an empty PostgreSQL database.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import { count } from "drizzle-orm";
import type { Pool } from "pg";
import * as tar from "tar";
import { loadConfig } from "../config.ts";
import { type DatabaseDriver, type DatabaseHandle, openDatabase } from "../db/client.ts";
import { adPhotos, ads, users } from "../db/schema/index.ts";

export const runCommand = promisify(execFile);

/** `manifest.json` at the top of every backup archive. */
export interface BackupManifest {
  format: "unaa-backup";
  version: 1;
  createdAt: string;
  driver: DatabaseDriver;
  /** The database inside the archive: PGlite's data folder (tar.gz) or a pg_dump custom-format file. */
  database: typeof PGLITE_DUMP | typeof POSTGRES_DUMP;
  /** Whether `uploads/` holds the local storage's files (not with S3: the bucket keeps its own). */
  hasUploads: boolean;
  /** What the database held, for a restore to check against. */
  counts: { users: number; ads: number; photos: number };
}

export const MANIFEST = "manifest.json";
export const PGLITE_DUMP = "database/pglite-data.tar.gz";
export const POSTGRES_DUMP = "database/postgres.pgdump";
export const UPLOADS = "uploads";

export async function countRows(handle: DatabaseHandle): Promise<BackupManifest["counts"]> {
  const [usersRow] = await handle.db.select({ value: count() }).from(users);
  const [adsRow] = await handle.db.select({ value: count() }).from(ads);
  const [photosRow] = await handle.db.select({ value: count() }).from(adPhotos);
  return { users: usersRow?.value ?? 0, ads: adsRow?.value ?? 0, photos: photosRow?.value ?? 0 };
}

export interface CreateBackupOptions {
  database: DatabaseHandle;
  /** The local storage's folder (DATA_DIR/uploads); undefined with S3. */
  uploadsDir: string | undefined;
  /** The archive to write. */
  file: string;
}

/** Writes the backup archive and returns its manifest. */
export async function createBackup({
  database,
  uploadsDir,
  file,
}: CreateBackupOptions): Promise<BackupManifest> {
  const staging = await mkdtemp(path.join(os.tmpdir(), "unaa-backup-"));
  try {
    await mkdir(path.join(staging, "database"));
    const isPglite = database.driver === "pglite";
    if (isPglite) {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir("gzip");
      await writeFile(path.join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
    } else {
      const url = (database.db as unknown as { $client: Pool }).$client.options.connectionString;
      if (!url) throw new Error("the PostgreSQL pool has no connection string");
      await runCommand("pg_dump", [
        "--format=custom",
        "--no-owner",
        `--file=${path.join(staging, POSTGRES_DUMP)}`,
        url,
      ]);
    }
    const hasUploads = uploadsDir !== undefined && existsSync(uploadsDir);
    // The uploads go in through a link, so they are read once, straight into the archive.
    if (hasUploads) await symlink(path.resolve(uploadsDir), path.join(staging, UPLOADS), "dir");
    const manifest: BackupManifest = {
      format: "unaa-backup",
      version: 1,
      createdAt: new Date().toISOString(),
      driver: database.driver,
      database: isPglite ? PGLITE_DUMP : POSTGRES_DUMP,
      hasUploads,
      counts: await countRows(database),
    };
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await tar.create({ gzip: true, file, cwd: staging, follow: true, portable: true }, [
      MANIFEST,
      "database",
      ...(hasUploads ? [UPLOADS] : []),
    ]);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function defaultBackupFile(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace("T", "_").slice(0, 19);
  return path.resolve("backups", `unaa-${stamp}.tar.gz`);
}

async function main(): Promise<number> {
  const file = path.resolve(process.argv[2] ?? defaultBackupFile());
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, migrate: false });
  try {
    const uploadsDir = config.storage.driver === "local" ? path.join(config.dataDir, "uploads") : undefined;
    const manifest = await createBackup({ database, uploadsDir, file });
    const { users: userCount, ads: adCount, photos } = manifest.counts;
    process.stdout.write(
      `Backup written to ${file}: ${manifest.driver} database (${userCount} users, ${adCount} ads, ${photos} photos)` +
        `${manifest.hasUploads ? " and the uploads folder" : ""}.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
