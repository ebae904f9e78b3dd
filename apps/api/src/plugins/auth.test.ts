import { isAdminOnly, isModeratorLevel, isStaff } from "@unaa/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, refresh, signUpUser, type TestClient } from "../modules/auth/auth-test-kit.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { authPlugin, currentUser, requireRole, requireSection, requireUser } from "./auth.ts";

let harness: TestApp;
/** The one moderator granted the codes log in the test route. */
let granted = 0;

beforeAll(async () => {
  harness = await createTestApp({}, async (app) => {
    // Routes guarded the way staff modules guard theirs, in a scope with the access-token check.
    await app.register(
      async (scope) => {
        await scope.register(authPlugin, {
          resolveAccessToken: (token) => app.accounts.sessions.resolveAccessToken(token),
        });
        scope.get("/staff", { preHandler: requireRole("admin", "moderator", "editor") }, async (request) => ({
          user: currentUser(request),
        }));
        scope.get("/moderation", { preHandler: requireRole("admin", "moderator") }, async () => ({
          ok: true,
        }));
        scope.get("/admin", { preHandler: requireRole("admin") }, async () => ({ ok: true }));
        scope.get("/payments-read", { preHandler: requireSection("payments", "R") }, async () => ({
          ok: true,
        }));
        scope.get("/payments-write", { preHandler: requireSection("payments", "W") }, async () => ({
          ok: true,
        }));
        scope.get("/regions-write", { preHandler: requireSection("regions", "W") }, async () => ({
          ok: true,
        }));
        scope.get(
          "/codes",
          { preHandler: requireSection("codes", "R", async (user) => user.id === granted) },
          async () => ({ ok: true }),
        );
        scope.get("/signed-in", { preHandler: requireUser }, async (request) => ({ user: request.user }));
        scope.get("/public", async (request) => ({ user: request.user }));
      },
      { prefix: "/api/__test" },
    );
  });
});
afterAll(async () => {
  await harness.close();
});

const get = (url: string, client?: TestClient) =>
  harness.app.inject({ url: `/api/__test${url}`, headers: client ? bearer(client) : {} });

async function userWithRoles(...roles: ("admin" | "moderator" | "editor")[]) {
  const user = await signUpUser(harness);
  await harness.app.accounts.users.setRoles(user.userId, roles);
  return user;
}

describe("requireRole and request.user", () => {
  it("[S6.1] answers 401 to a guest and 404 (not 403) to a user without the role", async () => {
    const guest = await get("/staff");
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe("UNAUTHORIZED");
    const user = await userWithRoles();
    for (const url of ["/staff", "/moderation", "/admin"]) {
      const response = await get(url, user);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe("ROUTE_NOT_FOUND");
    }
    expect((await get("/signed-in", user)).json().user).toMatchObject({ id: user.userId, roles: [] });
    expect((await get("/public")).json().user).toBeNull();
  });

  it("[S6.1] staff = admin, moderator or editor; moderator level = admin or moderator; admin only", async () => {
    const expectations: [("admin" | "moderator" | "editor")[], Record<string, number>][] = [
      [["editor"], { "/staff": 200, "/moderation": 404, "/admin": 404 }],
      [["moderator"], { "/staff": 200, "/moderation": 200, "/admin": 404 }],
      [["admin"], { "/staff": 200, "/moderation": 200, "/admin": 200 }],
    ];
    for (const [roles, statuses] of expectations) {
      const user = await userWithRoles(...roles);
      for (const [url, status] of Object.entries(statuses)) {
        expect((await get(url, user)).statusCode, `${roles} ${url}`).toBe(status);
      }
    }
    const editor = await userWithRoles("editor");
    const body = (await get("/staff", editor)).json();
    expect(body.user).toEqual({ id: editor.userId, sessionId: expect.any(String), roles: ["editor"] });
  });

  it("takes roles from the account at each call, and puts them in the next access token", async () => {
    const user = await userWithRoles();
    expect((await get("/admin", user)).statusCode).toBe(404);
    await harness.app.accounts.users.setRoles(user.userId, ["admin"]);
    expect((await get("/admin", user)).statusCode).toBe(200);
    const refreshed = await refresh(harness, user);
    expect(refreshed.json().user.roles).toEqual(["admin"]);
    await harness.app.accounts.users.setRoles(user.userId, []);
    expect((await get("/admin", user)).statusCode).toBe(404);
  });

  it("[S6.4] answers 403 BLOCKED to a blocked staff member even on guarded routes", async () => {
    const admin = await userWithRoles("admin");
    await harness.app.accounts.users.blockUser(admin.userId);
    const response = await get("/admin", admin);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("BLOCKED");
  });

  it("[S2.8] requireSection follows the matrix: 401 guest, 404 without the section or below its level", async () => {
    expect((await get("/payments-read")).statusCode).toBe(401);
    const expectations: [("admin" | "moderator" | "editor")[], Record<string, number>][] = [
      [[], { "/payments-read": 404, "/payments-write": 404, "/regions-write": 404, "/codes": 404 }],
      [["editor"], { "/payments-read": 404, "/payments-write": 404, "/regions-write": 200, "/codes": 404 }],
      [
        ["moderator"],
        { "/payments-read": 200, "/payments-write": 404, "/regions-write": 200, "/codes": 404 },
      ],
      [["admin"], { "/payments-read": 200, "/payments-write": 200, "/regions-write": 200, "/codes": 200 }],
    ];
    for (const [roles, statuses] of expectations) {
      const user = await userWithRoles(...roles);
      for (const [url, status] of Object.entries(statuses)) {
        const response = await get(url, user);
        expect(response.statusCode, `${roles} ${url}`).toBe(status);
        if (status === 404) expect(response.json().code).toBe("ROUTE_NOT_FOUND");
      }
    }
    const moderator = await userWithRoles("moderator");
    granted = moderator.userId;
    expect((await get("/codes", moderator)).statusCode).toBe(200);
    await harness.app.accounts.users.blockUser(moderator.userId);
    expect((await get("/payments-read", moderator)).statusCode).toBe(403);
  });

  it("[S6.1] checks roles the same way in the shared helpers", () => {
    expect([
      isStaff(["editor"]),
      isStaff(["moderator"]),
      isStaff(["admin"]),
      isStaff([]),
      isStaff(null),
    ]).toEqual([true, true, true, false, false]);
    expect([
      isModeratorLevel(["editor"]),
      isModeratorLevel(["moderator"]),
      isModeratorLevel(["admin"]),
    ]).toEqual([false, true, true]);
    expect([isAdminOnly(["moderator", "editor"]), isAdminOnly(["admin"])]).toEqual([false, true]);
  });
});
