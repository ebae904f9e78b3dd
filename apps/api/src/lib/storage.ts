import { randomBytes } from "node:crypto";
import { createReadStream, type ReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded files live. Keys look like `avatars/12-k3j4h5.webp`; the public URL is
 * `/uploads/<key>`. Local disk now; an S3 implementation only has to provide the same four calls
 * (and `publicUrl` pointing at the bucket or CDN).
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  /** A readable stream and size, or null when there is no such file. */
  open(key: string): Promise<{ stream: ReadStream; size: number } | null>;
  publicUrl(key: string): string;
}

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key) && key.length <= 200;
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
