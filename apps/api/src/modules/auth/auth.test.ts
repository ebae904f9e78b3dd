import { createHmac } from "node:crypto";
import { sign } from "@fastify/cookie";
import {
  authResultSchema,
  codeSentSchema,
  errorMessages,
  meSchema,
  REFRESH_COOKIE,
  SESSION_COOKIE,
  sessionListSchema,
} from "@unaa/contracts";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { oneTimeCodes, refreshTokens, sessions } from "../../db/schema/index.ts";
import { resolveAuthSecret } from "../../lib/auth-secret.ts";
import { deriveAuthKeys } from "../../lib/tokens.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  bearer,
  chromeAgent,
  desktop,
  GOOD_PASSWORD,
  mobile,
  newClient,
  nextEmail,
  nextPhone,
  nextUsername,
  readLatestCode,
  readSetCookies,
  refresh,
  requestCode,
  signInWithPassword,
  signUpUser,
  type TestClient,
  waitOutResendLimit,
} from "./auth-test-kit.ts";

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ PUBLIC_ORIGIN: "https://unaa.example" });
});
afterAll(async () => {
  await harness.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const post = (url: string, payload: object, ip = newClient().ip, headers: Record<string, string> = {}) =>
  harness.app.inject({ method: "POST", url, payload, remoteAddress: ip, headers });

describe("POST /api/auth/sign-request", () => {
  it("[S7.13] sends a 6-digit code by SMS to a phone in any format and says where, masked", async () => {
    const response = await post("/api/auth/sign-request", { purpose: "sign-up", login: "0555 12-34-56" });
    expect(response.statusCode).toBe(200);
    expect(codeSentSchema.parse(response.json())).toEqual({
      channel: "sms",
      sentTo: "+996 *** *** 456",
      expiresInSeconds: 600,
      resendInSeconds: 60,
    });
    expect(await readLatestCode(harness, "+996555123456")).toMatch(/^\d{6}$/);
  });

  it("[S7.13] sends by email to a lower-cased address and records the code hashed with its delivery", async () => {
    const response = await post("/api/auth/sign-request", {
      purpose: "sign-up",
      login: " Aigerim.K@Mail.KG ",
    });
    expect(response.json()).toMatchObject({ channel: "email", sentTo: "a***@mail.kg" });
    const code = await readLatestCode(harness, "aigerim.k@mail.kg");
    const [row] = await harness.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.destination, "aigerim.k@mail.kg"));
    expect(row).toMatchObject({
      purpose: "sign-up",
      channel: "email",
      maskedDestination: "a***@mail.kg",
      deliveryStatus: "outbox",
      deliveryError: null,
      attempts: 0,
    });
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).toHaveLength(43);
    const ttl = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(Math.abs(ttl - 600_000)).toBeLessThan(5_000);
  });

  it("refuses what is neither a phone nor an email, with a field error", async () => {
    for (const login of ["hello", "12345", "+996 12", "a@b"]) {
      const response = await post("/api/auth/sign-request", { purpose: "sign-up", login });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "LOGIN_INVALID",
        errors: [{ path: "login", code: "LOGIN_INVALID", message: errorMessages.ru.LOGIN_INVALID }],
      });
    }
  });

  it("answers bad bodies with VALIDATION_FAILED and field errors, never 500", async () => {
    const bodies = [
      {},
      { purpose: "hack", login: "0700123456" },
      { purpose: "sign-in" },
      { purpose: "sign-in", login: 5 },
    ];
    for (const payload of bodies) {
      const response = await post("/api/auth/sign-request", payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
    const notJson = await harness.app.inject({
      method: "POST",
      url: "/api/auth/sign-request",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(notJson.statusCode).toBe(400);
  });

  it("answers ACCOUNT_EXISTS for sign-up; sign-in and reset answer an unknown login like a known one", async () => {
    const user = await signUpUser(harness);
    const exists = await post("/api/auth/sign-request", { purpose: "sign-up", login: user.login });
    expect(exists.statusCode).toBe(409);
    expect(exists.json()).toMatchObject({ code: "ACCOUNT_EXISTS", errors: [{ path: "login" }] });
    for (const purpose of ["sign-in", "reset"]) {
      waitOutResendLimit();
      const known = await post("/api/auth/sign-request", { purpose, login: user.login });
      const unknownPhone = nextPhone();
      const missing = await post("/api/auth/sign-request", { purpose, login: unknownPhone });
      expect(known.statusCode).toBe(200);
      expect(missing.statusCode).toBe(200);
      expect(Object.keys(missing.json()).sort()).toEqual(Object.keys(known.json()).sort());
      expect(missing.json()).toMatchObject({ channel: "sms", expiresInSeconds: 600, resendInSeconds: 60 });
      await expect(readLatestCode(harness, unknownPhone)).rejects.toThrow("no code");
    }
    const reset = await post("/api/auth/send-reset-password-code", { login: nextEmail() });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ channel: "email" });
  });

  it("allows 1 code a minute per phone: CODE_RESEND_TOO_SOON with Retry-After", async () => {
    const phone = nextPhone();
    expect((await post("/api/auth/sign-request", { purpose: "sign-up", login: phone })).statusCode).toBe(200);
    // Another IP, same phone: still too soon.
    const again = await post("/api/auth/sign-request", { purpose: "sign-up", login: phone });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      code: "CODE_RESEND_TOO_SOON",
      message: errorMessages.ru.CODE_RESEND_TOO_SOON,
    });
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(50);
    expect(Number(again.headers["retry-after"])).toBeLessThanOrEqual(60);
  });

  it("allows 1 code a minute per IP, whatever the phone, in the caller's language", async () => {
    const ip = newClient().ip;
    expect(
      (await post("/api/auth/sign-request", { purpose: "sign-up", login: nextPhone() }, ip)).statusCode,
    ).toBe(200);
    const second = await post("/api/auth/sign-request", { purpose: "sign-up", login: nextPhone() }, ip, {
      "x-lang": "en",
    });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({
      code: "CODE_RESEND_TOO_SOON",
      message: errorMessages.en.CODE_RESEND_TOO_SOON,
    });
    expect(second.headers["retry-after"]).toBeDefined();
  });

  it("allows 5 codes an hour per phone and per IP: then RATE_LIMITED until the hour passes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const phone = nextPhone();
    const ip = newClient().ip;
    for (let index = 0; index < 5; index += 1) {
      vi.setSystemTime(start + index * 61_000);
      const response = await post("/api/auth/sign-request", { purpose: "sign-up", login: phone });
      expect(response.statusCode, `code ${index + 1}`).toBe(200);
      const fromIp = await post("/api/auth/sign-request", { purpose: "sign-up", login: nextPhone() }, ip);
      expect(fromIp.statusCode, `IP code ${index + 1}`).toBe(200);
    }
    vi.setSystemTime(start + 5 * 61_000);
    const sixth = await post("/api/auth/sign-request", { purpose: "sign-up", login: phone });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe("RATE_LIMITED");
    const retryAfter = Number(sixth.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3600 - 5 * 61 - 5);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const sixthFromIp = await post("/api/auth/sign-request", { purpose: "sign-up", login: nextPhone() }, ip);
    expect(sixthFromIp.statusCode).toBe(429);
    expect(sixthFromIp.json().code).toBe("RATE_LIMITED");

    vi.setSystemTime(start + 3_601_000);
    expect((await post("/api/auth/sign-request", { purpose: "sign-up", login: phone })).statusCode).toBe(200);
  });

  it("needs a signed-in caller for the phone and email purposes", async () => {
    const response = await post("/api/auth/sign-request", { purpose: "phone", login: nextPhone() });
    expect(response.statusCode).toBe(401);
    const user = await signUpUser(harness);
    const signedIn = await harness.app.inject({
      method: "POST",
      url: "/api/auth/sign-request",
      remoteAddress: newClient().ip,
      headers: bearer(user),
      payload: { purpose: "email", login: nextEmail() },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().channel).toBe("email");
  });
});

