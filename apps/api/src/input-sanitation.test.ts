// No 500 for user input (issue 12, defect 4): NUL and lone surrogates in any text answer 400 with a
// field error on both databases, and a malformed multipart body answers 400 with a code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAs, validBodies } from "./modules/ads/ads-test-kit.ts";
import { bearer, chromeAgent, desktop, newClient, signUpUser } from "./modules/auth/auth-test-kit.ts";
import { createTestApp, type TestApp } from "./test/test-app.ts";

let harness: TestApp;
let user: Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  harness = await createTestApp();
  user = await signUpUser(harness);
});
afterAll(async () => harness?.close());

function expectFieldError(response: { statusCode: number; json(): unknown }, path: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    code: "VALIDATION_FAILED",
    errors: expect.arrayContaining([expect.objectContaining({ path, code: "invalid_format" })]),
  });
}

describe("text input", () => {
  it("refuses NUL in searched text and path segments with a field error", async () => {
    expectFieldError(await harness.app.inject({ url: "/api/ads?vertical=car&q=a%00b" }), "q");
    expectFieldError(await harness.app.inject({ url: "/api/catalog/search?kind=car&q=%00" }), "q");
    const segment = await harness.app.inject({ url: "/api/catalog/marks/toy%00ota/models?kind=car" });
    expectFieldError(segment, "mark");
  });

  it("refuses NUL in stored text: ad description, device label and source", async () => {
    const bodies = await validBodies(harness);
    const as = callAs(harness, user);
    expectFieldError(
      await as("POST", "/api/ads", { ...bodies.uslugi, description: "ok\u0000" }),
      "description",
    );
    const created = await as("POST", "/api/ads", bodies.uslugi);
    expect(created.statusCode).toBe(201);
    const signIn = await harness.app.inject({
      method: "POST",
      url: "/api/auth/sign-in",
      remoteAddress: newClient().ip,
      payload: {
        login: user.login,
        password: "whatever-1",
        device: { ...desktop, label: "Windows\u0000" },
        source: `${chromeAgent}\u0000`,
      },
    });
    expectFieldError(signIn, "device.label");
    expectFieldError(signIn, "source");
  });

  it("refuses a lone surrogate, keeps a real emoji", async () => {
    const bodies = await validBodies(harness);
    const as = callAs(harness, user);
    // A lone surrogate as a JSON escape, as a client can send it; JSON.parse gives it back unpaired.
    const payload = JSON.stringify({ ...bodies.uslugi, description: "LONE" }).replace(
      "LONE",
      "\\ud800 broken",
    );
    const lone = await harness.app.inject({
      method: "POST",
      url: "/api/ads",
      headers: { ...bearer(user), "content-type": "application/json" },
      payload,
    });
    expectFieldError(lone, "description");
    expect((await as("POST", "/api/ads", { ...bodies.uslugi, description: "Эвакуатор 🚗" })).statusCode).toBe(
      201,
    );
  });
});

describe("multipart", () => {
  it("answers a malformed multipart body with 400 and a code, on both upload endpoints", async () => {
    for (const url of ["/api/user/avatar", "/api/photos"]) {
      for (const payload of [
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
        "garbage without any boundary",
        "--x\r\nbroken header line\r\n\r\n--x--",
      ]) {
        const response = await harness.app.inject({
          method: "POST",
          url,
          headers: {
            authorization: `Bearer ${user.accessToken}`,
            "content-type": "multipart/form-data; boundary=x",
          },
          payload,
        });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}: ${response.body}`).toBeLessThan(500);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.json().code).toEqual(expect.any(String));
      }
    }
  });
});

describe("malformed percent-encoding in an address", () => {
  it("sends an unreadable page address (bad encoding, NUL) to the 404 page, an API one to a 400 in the API format", async () => {
    for (const url of ["/catalog/%E0%A4%A", "/catalog/toy%00ota?kind=car"]) {
      const page = await harness.app.inject({ url });
      // Here without the web app, no route answers; the web server renders its 404 page.
      expect(page.statusCode, url).toBe(404);
      expect(page.body, url).toContain("/_malformed-address");
    }
    const api = await harness.app.inject({ url: "/api/catalog/marks/%E0%A4%A/models?kind=car" });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({ code: "BAD_REQUEST", message: expect.any(String) });
  });
});
