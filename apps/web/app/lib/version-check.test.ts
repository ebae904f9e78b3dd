import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createUpdateOnNavigate, createVersionCheck, VERSION_CHECK_INTERVAL_MS } from "./version-check.ts";

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** A fetch that answers from a script and records the URLs it was asked for. */
function scriptedFetch(...answers: (() => Response | Promise<Response>)[]) {
  const urls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    urls.push(String(input));
    const answer = answers[Math.min(urls.length - 1, answers.length - 1)];
    if (!answer) throw new Error("no scripted answer");
    return answer();
  });
  return { fetch: fetchImpl as unknown as typeof fetch, urls, calls: fetchImpl };
}

describe("version check", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("[S7.30] requests builds/latest.json with a timestamp query, bypassing the cache", async () => {
    const { fetch, urls, calls } = scriptedFetch(() => jsonResponse({ id: "build-1" }));
    const check = createVersionCheck({
      currentId: "build-1",
      fetch,
      onUpdate: vi.fn(),
      now: () => 1700000000000,
    });
    await expect(check.checkNow()).resolves.toBe(false);
    expect(urls).toEqual(["/builds/latest.json?t=1700000000000"]);
    expect(calls.mock.calls[0]?.[1]).toMatchObject({ cache: "no-store" });
  });

  it("[S7.30] appends the timestamp to a URL that already has a query", async () => {
    const { fetch, urls } = scriptedFetch(() => jsonResponse({ id: "a" }));
    const check = createVersionCheck({
      currentId: "a",
      fetch,
      url: "/x.json?v=1",
      onUpdate: vi.fn(),
      now: () => 5,
    });
    await check.checkNow();
    expect(urls).toEqual(["/x.json?v=1&t=5"]);
  });

  it("[S4.19] the same id is not an update", async () => {
    const { fetch } = scriptedFetch(() => jsonResponse({ id: "build-1", timestamp: 1 }));
    const onUpdate = vi.fn();
    const check = createVersionCheck({ currentId: "build-1", fetch, onUpdate });
    await expect(check.checkNow()).resolves.toBe(false);
    expect(onUpdate).not.toHaveBeenCalled();
    expect(check.isUpdatePending()).toBe(false);
  });

  it("[S4.19] a different id raises the update once", async () => {
    const { fetch, calls } = scriptedFetch(() => jsonResponse({ id: "build-2" }));
    const onUpdate = vi.fn();
    const check = createVersionCheck({ currentId: "build-1", fetch, onUpdate });
    await expect(check.checkNow()).resolves.toBe(true);
    await expect(check.checkNow()).resolves.toBe(true);
    expect(onUpdate).toHaveBeenCalledExactlyOnceWith("build-2");
    expect(check.isUpdatePending()).toBe(true);
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it("[S4.19] polls on the interval and stops polling once an update is found", async () => {
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse({ id: "build-1" }),
      () => jsonResponse({ id: "build-2" }),
    );
    const onUpdate = vi.fn();
    const check = createVersionCheck({ currentId: "build-1", fetch, onUpdate, intervalMs: 1000 });
    check.start();
    check.start();
    expect(calls).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveBeenCalledTimes(1);
    expect(onUpdate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveBeenCalledTimes(2);
    expect(onUpdate).toHaveBeenCalledExactlyOnceWith("build-2");
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("[S4.19] polls every 60 seconds by default and stop() ends polling", async () => {
    expect(VERSION_CHECK_INTERVAL_MS).toBe(60_000);
    const { fetch, calls } = scriptedFetch(() => jsonResponse({ id: "same" }));
    const check = createVersionCheck({ currentId: "same", fetch, onUpdate: vi.fn() });
    check.start();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(calls).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveBeenCalledTimes(1);
    check.stop();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it("[S4.19][S8] failures are ignored: network error, non-2xx, bad JSON, missing id", async () => {
    const { fetch } = scriptedFetch(
      () => {
        throw new TypeError("Failed to fetch");
      },
      () => jsonResponse({ id: "build-2" }, 404),
      () => new Response("<html>", { status: 200, headers: { "Content-Type": "application/json" } }),
      () => jsonResponse({ version: "build-2" }),
      () => jsonResponse(null),
    );
    const onUpdate = vi.fn();
    const error = vi.spyOn(console, "error");
    const check = createVersionCheck({ currentId: "build-1", fetch, onUpdate });
    for (let attempt = 0; attempt < 5; attempt++) await expect(check.checkNow()).resolves.toBe(false);
    expect(onUpdate).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(check.isUpdatePending()).toBe(false);
    error.mockRestore();
  });

  it("[S4.19] keeps polling after a failure", async () => {
    const { fetch, calls } = scriptedFetch(
      () => {
        throw new TypeError("offline");
      },
      () => jsonResponse({ id: "build-2" }),
    );
    const onUpdate = vi.fn();
    const check = createVersionCheck({ currentId: "build-1", fetch, onUpdate, intervalMs: 10 });
    check.start();
    await vi.advanceTimersByTimeAsync(20);
    expect(calls).toHaveBeenCalledTimes(2);
    expect(onUpdate).toHaveBeenCalledExactlyOnceWith("build-2");
  });

  it("overlapping checks share one request", async () => {
    let release: (response: Response) => void = () => undefined;
    const { fetch, calls } = scriptedFetch(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    const onUpdate = vi.fn();
    const check = createVersionCheck({ currentId: "a", fetch, onUpdate });
    const first = check.checkNow();
    const second = check.checkNow();
    release(jsonResponse({ id: "b" }));
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect(calls).toHaveBeenCalledTimes(1);
    expect(onUpdate).toHaveBeenCalledOnce();
  });

  it("is disabled without a current build id (dev server)", async () => {
    const { fetch, calls } = scriptedFetch(() => jsonResponse({ id: "b" }));
    const check = createVersionCheck({ currentId: "", fetch, onUpdate: vi.fn(), intervalMs: 10 });
    check.start();
    await vi.advanceTimersByTimeAsync(100);
    await expect(check.checkNow()).resolves.toBe(false);
    expect(calls).not.toHaveBeenCalled();
  });
});

describe("update on navigate", () => {
  it("[S4.19] asks for a hard navigation only after an update was recorded", () => {
    const updates = createUpdateOnNavigate();
    expect(updates.shouldHardNavigate()).toBe(false);
    expect(updates.getPendingId()).toBeNull();
    updates.recordUpdate("build-2");
    expect(updates.shouldHardNavigate()).toBe(true);
    expect(updates.getPendingId()).toBe("build-2");
  });

  it("[S4.19] wired to the version check, a new build turns the next navigation into a page load", async () => {
    const updates = createUpdateOnNavigate();
    const { fetch } = scriptedFetch(() => jsonResponse({ id: "build-9" }));
    const check = createVersionCheck({
      currentId: "build-1",
      fetch,
      onUpdate: (id) => updates.recordUpdate(id),
    });
    expect(updates.shouldHardNavigate()).toBe(false);
    await check.checkNow();
    expect(updates.shouldHardNavigate()).toBe(true);
  });
});