describe("POST /api/auth/sign-up", () => {
  it("[S7.15] creates the account from the code, answers user and token, and sets both cookies", async () => {
    const client = newClient();
    const phone = nextPhone();
    await requestCode(harness, client, "sign-up", phone);
    const code = await readLatestCode(harness, phone);
    const username = nextUsername("Айбек");
    const response = await post(
      "/api/auth/sign-up",
      { login: phone, code, username, password: GOOD_PASSWORD, device: desktop, source: chromeAgent },
      client.ip,
      { origin: "https://unaa.example" },
    );
    expect(response.statusCode).toBe(200);
    const body = authResultSchema.parse(response.json());
    expect(body.user).toMatchObject({
      username,
      email: null,
      phones: [{ phone, isMain: true, confirmed: true }],
      roles: [],
      favoriteAds: [],
      hasPassword: true,
      avatar: null,
    });
    const claims = decodeJwt(body.accessToken);
    expect(claims).toMatchObject({ sub: String(body.user.id), roles: [] });
    expect(typeof claims.sid).toBe("string");
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);

    const cookies = readSetCookies(response);
    expect(cookies[REFRESH_COOKIE]).toMatchObject({ path: "/api/auth", httpOnly: true, sameSite: "Lax" });
    expect(cookies[REFRESH_COOKIE]?.maxAge).toBe(30 * 24 * 3600);
    expect(cookies[REFRESH_COOKIE]?.secure).toBeFalsy();
    expect(cookies[SESSION_COOKIE]).toMatchObject({ path: "/", httpOnly: true, sameSite: "Lax" });
    expect(cookies[SESSION_COOKIE]?.value).toMatch(new RegExp(`^${String(claims.sid)}\\.`));

    // The session records the device label and source (S3.6).
    const [session] = await harness.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(claims.sid)));
    expect(session).toMatchObject({
      deviceLabel: "Windows Web Desktop",
      deviceType: "desktop",
      source: chromeAgent,
    });
    expect(session?.ip).toBe(client.ip);
  });

  it("[S7.15] signs up by email: the email is confirmed by the code", async () => {
    const email = nextEmail();
    const user = await signUpUser(harness, { login: email.toUpperCase() });
    const me = await harness.app.inject({ url: "/api/user/me", headers: bearer(user) });
    expect(me.json()).toMatchObject({ email, emailConfirmed: true, phones: [] });
  });

  it("answers CODE_INVALID, then CODE_ATTEMPTS_EXCEEDED on the 5th wrong try; the right code is then void", async () => {
    const client = newClient();
    const phone = nextPhone();
    await requestCode(harness, client, "sign-up", phone);
    const code = await readLatestCode(harness, phone);
    const wrong = code === "000000" ? "111111" : "000000";
    const attempt = (value: string) =>
      post(
        "/api/auth/sign-up",
        {
          login: phone,
          code: value,
          username: nextUsername(),
          password: GOOD_PASSWORD,
          device: desktop,
          source: "x",
        },
        client.ip,
      );
    for (let index = 1; index <= 4; index += 1) {
      const response = await attempt(wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "CODE_INVALID",
        errors: [{ path: "code", code: "CODE_INVALID" }],
      });
    }
    expect((await attempt(wrong)).json().code).toBe("CODE_ATTEMPTS_EXCEEDED");
    expect((await attempt(code)).json().code).toBe("CODE_ATTEMPTS_EXCEEDED");
  });

  it("answers CODE_EXPIRED after 10 minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const client = newClient();
    const phone = nextPhone();
    await requestCode(harness, client, "sign-up", phone);
    const code = await readLatestCode(harness, phone);
    vi.setSystemTime(Date.now() + 601_000);
    const response = await post(
      "/api/auth/sign-up",
      { login: phone, code, username: nextUsername(), password: GOOD_PASSWORD, device: desktop, source: "x" },
      client.ip,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("CODE_EXPIRED");
  });

  it("refuses weak passwords with a field error per broken rule, and keeps the code for a retry", async () => {
    const client = newClient();
    const phone = nextPhone();
    await requestCode(harness, client, "sign-up", phone);
    const code = await readLatestCode(harness, phone);
    const username = nextUsername();
    const tryPassword = (password: string) =>
      post(
        "/api/auth/sign-up",
        { login: phone, code, username, password, device: desktop, source: "x" },
        client.ip,
      );
    const cases: [string, string[]][] = [
      ["short1", ["too_short"]],
      ["qwerty", ["too_short", "common"]],
      ["Password123", ["common"]],
      ["iloveyou", ["common"]],
      [phone, ["equals_login"]],
      [phone.replace("+996", "0"), ["equals_login"]],
      [username, ["equals_login"]],
    ];
    for (const [password, codes] of cases) {
      const response = await tryPassword(password);
      expect(response.statusCode, password).toBe(400);
      const body = response.json();
      expect(body.code).toBe("PASSWORD_WEAK");
      expect(body.errors.map((error: { code: string }) => error.code)).toEqual(codes);
      expect(body.errors.every((error: { path: string }) => error.path === "password")).toBe(true);
    }
    expect((await tryPassword(GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a taken username in any case (USERNAME_TAKEN) and bad usernames (VALIDATION_FAILED)", async () => {
    const existing = await signUpUser(harness);
    const client = newClient();
    const phone = nextPhone();
    await requestCode(harness, client, "sign-up", phone);
    const code = await readLatestCode(harness, phone);
    const tryName = (username: string) =>
      post(
        "/api/auth/sign-up",
        { login: phone, code, username, password: GOOD_PASSWORD, device: desktop, source: "x" },
        client.ip,
      );
    for (const username of [existing.username.toUpperCase(), ` ${existing.username} `]) {
      const response = await tryName(username);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: "USERNAME_TAKEN", errors: [{ path: "username" }] });
    }
    // "deleted-<id>" is what erased accounts are called: `-` is not allowed, so nobody can take it.
    for (const username of ["ab", "a".repeat(31), "with space", "emoji😀", "semi;colon", "deleted-5"]) {
      const response = await tryName(username);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "username" }] });
    }
  });

  it("refuses a second account for the same phone, and a body without device", async () => {
    const user = await signUpUser(harness);
    const response = await post("/api/auth/sign-up", {
      login: user.login,
      code: "123456",
      username: nextUsername(),
      password: GOOD_PASSWORD,
      device: desktop,
      source: "x",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("ACCOUNT_EXISTS");
    const noDevice = await post("/api/auth/sign-up", {
      login: nextPhone(),
      code: "123456",
      username: "abc",
      password: "x",
      source: "x",
    });
    expect(noDevice.statusCode).toBe(400);
    expect(noDevice.json().errors[0].path).toBe("device");
  });

  it("limits sign-ups per IP (RATE_LIMITED with Retry-After)", async () => {
    const ip = newClient().ip;
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      statuses.push((await post("/api/auth/sign-up", { login: "x" }, ip)).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = await post("/api/auth/sign-up", { login: "x" }, ip);
    expect(limited.json().code).toBe("RATE_LIMITED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("the session cookies' Secure flag", () => {
  it("is set over HTTPS (a trusted proxy's X-Forwarded-Proto) and left off over plain HTTP, in production too", async () => {
    // `npm start` runs with NODE_ENV=production: opened over plain HTTP from a phone on the network,
    // Secure cookies would be dropped and the sign-in lost.
    const production = await createTestApp({ NODE_ENV: "production", TRUST_PROXY: "true" });
    try {
      const user = await signUpUser(production);
      const signIn = async (headers: Record<string, string>) =>
        readSetCookies(
          await production.app.inject({
            method: "POST",
            url: "/api/auth/sign-in",
            remoteAddress: newClient().ip,
            headers,
            payload: { login: user.login, password: user.password, device: desktop, source: chromeAgent },
          }),
        );
      const plain = await signIn({});
      expect(plain[SESSION_COOKIE]?.value).toBeTruthy();
      expect(plain[SESSION_COOKIE]?.secure).toBeFalsy();
      expect(plain[REFRESH_COOKIE]?.secure).toBeFalsy();
      const https = await signIn({ "x-forwarded-proto": "https" });
      expect(https[SESSION_COOKIE]?.secure).toBe(true);
      expect(https[REFRESH_COOKIE]?.secure).toBe(true);
    } finally {
      await production.close();
    }
  });
});

describe("POST /api/auth/sign-in", () => {
  it("[S7.14] signs in with a password, with the device and source of the payload", async () => {
    const user = await signUpUser(harness);
    const { response, client } = await signInWithPassword(
      harness,
      user.login.replace("+996", "0"),
      user.password,
    );
    expect(response.statusCode).toBe(200);
    expect(meSchema.parse(response.json().user).id).toBe(user.userId);
    const list = await harness.app.inject({
      method: "POST",
      url: "/api/auth/token",
      headers: bearer(client),
    });
    const current = list.json().sessions.find((session: { current: boolean }) => session.current);
    expect(current).toMatchObject({ device: mobile, source: "Mozilla/5.0 (iPhone)", ip: client.ip });
  });

  it("[S7.14] signs in with a code from sign-request (purpose sign-in)", async () => {
    const user = await signUpUser(harness, { login: nextEmail() });
    const client = newClient();
    waitOutResendLimit();
    await requestCode(harness, client, "sign-in", user.login);
    const code = await readLatestCode(harness, user.login);
    const response = await post(
      "/api/auth/sign-in",
      { login: user.login, code, device: desktop, source: "x" },
      client.ip,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.userId);
    // A code works once.
    const again = await post(
      "/api/auth/sign-in",
      { login: user.login, code, device: desktop, source: "x" },
      client.ip,
    );
    expect(again.json().code).toBe("CODE_INVALID");
  });

  it("answers CREDENTIALS_INVALID (401) for a wrong password or an unknown login, alike", async () => {
    const user = await signUpUser(harness);
    const wrong = await signInWithPassword(harness, user.login, "not-the-password");
    const unknown = await signInWithPassword(harness, nextPhone(), "not-the-password");
    for (const { response } of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: "CREDENTIALS_INVALID", errors: [{ path: "password" }] });
    }
    const neither = await post("/api/auth/sign-in", { login: user.login, device: desktop, source: "x" });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "password" }] });
  });

  it("requires a code after 10 failed passwords for one login in 15 minutes, even with the right one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const user = await signUpUser(harness);
    for (let index = 0; index < 10; index += 1) {
      const { response } = await signInWithPassword(harness, user.login, `wrong-password-${index}`);
      expect(response.json().code).toBe("CREDENTIALS_INVALID");
    }
    const { response } = await signInWithPassword(harness, user.login, user.password);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("CODE_REQUIRED");
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(800);

    // A code still works.
    const client = newClient();
    waitOutResendLimit();
    await requestCode(harness, client, "sign-in", user.login);
    const code = await readLatestCode(harness, user.login);
    const byCode = await post(
      "/api/auth/sign-in",
      { login: user.login, code, device: desktop, source: "x" },
      client.ip,
    );
    expect(byCode.statusCode).toBe(200);

    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    expect((await signInWithPassword(harness, user.login, user.password)).response.statusCode).toBe(200);
  });
});

