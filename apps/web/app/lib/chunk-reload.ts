/**
 * Recovery from failed chunk loads after a deploy (spec S4.20, S9.3): the old chunks are gone, so a
 * full reload fetches the new build. The guard stops a reload loop when the chunk is really missing.
 */
import type { StorageLike } from "./client-state.ts";

export const RELOAD_GUARD_MS = 10_000;
export const CHUNK_RELOAD_STORAGE_KEY = "unaa-chunk-reload";

const CHUNK_ERROR_PATTERNS: readonly RegExp[] = [
  /failed to fetch dynamically imported module/i,
  /importing a module script failed/i,
  /error loading dynamically imported module/i,
  /unable to preload css/i,
  /loading (css )?chunk [\w-]+ failed/i,
];

function readReloadTimes(storage: Pick<StorageLike, "getItem">): Record<string, number> {
  const raw = storage.getItem(CHUNK_RELOAD_STORAGE_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    const times: Record<string, number> = {};
    for (const [path, time] of Object.entries(parsed)) {
      if (typeof time === "number" && Number.isFinite(time)) times[path] = time;
    }
    return times;
  } catch {
    return {};
  }
}

/**
 * True when `path` may be reloaded now, and records the reload (sessionStorage, key
 * `unaa-chunk-reload`); false when it was reloaded less than RELOAD_GUARD_MS ago. Without a working
 * storage the answer is false: an unrecorded reload could loop forever.
 */
export function shouldReloadAfterChunkError(
  path: string,
  storage: StorageLike | null | undefined,
  now: number = Date.now(),
): boolean {
  if (!storage) return false;
  try {
    const times = readReloadTimes(storage);
    const last = times[path];
    const elapsed = last === undefined ? Number.POSITIVE_INFINITY : now - last;
    // A negative elapsed time means the clock moved back; the record is not trustworthy, so allow.
    if (elapsed >= 0 && elapsed < RELOAD_GUARD_MS) return false;
    const kept: Record<string, number> = {};
    for (const [otherPath, time] of Object.entries(times)) {
      // Expired entries carry no information; dropping them keeps the stored value small.
      if (now - time >= 0 && now - time < RELOAD_GUARD_MS) kept[otherPath] = time;
    }
    kept[path] = now;
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify(kept));
    return true;
  } catch {
    return false;
  }
}

function describeError(error: unknown): { name: string; message: string; cause: unknown } {
  if (typeof error === "string") return { name: "", message: error, cause: undefined };
  if (typeof error === "object" && error !== null) {
    const { name, message, cause } = error as { name?: unknown; message?: unknown; cause?: unknown };
    return {
      name: typeof name === "string" ? name : "",
      message: typeof message === "string" ? message : "",
      cause,
    };
  }
  return { name: "", message: "", cause: undefined };
}

/**
 * Recognises the chunk-load failures of the browsers (Chrome, Safari, Firefox wording), webpack-style
 * `ChunkLoadError` and Vite's "Unable to preload CSS". Follows `cause` a few levels because routers
 * wrap the original error.
 */
export function isChunkLoadError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current != null; depth++) {
    const { name, message, cause } = describeError(current);
    if (name === "ChunkLoadError") return true;
    if (CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}
