import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { parseConfig } from "../config.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { adPhotos, ads, users } from "../db/schema/index.ts";
import { callAs, createPublished, setSetting, validBodies } from "../modules/ads/ads-test-kit.ts";
import { bearer, signUpUser, type TestClient } from "../modules/auth/auth-test-kit.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { multipartBody } from "../test/upload-kit.ts";
import { createBackup } from "./db-backup.ts";
import { restoreBackup } from "./db-restore.ts";

const serverUrl = process.env.UNAA_TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;

let folder: string;
let harness: TestApp;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "unaa-backup-test-"));
  harness = await createTestApp({ DATA_DIR: path.join(folder, "source") });
}, 180_000);

afterAll(async () => {
  await harness?.close();
  await rm(folder, { recursive: true, force: true });
});

async function uploadImage(client: TestClient, url: string): Promise<{ id?: number }> {
  const image = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#2060c0" } })
    .png()
    .toBuffer();
  const { payload, contentType } = multipartBody([
    { field: "file", filename: "a.png", type: "image/png", data: image },
  ]);
  const response = await harness.app.inject({
    method: "POST",
    url,
    headers: { ...bearer(client), "content-type": contentType },
    payload,
  });
  if (response.statusCode >= 300) throw new Error(response.body);
  return response.json();
}

/** Every file under a folder, as paths relative to it. */
function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function readAll(database: DatabaseHandle) {
  const db = database.db;
  return {
    users: await db.select({ id: users.id, username: users.username }).from(users).orderBy(asc(users.id)),
    ads: await db
      .select({ id: ads.id, status: ads.status, photos: ads.photos })
      .from(ads)
      .orderBy(asc(ads.id)),
    photos: await db
      .select({ id: adPhotos.id, adId: adPhotos.adId, base: adPhotos.base })
      .from(adPhotos)
      .orderBy(asc(adPhotos.id)),
  };
}

/** An empty database on the test server to restore into, dropped by `drop`. */
async function createEmptyDatabase(url: string) {
  const name = `unaa_restore_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

describe("npm run db:backup and npm run db:restore", () => {
  it("restores a backup into a fresh data folder: every user, ad and photo, and the site serves them", async () => {
    await setSetting(harness, "moderationMode", "post");
    const seller = await signUpUser(harness);
    const buyer = await signUpUser(harness);
    await uploadImage(buyer, "/api/user/avatar");
    const bodies = await validBodies(harness);
    const photoIds = [
      (await uploadImage(seller, "/api/photos")).id,
      (await uploadImage(seller, "/api/photos")).id,
    ] as number[];
    const active = await createPublished(harness, seller, { ...bodies.car, photoIds });
    const draft = await callAs(harness, seller)("POST", "/api/ads", bodies.moto);
    expect(draft.statusCode).toBe(201);
    const before = await readAll(harness.database);
    const sourceUploads = path.join(folder, "source", "uploads");
    const uploadedFiles = listFiles(sourceUploads);
    expect(uploadedFiles.length).toBeGreaterThanOrEqual(3);

    const file = path.join(folder, "backups", "unaa.tar.gz");
    const manifest = await createBackup({ database: harness.database, uploadsDir: sourceUploads, file });
    expect(manifest).toMatchObject({
      driver: harness.database.driver,
      hasUploads: true,
      counts: { users: before.users.length, ads: before.ads.length, photos: before.photos.length },
    });

    const target = path.join(folder, "restored");
    const emptyDatabase = serverUrl ? await createEmptyDatabase(serverUrl) : undefined;
    try {
      await restoreBackup({ file, dataDir: target, databaseUrl: emptyDatabase?.url });
      // A second restore over it is refused: a restore never writes over data.
      await expect(restoreBackup({ file, dataDir: target, databaseUrl: emptyDatabase?.url })).rejects.toThrow(
        /not empty|holds a database/,
      );

      const restored = await openDatabase({ url: emptyDatabase?.url, dataDir: target });
      try {
        expect(await readAll(restored)).toEqual(before);
        const targetUploads = path.join(target, "uploads");
        expect(listFiles(targetUploads)).toEqual(uploadedFiles);
        for (const relative of uploadedFiles) {
          expect(
            readFileSync(path.join(targetUploads, relative)).equals(
              readFileSync(path.join(sourceUploads, relative)),
            ),
          ).toBe(true);
        }

        const config = parseConfig({
          NODE_ENV: "test",
          LOG_LEVEL: "silent",
          DATA_DIR: target,
          ...(emptyDatabase ? { DATABASE_URL: emptyDatabase.url } : {}),
        });
        const app = await createApp({ config, database: restored });
        try {
          const ad = await app.inject({ url: `/api/ads/${active.id}` });
          expect(ad.statusCode).toBe(200);
          expect(ad.json().photos).toHaveLength(2);
          for (const relative of uploadedFiles) {
            expect((await app.inject({ url: `/uploads/${relative}` })).statusCode, relative).toBe(200);
          }
          const signIn = await app.inject({
            method: "POST",
            url: "/api/auth/sign-in",
            payload: {
              login: seller.login,
              password: seller.password,
              device: { type: "desktop", label: "Backup check" },
              source: "test",
            },
          });
          expect(signIn.statusCode).toBe(200);
        } finally {
          await app.close();
        }
      } finally {
        await restored.close();
      }
    } finally {
      await emptyDatabase?.drop();
    }
  }, 120_000);
});