describe("password reset", () => {
  it("[S7.16][S7.17] resets with a code, signs in, and ends every other session", async () => {
    const user = await signUpUser(harness);
    const other = await signInWithPassword(harness, user.login, user.password);
    const client = newClient();
    waitOutResendLimit();
    const sent = await post("/api/auth/send-reset-password-code", { login: user.login }, client.ip);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ channel: "sms", expiresInSeconds: 600 });
    const code = await readLatestCode(harness, user.login);

    const weak = await post(
      "/api/auth/reset-password",
      { login: user.login, code, password: "12345678", device: desktop, source: "x" },
      client.ip,
    );
    expect(weak.json()).toMatchObject({
      code: "PASSWORD_WEAK",
      errors: [{ path: "password", code: "common" }],
    });

    const response = await post(
      "/api/auth/reset-password",
      { login: user.login, code, password: "new-steppe-wind-7", device: desktop, source: "x" },
      client.ip,
    );
    expect(response.statusCode).toBe(200);
    expect(readSetCookies(response)[REFRESH_COOKIE]?.value).toBeTruthy();
    expect((await refresh(harness, user)).statusCode).toBe(403);
    expect((await refresh(harness, other.client)).statusCode).toBe(403);
    expect(
      (await harness.app.inject({ url: "/api/user/me", headers: bearer(other.client) })).statusCode,
    ).toBe(401);
    expect((await signInWithPassword(harness, user.login, user.password)).response.statusCode).toBe(401);
    expect((await signInWithPassword(harness, user.login, "new-steppe-wind-7")).response.statusCode).toBe(
      200,
    );
  });

  it("refuses a wrong code and an unknown account", async () => {
    const user = await signUpUser(harness);
    const body = {
      login: user.login,
      code: "000000",
      password: "new-steppe-wind-7",
      device: desktop,
      source: "x",
    };
    const wrong = await post("/api/auth/reset-password", body);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("CODE_INVALID");
    // An unknown login has no code: the same answer as a wrong one (no account enumeration).
    const unknown = await post("/api/auth/reset-password", { ...body, login: nextPhone() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe("CODE_INVALID");
  });
});

