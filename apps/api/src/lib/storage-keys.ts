/**
 * Storage keys and their file types, shared by the local and the S3 storage (`storage.ts`,
 * `storage-s3.ts`) without an import cycle between the two.
 */

/** The file types storage holds, by extension: avatars and ad photos. */
const contentTypes: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  png: "image/png",
};

/** The Content-Type of a key, or null when storage holds no such type. */
export function contentTypeOf(key: string): string | null {
  return contentTypes[key.slice(key.lastIndexOf(".") + 1)] ?? null;
}

/**
 * Where chat photos are stored (decision 059): never served at `/uploads`, only through the
 * chat's own route to its members. An S3 bucket behind a public address must keep this prefix private.
 */
export const chatPhotoFolder = "chat-photos";

/** Files storage keeps but the public `/uploads` route does not serve. */
export function isPrivateKey(key: string): boolean {
  return key.startsWith(`${chatPhotoFolder}/`);
}

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key) && key.length <= 200;
}
