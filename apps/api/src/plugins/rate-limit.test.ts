import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newClient, nextPhone } from "../modules/auth/auth-test-kit.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

// Redis runs only where TEST_REDIS_URL names one (like TEST_DATABASE_URL for PostgreSQL); the
// in-memory store is covered by every other accounts test.
const redisUrl = process.env.TEST_REDIS_URL;

describe("rate limits when Redis is down", () => {
  it("let requests through rather than refuse everyone (and log the error)", async () => {
    // Nothing listens on port 1: every Redis command fails.
    const harness = await createTestApp({ REDIS_URL: "redis://127.0.0.1:1" });
    try {
      const response = await harness.app.inject({
        method: "POST",
        url: "/api/auth/sign-request",
        remoteAddress: newClient().ip,
        payload: { purpose: "sign-up", login: nextPhone() },
      });
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await harness.close();
    }
  });
});

describe.runIf(redisUrl)("rate limits on Redis (REDIS_URL)", () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp({ REDIS_URL: redisUrl ?? "" });
    second = await createTestApp({ REDIS_URL: redisUrl ?? "" });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  const signRequest = (harness: TestApp, login: string, ip: string) =>
    harness.app.inject({
      method: "POST",
      url: "/api/auth/sign-request",
      remoteAddress: ip,
      payload: { purpose: "sign-up", login },
    });

  it("shares the code limits between two servers", async () => {
    const phone = nextPhone();
    expect((await signRequest(first, phone, newClient().ip)).statusCode).toBe(200);
    const other = await signRequest(second, phone, newClient().ip);
    expect(other.statusCode).toBe(429);
    expect(other.json().code).toBe("CODE_RESEND_TOO_SOON");
    expect(Number(other.headers["retry-after"])).toBeGreaterThan(50);

    const redis = new Redis(redisUrl ?? "");
    try {
      const keys = await redis.keys(`unaa:rl:*code-login-minute:${phone}`);
      expect(keys).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
  });

  it("shares the per-IP route limits between two servers", async () => {
    const ip = newClient().ip;
    for (let index = 0; index < 10; index += 1) {
      const target = index % 2 === 0 ? first : second;
      const response = await target.app.inject({
        method: "POST",
        url: "/api/auth/sign-up",
        remoteAddress: ip,
        payload: {},
      });
      expect(response.statusCode).toBe(400);
    }
    const limited = await first.app.inject({
      method: "POST",
      url: "/api/auth/sign-up",
      remoteAddress: ip,
      payload: {},
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});
