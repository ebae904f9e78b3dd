import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { type RateCounter, RateLimitedError, type RateRule, type RateState } from "../lib/rate-counter.ts";

declare module "fastify" {
  interface FastifyInstance {
    createRateCounter(rule: RateRule): RateCounter;
  }
}

export interface RateLimitOptions {
  redisUrl: string | undefined;
  /** Key prefix in Redis; tests use their own so runs do not share counts. */
  nameSpace?: string;
}

/**
 * @fastify/rate-limit for whole routes (`config.rateLimit` on a route: 429 `RATE_LIMITED` with
 * Retry-After), and named counters on the same store for limits that count particular events
 * rather than requests. Redis-backed when REDIS_URL is set, so every instance shares the counts.
 */
export const rateLimits = fp<RateLimitOptions>(
  async (app: FastifyInstance, options) => {
    const redis = options.redisUrl
      ? // While Redis is unreachable commands fail at once (no offline queue) instead of making
        // every sign-in wait for reconnects; the limiter then lets the request through.
        new Redis(options.redisUrl, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          commandTimeout: 1000,
          connectTimeout: 3000,
        })
      : undefined;
    if (redis) {
      redis.on("error", (error) => app.log.error({ err: error }, "rate limits: Redis error"));
      app.addHook("onClose", async () => void (await redis.quit().catch(() => undefined)));
    }

    await app.register(rateLimit, {
      global: false,
      // Redis down: let requests through (and log) rather than refuse every sign-in.
      skipOnError: true,
      ...(redis ? { redis, nameSpace: options.nameSpace ?? "unaa:rl:" } : {}),
      errorResponseBuilder: (_request, context) => new RateLimitedError("RATE_LIMITED", context.ttl / 1000),
    });

    app.decorate("createRateCounter", (rule: RateRule): RateCounter => {
      const limiter = app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowMs,
        // The key comes from the stand-in request below, never from the real one.
        keyGenerator: (request) => `${rule.name}:${(request as unknown as CounterRequest).counterKey}`,
        cache: 50_000,
      } as Parameters<typeof app.createRateLimit>[0]);
      const run = async (key: string, increment: boolean): Promise<RateState> => {
        // createRateLimit reads only the key generator's input and the route's rate-limit group.
        const request = { counterKey: key, routeOptions: { config: {} } } as unknown as FastifyRequest;
        const result = await limiter(request, { increment });
        if (result.isAllowed) return { count: 0, retryAfterSeconds: 0, isFull: false };
        const count = result.max - result.remaining;
        return { count, retryAfterSeconds: Math.ceil(result.ttl / 1000), isFull: count >= result.max };
      };
      return { rule, peek: (key) => run(key, false), hit: (key) => run(key, true) };
    });

    app.addHook("onError", async (_request, reply, error) => {
      if (error instanceof RateLimitedError) reply.header("retry-after", String(error.retryAfterSeconds));
    });
  },
  { name: "unaa-rate-limits" },
);

interface CounterRequest {
  counterKey: string;
}