/** The refresh tokens of a client's session, the retired ones included. */
function refreshTokensOf(client: TestClient) {
  const sid = decodeJwt(client.accessToken).sid as string;
  return harness.database.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sid));
}

describe("POST /api/auth/refresh", () => {
  it("[S7.9][S3.7] answers user (with roles and favoriteAds) and a new access token, and rotates the cookie", async () => {
    const user = await signUpUser(harness);
    const first = user.refreshToken;
    const firstAccess = user.accessToken;
    const response = await refresh(harness, user);
    expect(response.statusCode).toBe(200);
    const body = authResultSchema.parse(response.json());
    expect(body.user).toMatchObject({ id: user.userId, roles: [], favoriteAds: [] });
    expect(user.refreshToken).not.toBe(first);
    // A new access token even within the second of sign-up (the socket reconnects with it, S4.11).
    expect(body.accessToken).not.toBe(firstAccess);
    expect(readSetCookies(response)[REFRESH_COOKIE]).toMatchObject({ path: "/api/auth", httpOnly: true });
    expect((await harness.app.inject({ url: "/api/user/me", headers: bearer(user) })).statusCode).toBe(200);
    // The chain goes on.
    expect((await refresh(harness, user)).statusCode).toBe(200);
  });

  it("[S4.5] answers 403 SESSION_ENDED and clears the cookies for a missing or unknown token", async () => {
    const missing = await harness.app.inject({ method: "POST", url: "/api/auth/refresh" });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe("SESSION_ENDED");
    const unknown = await refresh(harness, newClient(), "made-up-token");
    expect(unknown.statusCode).toBe(403);
    const cleared = readSetCookies(unknown);
    expect(cleared[REFRESH_COOKIE]?.value).toBe("");
    expect(cleared[SESSION_COOKIE]?.value).toBe("");
  });

  it("treats reuse of a rotated token as theft: 403, and the whole session ends", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const user = await signUpUser(harness);
    const stolen = user.refreshToken;
    expect((await refresh(harness, user)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 60_000);
    const replay = await refresh(harness, newClient(), stolen);
    expect(replay.statusCode).toBe(403);
    expect(replay.json().code).toBe("SESSION_ENDED");
    // The legitimate holder's newer token is dead too, and so is its access token.
    expect((await refresh(harness, user, user.refreshToken)).statusCode).toBe(403);
    expect((await harness.app.inject({ url: "/api/user/me", headers: bearer(user) })).statusCode).toBe(401);
  });

  it("[S4.3] answers a rotated token presented again within 10 s (its answer lost, a second tab) with the same successor; the session lives on", async () => {
    const user = await signUpUser(harness);
    const old = user.refreshToken;
    expect((await refresh(harness, user)).statusCode).toBe(200);
    const successor = user.refreshToken;
    // The browser never got that answer (a navigation cut it) and sends the old cookie again.
    const again = newClient();
    const retry = await refresh(harness, again, old);
    expect(retry.statusCode).toBe(200);
    expect(readSetCookies(retry)[REFRESH_COOKIE]?.value).toBe(successor);
    expect((await harness.app.inject({ url: "/api/user/me", headers: bearer(again) })).statusCode).toBe(200);
    // The successor goes on as the session's token.
    expect((await refresh(harness, user)).statusCode).toBe(200);
    expect(user.refreshToken).not.toBe(successor);
  });

  it("does not hand out a successor that was rotated in turn, and ends the session for an old token after 10 s", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const user = await signUpUser(harness);
    const first = user.refreshToken;
    expect((await refresh(harness, user)).statusCode).toBe(200);
    expect((await refresh(harness, user)).statusCode).toBe(200);
    // Two rotations on: the first token's successor is retired too, so nothing is handed out…
    const stale = await refresh(harness, newClient(), first);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe("SESSION_ENDED");
    // …but within the grace the session lives on.
    expect((await refresh(harness, user)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 11_000);
    const before = user.refreshToken;
    expect((await refresh(harness, user)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 11_000);
    expect((await refresh(harness, newClient(), before)).statusCode).toBe(403);
    expect((await refresh(harness, user)).statusCode).toBe(403);
  });

  it("[S4.3] gives two parallel refreshes with the same token the same successor, and rotates once", async () => {
    const user = await signUpUser(harness);
    const token = user.refreshToken;
    const clients = [newClient(), newClient()];
    const results = await Promise.all(clients.map((client) => refresh(harness, client, token)));
    expect(results.map((response) => response.statusCode)).toEqual([200, 200]);
    const [one, other] = results.map((response) => readSetCookies(response)[REFRESH_COOKIE]?.value);
    expect(one).toBeTruthy();
    expect(one).toBe(other);
    const rows = await refreshTokensOf(user);
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.replacedAt === null)).toHaveLength(1);
  });

  it("answers 403 after 30 days", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const user = await signUpUser(harness);
    vi.setSystemTime(Date.now() + 30 * 24 * 3600 * 1000 + 1000);
    expect((await refresh(harness, user)).statusCode).toBe(403);
  });

  it("keeps only a bounded history of rotated tokens", async () => {
    const user = await signUpUser(harness);
    for (let index = 0; index < 3; index += 1) await refresh(harness, user);
    const rows = await refreshTokensOf(user);
    expect(rows).toHaveLength(4);
    expect(rows.filter((row) => row.replacedAt === null)).toHaveLength(1);
  });
});

