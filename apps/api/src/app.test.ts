import { Agent, get as httpGet } from "node:http";
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { contentSecurityPolicy, errorMessages, fieldIssueMessages, locales } from "@unaa/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./errors.ts";
import { createTestApp, type TestApp } from "./test/test-app.ts";

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({}, (app) => {
    app.get("/api/__test/boom", async () => {
      throw new Error("connection string postgres://secret@db leaked");
    });
    app.get("/api/__test/unavailable", async () => {
      throw new AppError("SERVICE_UNAVAILABLE", {
        message: "redis://10.0.0.3 refused",
        errors: [{ path: "redis", code: "ECONNREFUSED", message: "redis://10.0.0.3 refused" }],
      });
    });
    app.get("/api/__test/app-error", async () => {
      throw new AppError("CONFLICT", { message: "Ad already published" });
    });
    app.post(
      "/api/__test/echo",
      { schema: { body: z.object({ price: z.number().int().min(0), title: z.string().min(3) }) } },
      async (request) => request.body,
    );
    app.post(
      "/api/__test/strict",
      { schema: { body: z.strictObject({ title: z.string() }) } },
      async (request) => request.body,
    );
  });
});

afterAll(async () => {
  await harness.close();
});

describe("API errors", () => {
  it("answers an unknown /api path with a JSON 404, never the HTML page", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await harness.app.inject({ method, url: "/api/no/such/thing" });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/application\/json/);
      expect(response.json()).toEqual({ code: "ROUTE_NOT_FOUND", message: errorMessages.ru.ROUTE_NOT_FOUND });
    }
  });

  it("never echoes a 5xx message: the client gets the generic text", async () => {
    const response = await harness.app.inject({ method: "GET", url: "/api/__test/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: "INTERNAL", message: errorMessages.ru.INTERNAL });
    expect(response.body).not.toContain("secret");
  });

  it("never echoes the message or field errors of a 5xx AppError", async () => {
    const response = await harness.app.inject({ method: "GET", url: "/api/__test/unavailable" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      code: "SERVICE_UNAVAILABLE",
      message: errorMessages.ru.SERVICE_UNAVAILABLE,
    });
    expect(response.body).not.toContain("10.0.0.3");
  });

  it("maps an AppError to its status and keeps its 4xx message", async () => {
    const response = await harness.app.inject({ method: "GET", url: "/api/__test/app-error" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: "CONFLICT", message: "Ad already published" });
  });

  it("answers bad input with 400, a code and field errors", async () => {
    const response = await harness.app.inject({
      method: "POST",
      url: "/api/__test/echo",
      payload: { price: -5, title: "x" },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.errors.map((error: { path: string }) => error.path).sort()).toEqual(["price", "title"]);
    for (const error of body.errors) expect(error.code).toEqual(expect.any(String));
  });

  it("answers malformed JSON with a 400 code, not a 500", async () => {
    const response = await harness.app.inject({
      method: "POST",
      url: "/api/__test/echo",
      headers: { "content-type": "application/json" },
      payload: "{ not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("BAD_REQUEST");
  });

  it("answers an unsupported body type with 415", async () => {
    const response = await harness.app.inject({
      method: "POST",
      url: "/api/__test/echo",
      headers: { "content-type": "application/x-unknown" },
      payload: "x",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("speaks the caller's X-Lang", async () => {
    for (const locale of ["ky", "en", "ru"] as const) {
      const response = await harness.app.inject({ url: "/api/nope", headers: { "x-lang": locale } });
      expect(response.json().message).toBe(errorMessages[locale].ROUTE_NOT_FOUND);
    }
  });
});

describe("[S7.1] [S8.2] field errors in the caller's language, on every route", () => {
  it("answers an ads call's schema errors (with their bounds) in ky, ru and en", async () => {
    for (const locale of locales) {
      const texts = fieldIssueMessages[locale];
      const badId = await harness.app.inject({ url: "/api/ads/0", headers: { "x-lang": locale } });
      expect(badId.statusCode).toBe(400);
      expect(badId.json()).toEqual({
        code: "VALIDATION_FAILED",
        message: errorMessages[locale].VALIDATION_FAILED,
        errors: [{ path: "id", code: "too_small", message: texts.moreThan.replace("{n}", "0") }],
      });
      const badVertical = await harness.app.inject({
        url: "/api/ads?vertical=boat",
        headers: { "x-lang": locale },
      });
      expect(badVertical.json().errors).toEqual([
        { path: "vertical", code: "invalid_value", message: texts.choose },
      ]);
    }
  });

  it("translates the field errors an ads service finds, too", async () => {
    const messages = await Promise.all(
      locales.map(async (locale) => {
        const response = await harness.app.inject({
          url: "/api/ads?vertical=car&priceFrom=-5&colour=red",
          headers: { "x-lang": locale },
        });
        expect(response.statusCode).toBe(400);
        const { errors } = response.json();
        expect(errors).toEqual([
          { path: "priceFrom", code: "too_small", message: fieldIssueMessages[locale].invalid },
          { path: "colour", code: "unrecognized_keys", message: fieldIssueMessages[locale].unknownField },
        ]);
        return errors[0].message;
      }),
    );
    expect(new Set(messages).size).toBe(locales.length);
  });

  it("names each unknown key of a schema as its own field", async () => {
    const response = await harness.app.inject({
      method: "POST",
      url: "/api/__test/strict",
      headers: { "x-lang": "en" },
      payload: { title: "abc", extra: 1, other: 2 },
    });
    expect(response.json().errors).toEqual([
      { path: "extra", code: "unrecognized_keys", message: "Unknown field" },
      { path: "other", code: "unrecognized_keys", message: "Unknown field" },
    ]);
  });

  it("puts the length bound of a text and the whole-number rule in the message", async () => {
    const response = await harness.app.inject({
      method: "POST",
      url: "/api/__test/echo",
      headers: { "x-lang": "ru" },
      payload: { price: 2.5, title: "x" },
    });
    expect(response.json().errors).toEqual([
      { path: "price", code: "invalid_type", message: "Введите целое число" },
      { path: "title", code: "too_small", message: "Не короче 3 символов" },
    ]);
  });
});

describe("HTTP hardening", () => {
  it("sends the security headers", async () => {
    const response = await harness.app.inject({ url: "/api/health" });
    const csp = String(response.headers["content-security-policy"]);
    // The shared policy of contracts, which pages extend with their scripts (entry.server.test.ts).
    expect(csp).toBe(contentSecurityPolicy());
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'self'; script");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("tags every response with a request id, keeping a well-formed incoming one", async () => {
    const fresh = await harness.app.inject({ url: "/api/health" });
    expect(fresh.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await harness.app.inject({
      url: "/api/health",
      headers: { "x-request-id": "edge-1234abcd" },
    });
    expect(kept.headers["x-request-id"]).toBe("edge-1234abcd");
    const refused = await harness.app.inject({ url: "/api/health", headers: { "x-request-id": "<script>" } });
    expect(refused.headers["x-request-id"]).not.toBe("<script>");
  });

  it("compresses large responses whole, with their length (no chunked stream)", async () => {
    const plain = await harness.app.inject({ url: "/api/configs" });
    expect(plain.rawPayload.length).toBeGreaterThan(16 * 1024);
    for (const [encoding, decompress] of [
      ["gzip", gunzipSync],
      ["br", brotliDecompressSync],
      ["zstd", zstdDecompressSync],
    ] as const) {
      const response = await harness.app.inject({
        url: "/api/configs",
        headers: { "accept-encoding": encoding },
      });
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["transfer-encoding"]).toBeUndefined();
      expect(Number(response.headers["content-length"])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decompress(response.rawPayload).toString())).toEqual(plain.json());
    }
    // A browser that takes them all gets Zstandard, the cheapest to make (decision 090).
    const browser = await harness.app.inject({
      url: "/api/configs",
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(browser.headers["content-encoding"]).toBe("zstd");
  });

  it("serves the OpenAPI document and its docs page", async () => {
    const json = await harness.app.inject({ url: "/api/docs/json" });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/api/health", "/api/configs"]));
    const page = await harness.app.inject({ url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
  });
});

describe("graceful shutdown", () => {
  it("finishes a request in flight before closing", async () => {
    const own = await createTestApp({}, (app) => {
      app.get("/api/__test/slow", async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return { done: true };
      });
    });
    await own.app.listen({ port: 0, host: "127.0.0.1" });
    const address = own.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const inFlight = fetch(`http://127.0.0.1:${port}/api/__test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = own.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});

describe("shutdown drain", () => {
  it("answers a request on a kept-alive connection during the drain, closing that connection, never resetting it", async () => {
    const own = await createTestApp();
    await own.app.listen({ port: 0, host: "127.0.0.1" });
    const address = own.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; connection: string | undefined; reused: boolean }>((resolve, reject) => {
        const request = httpGet({ host: "127.0.0.1", port, path: "/api/health", agent }, (response) => {
          response.resume();
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              connection: response.headers.connection,
              reused: request.reusedSocket,
            }),
          );
        });
        request.on("error", reject);
      });
    try {
      expect(await get()).toMatchObject({ status: 200, connection: "keep-alive" });
      const draining = own.app.drainConnections(300);
      // The same connection, kept alive, right after the shutdown began.
      expect(await get()).toEqual({ status: 200, connection: "close", reused: true });
      await draining;
    } finally {
      agent.destroy();
      await own.close();
    }
  });
});

describe("HSTS behind HTTPS", () => {
  it("is sent only when the request came over HTTPS through a trusted proxy", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "true" });
    try {
      const secure = await proxied.app.inject({
        url: "/api/health",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(secure.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      const plain = await proxied.app.inject({ url: "/api/health" });
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
