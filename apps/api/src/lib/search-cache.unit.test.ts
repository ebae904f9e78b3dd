import { describe, expect, it } from "vitest";
import { createSearchCache } from "./search-cache.ts";

describe("the search answer cache", () => {
  it("reuses an answer until it expires, then asks again", async () => {
    let clock = 0;
    let loads = 0;
    const cache = createSearchCache<number>({ maxEntries: 10, ttlMs: 1000, now: () => clock });
    const load = async () => ++loads;
    expect(await cache.get("кам", load)).toBe(1);
    clock = 999;
    expect(await cache.get("кам", load)).toBe(1);
    clock = 1000;
    expect(await cache.get("кам", load)).toBe(2);
  });

  it("forgets the least recently used answer when full, and everything on clear", async () => {
    let loads = 0;
    const cache = createSearchCache<string>({ maxEntries: 2, ttlMs: 60_000 });
    const load = (key: string) => async () => `${key}:${++loads}`;
    await cache.get("a", load("a"));
    await cache.get("b", load("b"));
    await cache.get("a", load("a")); // "a" is now the most recent
    await cache.get("c", load("c")); // "b" goes
    expect(await cache.get("a", load("a"))).toBe("a:1");
    expect(await cache.get("b", load("b"))).toBe("b:4");
    cache.clear();
    expect(await cache.get("a", load("a"))).toBe("a:5");
  });

  it("does not keep a failed answer", async () => {
    const cache = createSearchCache<number>({ maxEntries: 10, ttlMs: 60_000 });
    await expect(cache.get("x", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("x", async () => 7)).toBe(7);
  });
});
