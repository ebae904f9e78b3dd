import { describe, expect, it } from "vitest";
import {
  CHUNK_RELOAD_STORAGE_KEY,
  isChunkLoadError,
  RELOAD_GUARD_MS,
  shouldReloadAfterChunkError,
} from "./chunk-reload.ts";
import type { StorageLike } from "./client-state.ts";

function createMemoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

describe("shouldReloadAfterChunkError", () => {
  it("[S9.3] the reload guard is 10 seconds", () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });

  it("[S4.20] allows the first reload of a path and records it in session storage", () => {
    const storage = createMemoryStorage();
    expect(shouldReloadAfterChunkError("/car/1", storage, 1_000)).toBe(true);
    expect(CHUNK_RELOAD_STORAGE_KEY).toBe("unaa-chunk-reload");
    expect(JSON.parse(storage.data.get("unaa-chunk-reload") ?? "null")).toEqual({ "/car/1": 1_000 });
  });

  it("[S4.20] refuses a second reload of the same path within 10 seconds", () => {
    const storage = createMemoryStorage();
    expect(shouldReloadAfterChunkError("/car/1", storage, 1_000)).toBe(true);
    expect(shouldReloadAfterChunkError("/car/1", storage, 1_001)).toBe(false);
    expect(shouldReloadAfterChunkError("/car/1", storage, 1_000 + RELOAD_GUARD_MS - 1)).toBe(false);
  });

  it("[S4.20] allows the path again once 10 seconds have passed", () => {
    const storage = createMemoryStorage();
    expect(shouldReloadAfterChunkError("/car/1", storage, 1_000)).toBe(true);
    expect(shouldReloadAfterChunkError("/car/1", storage, 1_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(shouldReloadAfterChunkError("/car/1", storage, 1_000 + RELOAD_GUARD_MS + 1)).toBe(false);
  });

  it("[S4.20] guards each path separately and drops expired entries", () => {
    const storage = createMemoryStorage();
    expect(shouldReloadAfterChunkError("/moto", storage, 0)).toBe(true);
    expect(shouldReloadAfterChunkError("/uslugi", storage, 5_000)).toBe(true);
    expect(shouldReloadAfterChunkError("/moto", storage, 5_001)).toBe(false);
    expect(shouldReloadAfterChunkError("/catalog", storage, 12_000)).toBe(true);
    expect(JSON.parse(storage.data.get(CHUNK_RELOAD_STORAGE_KEY) ?? "null")).toEqual({
      "/uslugi": 5_000,
      "/catalog": 12_000,
    });
  });

  it("treats corrupt stored data as no previous reload", () => {
    const storage = createMemoryStorage();
    storage.data.set(CHUNK_RELOAD_STORAGE_KEY, "{broken");
    expect(shouldReloadAfterChunkError("/a", storage, 100)).toBe(true);
    storage.data.set(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify({ "/b": "yesterday" }));
    expect(shouldReloadAfterChunkError("/b", storage, 100)).toBe(true);
  });

  it("refuses to reload when the guard cannot be recorded, so a reload can never loop", () => {
    const throwing: StorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(shouldReloadAfterChunkError("/a", throwing, 100)).toBe(false);
    expect(shouldReloadAfterChunkError("/a", null, 100)).toBe(false);
  });

  it("uses the current time by default", () => {
    const storage = createMemoryStorage();
    const before = Date.now();
    expect(shouldReloadAfterChunkError("/now", storage)).toBe(true);
    const recorded = JSON.parse(storage.data.get(CHUNK_RELOAD_STORAGE_KEY) ?? "{}")["/now"] as number;
    expect(recorded).toBeGreaterThanOrEqual(before);
    expect(shouldReloadAfterChunkError("/now", storage)).toBe(false);
  });
});

describe("isChunkLoadError", () => {
  it.each([
    "Failed to fetch dynamically imported module: https://unaa.kg/assets/car-abc.js",
    "Importing a module script failed.",
    "error loading dynamically imported module: https://unaa.kg/assets/x.js",
    "Unable to preload CSS for /assets/route-1.css",
  ])("[S4.20] recognises %s", (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
    expect(isChunkLoadError(message)).toBe(true);
  });

  it("[S4.20] recognises errors named ChunkLoadError", () => {
    const error = new Error("Loading chunk 42 failed.");
    error.name = "ChunkLoadError";
    expect(isChunkLoadError(error)).toBe(true);
    expect(isChunkLoadError({ name: "ChunkLoadError", message: "" })).toBe(true);
  });

  it("[S4.20] recognises a chunk error wrapped as a cause", () => {
    const inner = new TypeError("Failed to fetch dynamically imported module: /assets/a.js");
    expect(isChunkLoadError(new Error("Route failed", { cause: inner }))).toBe(true);
  });

  it("[S4.20] does not mistake other errors for chunk errors", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError(42)).toBe(false);
    expect(isChunkLoadError({ message: 5 })).toBe(false);
  });
});
