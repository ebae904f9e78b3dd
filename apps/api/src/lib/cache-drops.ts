import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/**
 * The caches a process keeps of data every process shares — the public configuration, ads' search
 * answers, catalogue search answers, the live banner slots — and how a change made in one process
 * drops them in all (decision 081). Each cache registers the function that empties it under a name;
 * the function `register` answers is the one to call after a change: it empties this process's
 * cache at once and, with Redis, tells the site's other processes (the server's workers, other
 * hosts) to empty theirs. Without Redis there is one process and nothing to tell. A message lost
 * while Redis is away leaves the other processes' copies until their own short lifetimes end.
 */
export interface CacheDrops {
  register(name: string, drop: () => void): () => void;
  close(): Promise<void>;
}

/** The Redis channel the drops go through. */
const CACHE_DROPS_CHANNEL = "unaa:cache-drops";

/** One process's caches only: what a site on the embedded database (one process) and tests use. */
export const localCacheDrops: CacheDrops = {
  register: (_name, drop) => drop,
  close: async () => {},
};

export interface CacheDropsOptions {
  redisUrl: string | undefined;
  log: Pick<FastifyBaseLogger, "error">;
  /** The channel; tests use their own so that parallel runs do not drop each other's caches. */
  channel?: string;
}

export function createCacheDrops({
  redisUrl,
  log,
  channel = CACHE_DROPS_CHANNEL,
}: CacheDropsOptions): CacheDrops {
  if (!redisUrl) return localCacheDrops;
  /** This process's mark on its messages: it has emptied its own cache before publishing. */
  const sender = randomBytes(8).toString("hex");
  const drops = new Map<string, () => void>();
  // The publisher fails at once while Redis is away (the change itself must not wait for Redis);
  // the subscriber reconnects and subscribes again by itself.
  const publisher = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
  });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null, connectTimeout: 3000 });
  for (const client of [publisher, subscriber]) {
    client.on("error", (error) => log.error({ err: error }, "cache drops: Redis error"));
  }
  subscriber.on("message", (_channel: string, message: string) => {
    const [from, name] = message.split(" ");
    if (from === sender || name === undefined) return;
    drops.get(name)?.();
  });
  // Subscribes again by itself after a reconnect; waits while Redis is away.
  subscriber.subscribe(channel).catch((error: unknown) => {
    log.error({ err: error }, "cache drops: subscribe failed");
  });

  return {
    register(name, drop) {
      if (drops.has(name)) throw new Error(`a cache named "${name}" is registered already`);
      drops.set(name, drop);
      return () => {
        drop();
        publisher.publish(channel, `${sender} ${name}`).catch((error: unknown) => {
          log.error({ err: error, cache: name }, "cache drops: publish failed");
        });
      };
    },
    async close() {
      // disconnect(), not quit(): quit waits in the offline queue while Redis is unreachable.
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