describe("access tokens", () => {
  it("answers 401 UNAUTHORIZED for a bad token and TOKEN_EXPIRED after 15 minutes", async () => {
    const user = await signUpUser(harness);
    const bad = await harness.app.inject({
      url: "/api/user/me",
      headers: { authorization: "Bearer nonsense" },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe("UNAUTHORIZED");
    const tampered = `${user.accessToken.slice(0, -4)}AAAA`;
    expect(
      (
        await harness.app.inject({ url: "/api/user/me", headers: { authorization: `Bearer ${tampered}` } })
      ).json().code,
    ).toBe("UNAUTHORIZED");
    const none = await harness.app.inject({ url: "/api/user/me" });
    expect(none.json().code).toBe("UNAUTHORIZED");

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    const expired = await harness.app.inject({ url: "/api/user/me", headers: bearer(user) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe("TOKEN_EXPIRED");
    // Public calls ignore a stale token.
    expect(
      (await harness.app.inject({ url: `/api/user/${user.userId}`, headers: bearer(user) })).statusCode,
    ).toBe(200);
  });
});

describe("sessions: POST /api/auth/token, DELETE /api/auth/token/{id}, /token/all, logout", () => {
  it("[S7.10][S3.6] lists the caller's sessions, newest first, the current one marked", async () => {
    const user = await signUpUser(harness);
    const second = await signInWithPassword(harness, user.login, user.password);
    const response = await harness.app.inject({
      method: "POST",
      url: "/api/auth/token",
      headers: bearer(second.client),
    });
    expect(response.statusCode).toBe(200);
    const { sessions: list } = sessionListSchema.parse(response.json());
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, device: mobile, city: null });
    expect(list[1]).toMatchObject({ current: false, device: desktop, source: chromeAgent, ip: user.ip });
    expect(Date.parse(list[0]?.createdAt ?? "")).toBeGreaterThanOrEqual(Date.parse(list[1]?.createdAt ?? ""));
    expect((await harness.app.inject({ method: "POST", url: "/api/auth/token" })).statusCode).toBe(401);
  });

  it("[S7.12] ends one session: its next call is refused; another user's session is 404", async () => {
    const user = await signUpUser(harness);
    const other = await signInWithPassword(harness, user.login, user.password);
    const otherSid = decodeJwt(other.client.accessToken).sid as string;
    const stranger = await signUpUser(harness);
    const foreign = await harness.app.inject({
      method: "DELETE",
      url: `/api/auth/token/${otherSid}`,
      headers: bearer(stranger),
    });
    expect(foreign.statusCode).toBe(404);
    const badId = await harness.app.inject({
      method: "DELETE",
      url: "/api/auth/token/42",
      headers: bearer(user),
    });
    expect(badId.statusCode).toBe(400);

    const ended = await harness.app.inject({
      method: "DELETE",
      url: `/api/auth/token/${otherSid}`,
      headers: bearer(user),
    });
    expect(ended.statusCode).toBe(204);
    expect(
      (await harness.app.inject({ url: "/api/user/me", headers: bearer(other.client) })).statusCode,
    ).toBe(401);
    expect((await refresh(harness, other.client)).statusCode).toBe(403);
    const again = await harness.app.inject({
      method: "DELETE",
      url: `/api/auth/token/${otherSid}`,
      headers: bearer(user),
    });
    expect(again.statusCode).toBe(404);
  });

  it("[S7.11] ends every other session and keeps the current one", async () => {
    const user = await signUpUser(harness);
    const second = await signInWithPassword(harness, user.login, user.password);
    const third = await signInWithPassword(harness, user.login, user.password);
    const response = await harness.app.inject({
      method: "DELETE",
      url: "/api/auth/token/all",
      headers: bearer(user),
    });
    expect(response.statusCode).toBe(204);
    expect((await harness.app.inject({ method: "DELETE", url: "/api/auth/token/all" })).statusCode).toBe(401);
    const list = await harness.app.inject({ method: "POST", url: "/api/auth/token", headers: bearer(user) });
    expect(list.json().sessions).toHaveLength(1);
    for (const client of [second.client, third.client])
      expect((await refresh(harness, client)).statusCode).toBe(403);
    expect((await refresh(harness, user)).statusCode).toBe(200);
  });

  it("[S7.19] logs out: the session ends and both cookies are cleared, also when already invalid", async () => {
    const user = await signUpUser(harness);
    const response = await harness.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      cookies: { [REFRESH_COOKIE]: user.refreshToken ?? "" },
    });
    expect(response.statusCode).toBe(204);
    const cookies = readSetCookies(response);
    expect(cookies[REFRESH_COOKIE]).toMatchObject({ value: "", path: "/api/auth" });
    expect(cookies[SESSION_COOKIE]).toMatchObject({ value: "", path: "/" });
    expect((await refresh(harness, user)).statusCode).toBe(403);
    expect((await harness.app.inject({ url: "/api/user/me", headers: bearer(user) })).statusCode).toBe(401);

    const again = await harness.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      cookies: { [REFRESH_COOKIE]: "junk" },
    });
    expect(again.statusCode).toBe(204);
    expect((await harness.app.inject({ method: "POST", url: "/api/auth/logout" })).statusCode).toBe(204);
  });

  it("logs out by the access token when the cookie is gone", async () => {
    const user = await signUpUser(harness);
    const response = await harness.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: bearer(user),
    });
    expect(response.statusCode).toBe(204);
    expect((await refresh(harness, user)).statusCode).toBe(403);
  });
});

