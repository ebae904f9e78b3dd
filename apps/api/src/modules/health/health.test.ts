import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => {
  await harness.close();
});

describe("GET /api/health", () => {
  it("answers 200 with the database status", async () => {
    const response = await harness.app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe("ok");
    expect(body.database.status).toBe("up");
    expect(body.database.driver).toBe(process.env.UNAA_TEST_DB === "postgres" ? "postgres" : "pglite");
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("answers 503 with status degraded when the database is gone", async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const response = await broken.app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: "degraded", database: { status: "down" } });
    await broken.app.close();
  });
});
