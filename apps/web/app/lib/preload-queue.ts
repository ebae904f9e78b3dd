/**
 * Route preloads with a concurrency cap (spec S2.12, S9.3). Preloads are best effort: a failure is
 * swallowed, and the key becomes free again so a later hover can retry it.
 */

export const MAX_PARALLEL_PRELOADS = 5;

export interface PreloadQueue {
  /** Runs `task` once per key, at most `limit` at a time; resolves when it settled (never rejects). */
  enqueue(key: string, task: () => Promise<unknown>): Promise<void>;
  getActiveCount(): number;
  getQueuedCount(): number;
}

interface QueuedTask {
  key: string;
  task: () => Promise<unknown>;
  resolve: () => void;
}

export function createPreloadQueue(limit: number = MAX_PARALLEL_PRELOADS): PreloadQueue {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Preload limit must be >= 1, got ${limit}`);
  // Pending, running and completed keys; a failed key is deleted so it can be enqueued again.
  const known = new Map<string, Promise<void>>();
  const waiting: QueuedTask[] = [];
  let active = 0;

  function pump(): void {
    while (active < limit) {
      const next = waiting.shift();
      if (!next) return;
      active++;
      void run(next);
    }
  }

  async function run({ key, task, resolve }: QueuedTask): Promise<void> {
    try {
      await task();
    } catch {
      known.delete(key);
    } finally {
      active--;
      resolve();
      pump();
    }
  }

  return {
    enqueue(key, task) {
      const existing = known.get(key);
      if (existing) return existing;
      const done = new Promise<void>((resolve) => {
        waiting.push({ key, task, resolve });
      });
      known.set(key, done);
      pump();
      return done;
    },
    getActiveCount: () => active,
    getQueuedCount: () => waiting.length,
  };
}