describe("CSRF: Origin of cookie-carrying calls", () => {
  it("refuses another site's Origin with 400 ORIGIN_MISMATCH (never 403) and accepts our own", async () => {
    const user = await signUpUser(harness);
    const evil = await harness.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      headers: { origin: "https://evil.example" },
      cookies: { [REFRESH_COOKIE]: user.refreshToken ?? "" },
    });
    expect(evil.statusCode).toBe(400);
    expect(evil.json().code).toBe("ORIGIN_MISMATCH");
    const nullOrigin = await harness.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { origin: "null" },
    });
    expect(nullOrigin.json().code).toBe("ORIGIN_MISMATCH");
    for (const origin of ["https://unaa.example", "http://localhost:80"]) {
      const own = await harness.app.inject({
        method: "POST",
        url: "/api/auth/refresh",
        headers: { origin, host: "localhost:80" },
        cookies: { [REFRESH_COOKIE]: user.refreshToken ?? "" },
      });
      expect(own.statusCode, origin).toBe(200);
      user.refreshToken = readSetCookies(own)[REFRESH_COOKIE]?.value;
    }
  });
});

describe("blocked users", () => {
  it("[S6.4] get 403 BLOCKED on every call with their token, refresh and sign-in included; sessions end", async () => {
    const user = await signUpUser(harness);
    const other = await signInWithPassword(harness, user.login, user.password);
    await harness.app.accounts.users.blockUser(user.userId);

    for (const request of [
      { method: "GET", url: "/api/user/me" },
      { method: "POST", url: "/api/auth/token" },
      { method: "GET", url: "/api/configs" },
      { method: "PATCH", url: "/api/user/username", payload: { username: nextUsername() } },
    ] as const) {
      const response = await harness.app.inject({ ...request, headers: bearer(user) });
      expect(response.statusCode, request.url).toBe(403);
      expect(response.json()).toMatchObject({ code: "BLOCKED", message: errorMessages.ru.BLOCKED });
    }
    const refreshed = await refresh(harness, other.client);
    expect(refreshed.statusCode).toBe(403);
    expect(refreshed.json().code).toBe("BLOCKED");
    const signIn = await signInWithPassword(harness, user.login, user.password);
    expect(signIn.response.statusCode).toBe(403);
    expect(signIn.response.json().code).toBe("BLOCKED");
    const code = await post("/api/auth/sign-request", { purpose: "sign-in", login: user.login });
    expect(code.statusCode).toBe(403);
    const active = await harness.app.accounts.sessions.listSessions(user.userId, "");
    expect(active).toHaveLength(0);
    expect(await harness.app.services.resolveViewer({ [SESSION_COOKIE]: user.sessionCookie })).toBeNull();

    await harness.app.accounts.users.unblockUser(user.userId);
    expect((await signInWithPassword(harness, user.login, user.password)).response.statusCode).toBe(200);
  });
});

