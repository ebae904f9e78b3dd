import { describe, expect, it, vi } from "vitest";
import { createPreloadQueue, MAX_PARALLEL_PRELOADS } from "./preload-queue.ts";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tasks that record how many of them run at the same time. */
function createConcurrencyProbe() {
  let running = 0;
  let peak = 0;
  const finished: string[] = [];
  return {
    task(name: string, ms = 20) {
      return async () => {
        running++;
        peak = Math.max(peak, running);
        await delay(ms);
        running--;
        finished.push(name);
      };
    },
    get peak() {
      return peak;
    },
    finished,
  };
}

describe("preload queue", () => {
  it("[S2.12][S9.3] at most 5 preloads run in parallel by default", async () => {
    expect(MAX_PARALLEL_PRELOADS).toBe(5);
    const queue = createPreloadQueue();
    const probe = createConcurrencyProbe();
    const all = Array.from({ length: 12 }, (_, index) =>
      queue.enqueue(`route-${index}`, probe.task(`route-${index}`)),
    );
    expect(queue.getActiveCount()).toBe(5);
    expect(queue.getQueuedCount()).toBe(7);
    await Promise.all(all);
    expect(probe.peak).toBe(5);
    expect(probe.finished).toHaveLength(12);
    expect(queue.getActiveCount()).toBe(0);
  });

  it("[S2.12] honours a custom limit and starts queued tasks in order", async () => {
    const queue = createPreloadQueue(2);
    const started: string[] = [];
    const probe = createConcurrencyProbe();
    const all = ["a", "b", "c", "d"].map((name) =>
      queue.enqueue(name, () => {
        started.push(name);
        return probe.task(name, 10)();
      }),
    );
    expect(started).toEqual(["a", "b"]);
    await Promise.all(all);
    expect(started).toEqual(["a", "b", "c", "d"]);
    expect(probe.peak).toBe(2);
  });

  it("[S2.12] runs the same key once, also after it completed", async () => {
    const queue = createPreloadQueue();
    const task = vi.fn(() => delay(5));
    const first = queue.enqueue("/car", task);
    const second = queue.enqueue("/car", task);
    expect(second).toBe(first);
    await first;
    await queue.enqueue("/car", task);
    expect(task).toHaveBeenCalledOnce();
  });

  it("[S2.12] swallows a failure and lets the key be retried later", async () => {
    const queue = createPreloadQueue();
    const failing = vi.fn(() => Promise.reject(new Error("chunk missing")));
    await expect(queue.enqueue("/moto", failing)).resolves.toBeUndefined();
    const retry = vi.fn(() => Promise.resolve("ok"));
    await queue.enqueue("/moto", retry);
    expect(retry).toHaveBeenCalledOnce();
    await queue.enqueue("/moto", retry);
    expect(retry).toHaveBeenCalledOnce();
  });

  it("[S2.12] a task that throws synchronously frees its slot", async () => {
    const queue = createPreloadQueue(1);
    await queue.enqueue("bad", () => {
      throw new Error("sync");
    });
    const next = vi.fn(() => Promise.resolve());
    await queue.enqueue("good", next);
    expect(next).toHaveBeenCalledOnce();
    expect(queue.getActiveCount()).toBe(0);
  });

  it("rejects a limit below one", () => {
    expect(() => createPreloadQueue(0)).toThrow(RangeError);
    expect(() => createPreloadQueue(1.5)).toThrow(RangeError);
  });
});
