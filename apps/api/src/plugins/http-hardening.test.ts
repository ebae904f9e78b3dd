// Cache-Control on personal API answers (issue 12, defect 6).
import { REFRESH_COOKIE } from "@unaa/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signInWithPassword, signUpUser, type TestClient } from "../modules/auth/auth-test-kit.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

let harness: TestApp;
let user: TestClient & { login: string; password: string };

beforeAll(async () => {
  harness = await createTestApp();
  user = await signUpUser(harness);
});
afterAll(async () => harness?.close());

describe("Cache-Control: no-store", () => {
  it("is on every answer to a signed-in request, and on answers that set a cookie or give a token", async () => {
    const { response: signIn } = await signInWithPassword(harness, user.login, user.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers["cache-control"]).toBe("no-store");
    for (const url of [
      "/api/user/me",
      "/api/favorites",
      "/api/users/me/ads",
      "/api/users/me/ads?status=draft",
    ]) {
      const response = await harness.app.inject({ url, headers: bearer(user) });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
    const refreshed = await harness.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      cookies: { [REFRESH_COOKIE]: user.refreshToken ?? "" },
    });
    expect(refreshed.headers["cache-control"]).toBe("no-store");
    // A refused signed-in call too: its answer may still say something about the account.
    const refused = await harness.app.inject({ url: "/api/user/me", headers: { authorization: "Bearer x" } });
    expect(refused.headers["cache-control"]).toBe("no-store");
  });

  it("leaves guests' answers and the public catalogue cacheable", async () => {
    const guest = await harness.app.inject({ url: "/api/catalog/marks?kind=car" });
    expect(guest.headers["cache-control"]).toMatch(/^public/);
    const signedIn = await harness.app.inject({ url: "/api/catalog/marks?kind=car", headers: bearer(user) });
    expect(signedIn.headers["cache-control"]).toMatch(/^public/);
    expect((await harness.app.inject({ url: "/api/health" })).headers["cache-control"]).toBeUndefined();
  });
});