describe("resolveViewer (SSR)", () => {
  /** The viewer of a page request with these cookies, as apps/web/server.ts asks for it. */
  const viewerOf = (sessionCookie: string | undefined) =>
    harness.app.services.resolveViewer({ i18n_redirected: "ru", [SESSION_COOKIE]: sessionCookie });
  /** A signed cookie value split at its last dot: the session id and the signature. */
  const split = (value = "") => [
    value.slice(0, value.lastIndexOf(".")),
    value.slice(value.lastIndexOf(".") + 1),
  ];

  it("knows the signed-in viewer by the session cookie, which alone never opens the API", async () => {
    const user = await signUpUser(harness);
    expect(await viewerOf(user.sessionCookie)).toEqual({ id: user.userId, roles: [], codeAccess: false });
    expect(await viewerOf(undefined)).toBeNull();
    const api = await harness.app.inject({
      url: "/api/user/me",
      cookies: { [SESSION_COOKIE]: user.sessionCookie ?? "" },
    });
    expect(api.statusCode).toBe(401);
    await harness.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(user) });
    expect(await viewerOf(user.sessionCookie)).toBeNull();
  });

  it("never knows a viewer by a forged or tampered session cookie", async () => {
    const user = await signUpUser(harness);
    const other = await signUpUser(harness);
    const [sessionId, signature] = split(user.sessionCookie);
    const [otherSessionId] = split(other.sessionCookie);
    const keys = deriveAuthKeys(resolveAuthSecret(harness.config));
    const forgeries = {
      "another session under this signature": `${otherSessionId}.${signature}`,
      "a signature changed by one character": `${sessionId}.${signature?.startsWith("A") ? "B" : "A"}${signature?.slice(1)}`,
      "no signature": `${sessionId}`,
      "an empty signature": `${sessionId}.`,
      "signed with another secret": sign(sessionId ?? "", "another-secret-of-at-least-32-chars!"),
      "signed with the server's access-token key": sign(sessionId ?? "", keys.accessToken.export()),
    };
    for (const [forgery, value] of Object.entries(forgeries)) {
      expect(value, forgery).not.toBe(user.sessionCookie);
      expect(await viewerOf(value), forgery).toBeNull();
    }
    // Sent by a browser: the plugin parses the header, and the genuine cookie still works.
    expect(await viewerOf(user.sessionCookie)).toEqual({ id: user.userId, roles: [], codeAccess: false });
  });

  it("keeps a session cookie signed before @fastify/cookie did it, until a refresh replaces it", async () => {
    const user = await signUpUser(harness);
    const [sessionId = ""] = split(user.sessionCookie);
    const { sessionCookie: key } = deriveAuthKeys(resolveAuthSecret(harness.config));
    const legacy = `${sessionId}.${createHmac("sha256", key).update(sessionId).digest("base64url")}`;
    expect(await viewerOf(legacy)).toEqual({ id: user.userId, roles: [], codeAccess: false });
    expect(
      await viewerOf(
        `${sessionId}.${createHmac("sha256", "x".repeat(32)).update(sessionId).digest("base64url")}`,
      ),
    ).toBeNull();
    user.sessionCookie = legacy;
    expect((await refresh(harness, user)).statusCode).toBe(200);
    expect(user.sessionCookie).toBe(harness.app.signCookie(sessionId));
  });
});

