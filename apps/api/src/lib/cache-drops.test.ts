import { randomBytes } from "node:crypto";
import type { PublicConfig } from "@unaa/contracts";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { parseConfig } from "../config.ts";
import { callAs } from "../modules/ads/ads-test-kit.ts";
import type { TestClient } from "../modules/auth/auth-test-kit.ts";
import { signUpPersona } from "../test/personas.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { createCacheDrops, localCacheDrops } from "./cache-drops.ts";

// Redis runs only where TEST_REDIS_URL names one (as CI has); without it a site has one process.
const redisUrl = process.env.TEST_REDIS_URL;
const silent = { error() {} };

/** Waits until the channel's subscribers pass `ready` (Redis's count, every process's included). */
async function listeners(channel: string, ready: (count: number) => boolean): Promise<void> {
  const probe = new Redis(redisUrl as string);
  try {
    const count = async () => Number((await probe.pubsub("NUMSUB", channel))[1]);
    await expect.poll(async () => ready(await count()), { timeout: 5000 }).toBe(true);
  } finally {
    probe.disconnect();
  }
}

describe("cache drops (decision 081)", () => {
  it("without Redis, the function a cache registers empties it here and nowhere else", () => {
    let drops = 0;
    const drop = localCacheDrops.register("local", () => {
      drops += 1;
    });
    drop();
    expect(drops).toBe(1);
    expect(createCacheDrops({ redisUrl: undefined, log: silent })).toBe(localCacheDrops);
  });

  describe.runIf(redisUrl)("with Redis", () => {
    let harness: TestApp;
    let admin: TestClient;
    beforeAll(async () => {
      harness = await createTestApp();
      admin = (await signUpPersona(harness, "admin")) as TestClient;
    });
    afterAll(async () => {
      await harness.close();
    });

    it("a drop called in one process empties its cache at once and the other processes' caches of that name", async () => {
      const channel = `unaa:test-cache-drops:${randomBytes(6).toString("hex")}`;
      const here = createCacheDrops({ redisUrl, log: silent, channel });
      const there = createCacheDrops({ redisUrl, log: silent, channel });
      const counts = { here: 0, there: 0, otherName: 0 };
      try {
        const dropHere = here.register("searches", () => {
          counts.here += 1;
        });
        there.register("searches", () => {
          counts.there += 1;
        });
        there.register("config", () => {
          counts.otherName += 1;
        });
        expect(() => there.register("config", () => {})).toThrow(/registered already/);
        // Both processes listen before the change is made.
        await listeners(channel, (count) => count === 2);
        dropHere();
        expect(counts.here).toBe(1);
        await expect.poll(() => counts.there, { timeout: 5000 }).toBe(1);
        // Its own message does not empty this process's cache a second time; other names are kept.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(counts).toEqual({ here: 1, there: 1, otherName: 0 });
      } finally {
        await here.close();
        await there.close();
      }
    });

    it("[S2.13] a settings change made through one process is in another process's configuration at once", async () => {
      // The harness's data folder: the same auth secret, so the admin's token is good on both.
      const config = parseConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATA_DIR: harness.config.dataDir,
        REDIS_URL: redisUrl,
      });
      const first = await createApp({ config, database: harness.database });
      const second = await createApp({ config, database: harness.database });
      try {
        // Both listen (other test files' apps may too) before the change is made.
        await listeners("unaa:cache-drops", (count) => count >= 2);
        const configOf = async () =>
          (await second.inject({ method: "GET", url: "/api/configs" })).json<PublicConfig>().usdRate;
        // The second process has the configuration cached (kept 30 s) before the change.
        const before = await configOf();
        expect(before).toBeGreaterThan(0);
        const next = before === 88.5 ? 88.25 : 88.5;
        const change = await callAs({ ...harness, app: first }, admin)(
          "PUT",
          "/api/dashboard/settings/usdRate",
          {
            value: next,
          },
        );
        expect(change.statusCode, change.body).toBe(200);
        await expect.poll(configOf, { timeout: 5000 }).toBe(next);
      } finally {
        await first.close();
        await second.close();
      }
    });
  });
});
