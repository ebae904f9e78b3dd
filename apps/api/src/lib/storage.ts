import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Config } from "../config.ts";
import { isStorageKey } from "./storage-keys.ts";
import { createS3Storage } from "./storage-s3.ts";

// Callers read a key's type from the storage module, as before the keys had their own file.
export { contentTypeOf } from "./storage-keys.ts";

/**
 * Where uploaded files live. Keys look like `avatars/12-k3j4h5.webp`; every upload gets a new key,
 * so a file never changes. Local disk under DATA_DIR/uploads (served at `/uploads/<key>`), or an
 * S3-compatible bucket (`storage-s3.ts`), chosen by configuration (`createStorage`).
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Removing a file that is not there is no error. */
  remove(key: string): Promise<void>;
  /** A readable stream and size, or null when there is no such file. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  publicUrl(key: string): string;
}

export function createLocalStorage(root: string, urlPrefix = "/uploads"): FileStorage {
  const resolve = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`bad storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temporary, data, { mode: 0o644 });
      await rename(temporary, file);
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async open(key) {
      if (!isStorageKey(key)) return null;
      const file = resolve(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    publicUrl: (key) => `${urlPrefix}/${key}`,
  };
}

/** The storage of the configuration, created once at start and shared by every module. */
export function createStorage(config: Config): FileStorage {
  if (config.storage.driver === "s3") return createS3Storage(config.storage);
  return createLocalStorage(path.join(config.dataDir, "uploads"));
}