describe("bad input on every accounts endpoint", () => {
  const endpoints: [string, string][] = [
    ["POST", "/api/auth/sign-request"],
    ["POST", "/api/auth/sign-up"],
    ["POST", "/api/auth/sign-in"],
    ["POST", "/api/auth/send-reset-password-code"],
    ["POST", "/api/auth/reset-password"],
    ["POST", "/api/auth/google-login"],
    ["POST", "/api/auth/refresh"],
    ["POST", "/api/auth/token"],
    ["DELETE", "/api/auth/token/not-a-uuid"],
    ["GET", "/api/user/me"],
    ["DELETE", "/api/user/me"],
    ["GET", "/api/user/0"],
    ["POST", "/api/user/avatar"],
    ["DELETE", "/api/user/avatar"],
    ["POST", "/api/user/request-phone"],
    ["POST", "/api/user/confirm-phone"],
    ["PATCH", "/api/user/phone/abc/main"],
    ["DELETE", "/api/user/phone/-1"],
    ["POST", "/api/user/request-email"],
    ["PATCH", "/api/user/confirm-email"],
    ["PATCH", "/api/user/password"],
    ["PATCH", "/api/user/username"],
    // Last: with the token these two succeed and end sessions.
    ["DELETE", "/api/auth/token/all"],
    ["POST", "/api/auth/logout"],
  ];
  const junk: { payload?: string; contentType?: string }[] = [
    {},
    { payload: "{}", contentType: "application/json" },
    { payload: "[1,2]", contentType: "application/json" },
    {
      payload: '{"login":{"$ne":1},"password":[],"code":123456,"device":"x"}',
      contentType: "application/json",
    },
    { payload: "{broken", contentType: "application/json" },
    { payload: "login=x", contentType: "application/x-www-form-urlencoded" },
    { payload: "x".repeat(2_000_000), contentType: "application/json" },
  ];

  it("answers junk with a 4xx code (field errors where a field is wrong), never 500, signed in or not", async () => {
    // Calls that need no body may succeed; none may fail with a 5xx.
    const user = await signUpUser(harness);
    for (const [method, url] of endpoints) {
      for (const headers of [{}, bearer(user)]) {
        for (const { payload, contentType } of junk) {
          const response = await harness.app.inject({
            method: method as "GET",
            url,
            remoteAddress: newClient().ip,
            headers: { ...headers, ...(contentType ? { "content-type": contentType } : {}) },
            ...(payload !== undefined ? { payload } : {}),
          });
          const label = `${method} ${url} ${contentType ?? "-"} ${payload?.slice(0, 20) ?? ""}`;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode < 400) continue;
          const body = response.json();
          expect(typeof body.code, label).toBe("string");
          if (body.code === "VALIDATION_FAILED") expect(body.errors.length, label).toBeGreaterThan(0);
        }
      }
    }
  });
});
