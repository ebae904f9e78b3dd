import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoUsers, seedDemoUsers } from "../db/seed/users.seed.ts";
import {
  newClient,
  nextEmail,
  nextPhone,
  signInWithPassword,
  signUpUser,
} from "../modules/auth/auth-test-kit.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { makeAdmin } from "./user-admin.ts";

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => {
  await harness.close();
});

describe("npm run user:admin", () => {
  it("[S6.1] promotes an existing account to admin, once", async () => {
    const user = await signUpUser(harness);
    const outcome = await makeAdmin(harness.database.db, user.login.replace("+996", "0"));
    expect(outcome).toMatchObject({ kind: "promoted", userId: user.userId });
    expect(await makeAdmin(harness.database.db, user.login)).toMatchObject({ kind: "already-admin" });
    const me = await harness.app.inject({
      url: "/api/user/me",
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(me.json().roles).toEqual(["admin"]);
  });

  it("creates the first admin for a new phone or email, who signs in by code", async () => {
    const email = nextEmail();
    const outcome = await makeAdmin(harness.database.db, email.toUpperCase());
    expect(outcome).toMatchObject({ kind: "created", username: "admin" });
    const second = await makeAdmin(harness.database.db, nextPhone());
    expect(second).toMatchObject({ kind: "created", username: "admin2" });
    const sent = await harness.app.inject({
      method: "POST",
      url: "/api/auth/sign-request",
      remoteAddress: newClient().ip,
      payload: { purpose: "sign-in", login: email },
    });
    expect(sent.statusCode).toBe(200);
    expect(await makeAdmin(harness.database.db, "not a login")).toEqual({ kind: "invalid-login" });
  });
});

describe("demo users (development seed)", () => {
  it("[S6.1] seeds one user per role, idempotently, who sign in with the documented password", async () => {
    expect(await seedDemoUsers(harness.database.db)).toBe(4);
    expect(await seedDemoUsers(harness.database.db)).toBe(0);
    for (const demo of demoUsers) {
      const { response } = await signInWithPassword(harness, demo.phone, DEMO_PASSWORD);
      expect(response.statusCode, demo.username).toBe(200);
      expect(response.json().user).toMatchObject({
        username: demo.username,
        roles: demo.roles,
        email: demo.email,
      });
    }
  });
});
