import { errorMessages, meSchema, REFRESH_COOKIE, SESSION_COOKIE } from "@unaa/contracts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { oneTimeCodes, users as usersTable } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  bearer,
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
} from "../auth/auth-test-kit.ts";

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => {
  await harness.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const call = (client: TestClient | null, method: Method, url: string, payload?: object) =>
  harness.app.inject({
    method,
    url,
    remoteAddress: newClient().ip,
    headers: client ? bearer(client) : {},
    ...(payload ? { payload } : {}),
  });

async function addPhone(client: TestClient, phone = nextPhone()) {
  expect((await call(client, "POST", "/api/user/request-phone", { phone })).statusCode).toBe(200);
  const code = await readLatestCode(harness, phone);
  const response = await call(client, "POST", "/api/user/confirm-phone", { phone, code });
  expect(response.statusCode, response.body).toBe(200);
  return meSchema.parse(response.json());
}

describe("GET /api/user/me and /api/user/{id}", () => {
  it("[S7.7][S3.5] answers the signed-in user with phones, roles and favoriteAds", async () => {
    const user = await signUpUser(harness);
    const response = await call(user, "GET", "/api/user/me");
    expect(response.statusCode).toBe(200);
    expect(meSchema.parse(response.json())).toMatchObject({
      id: user.userId,
      username: user.username,
      phones: [{ phone: user.login, isMain: true, confirmed: true }],
      roles: [],
      favoriteAds: [],
      hasPassword: true,
    });
    const anonymous = await call(null, "GET", "/api/user/me");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: "UNAUTHORIZED", message: errorMessages.ru.UNAUTHORIZED });
  });
});

describe("phones", () => {
  it("[S7.22][S7.23] adds a second phone with a code; the first stays main", async () => {
    const user = await signUpUser(harness);
    const phone = nextPhone();
    const sent = await call(user, "POST", "/api/user/request-phone", { phone: phone.replace("+996", "0") });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ channel: "sms", sentTo: `+996 *** *** ${phone.slice(-3)}` });
    const code = await readLatestCode(harness, phone);
    const [row] = await harness.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.destination, phone));
    expect(row).toMatchObject({ purpose: "phone", userId: user.userId });

    const me = await call(user, "POST", "/api/user/confirm-phone", { phone, code });
    expect(me.statusCode).toBe(200);
    expect(me.json().phones).toEqual([
      expect.objectContaining({ phone: user.login, isMain: true }),
      expect.objectContaining({ phone, isMain: false, confirmed: true }),
    ]);
    // The new phone signs in too.
    expect((await signInWithPassword(harness, phone, user.password)).response.statusCode).toBe(200);
  });

  it("refuses bad, taken and own phones, wrong codes, and codes asked by someone else", async () => {
    const user = await signUpUser(harness);
    const other = await signUpUser(harness);
    const invalid = await call(user, "POST", "/api/user/request-phone", { phone: "12ab" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: "PHONE_INVALID", errors: [{ path: "phone" }] });
    const taken = await call(user, "POST", "/api/user/request-phone", { phone: other.login });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "PHONE_TAKEN", errors: [{ path: "phone" }] });
    expect((await call(user, "POST", "/api/user/request-phone", { phone: user.login })).json().code).toBe(
      "CONFLICT",
    );
    expect((await call(null, "POST", "/api/user/request-phone", { phone: nextPhone() })).statusCode).toBe(
      401,
    );
    expect((await call(user, "POST", "/api/user/request-phone", {})).json().code).toBe("VALIDATION_FAILED");

    const phone = nextPhone();
    await call(user, "POST", "/api/user/request-phone", { phone });
    const code = await readLatestCode(harness, phone);
    const stolen = await call(other, "POST", "/api/user/confirm-phone", { phone, code });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe("CODE_INVALID");
    const wrong = await call(user, "POST", "/api/user/confirm-phone", {
      phone,
      code: code === "999999" ? "111111" : "999999",
    });
    expect(wrong.json()).toMatchObject({ code: "CODE_INVALID", errors: [{ path: "code" }] });
    const malformed = await call(user, "POST", "/api/user/confirm-phone", { phone, code: "12a" });
    expect(malformed.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "code" }] });
    expect((await call(user, "POST", "/api/user/confirm-phone", { phone, code })).statusCode).toBe(200);
  });

  it("[S7.24] makes another phone main, deletes phones, and refuses to delete the last way in", async () => {
    const user = await signUpUser(harness);
    const me = await addPhone(user);
    const [first, second] = me.phones;
    if (!first || !second) throw new Error("two phones expected");

    const main = await call(user, "PATCH", `/api/user/phone/${second.id}/main`);
    expect(main.statusCode).toBe(200);
    expect(main.json().phones.map((phone: { isMain: boolean }) => phone.isMain)).toEqual([false, true]);

    const deleted = await call(user, "DELETE", `/api/user/phone/${second.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().phones).toEqual([expect.objectContaining({ id: first.id, isMain: true })]);

    const last = await call(user, "DELETE", `/api/user/phone/${first.id}`);
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({ code: "PHONE_LAST", message: errorMessages.ru.PHONE_LAST });

    const stranger = await signUpUser(harness);
    expect((await call(stranger, "DELETE", `/api/user/phone/${first.id}`)).statusCode).toBe(404);
    expect((await call(stranger, "PATCH", `/api/user/phone/${first.id}/main`)).statusCode).toBe(404);
    expect((await call(user, "DELETE", "/api/user/phone/x")).statusCode).toBe(400);
  });

  it("[S7.24] lets the only phone go once a confirmed email exists", async () => {
    const user = await signUpUser(harness);
    const email = nextEmail();
    await call(user, "POST", "/api/user/request-email", { email });
    const code = await readLatestCode(harness, email);
    expect((await call(user, "PATCH", "/api/user/confirm-email", { email, code })).statusCode).toBe(200);
    const me = (await call(user, "GET", "/api/user/me")).json();
    const response = await call(user, "DELETE", `/api/user/phone/${me.phones[0].id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ phones: [], email });
  });
});

describe("email", () => {
  it("[S7.28][S7.29] sets the email with a code; it is then a login", async () => {
    const user = await signUpUser(harness);
    const email = nextEmail();
    const sent = await call(user, "POST", "/api/user/request-email", { email: email.toUpperCase() });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ channel: "email", sentTo: `p***@mail.kg` });
    const code = await readLatestCode(harness, email);
    const response = await call(user, "PATCH", "/api/user/confirm-email", { email, code });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email, emailConfirmed: true });
    expect((await signInWithPassword(harness, email, user.password)).response.statusCode).toBe(200);
  });

  it("refuses a malformed email, one taken by another account, and a wrong code", async () => {
    const owner = await signUpUser(harness, { login: nextEmail() });
    const user = await signUpUser(harness);
    const malformed = await call(user, "POST", "/api/user/request-email", { email: "not-an-email" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "email" }] });
    const taken = await call(user, "POST", "/api/user/request-email", { email: owner.login });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "EMAIL_TAKEN", errors: [{ path: "email" }] });
    const email = nextEmail();
    await call(user, "POST", "/api/user/request-email", { email });
    const wrong = await call(user, "PATCH", "/api/user/confirm-email", { email, code: "000000" });
    expect([400]).toContain(wrong.statusCode);
    expect(["CODE_INVALID"]).toContain(wrong.json().code);
    expect(
      (await call(user, "PATCH", "/api/user/confirm-email", { email: owner.login, code: "000000" })).json()
        .code,
    ).toBe("EMAIL_TAKEN");
  });
});

describe("PATCH /api/user/password", () => {
  it("[S7.26] changes the password with the current one and ends the other sessions", async () => {
    const user = await signUpUser(harness);
    const other = await signInWithPassword(harness, user.login, user.password);
    const response = await call(user, "PATCH", "/api/user/password", {
      currentPassword: user.password,
      newPassword: "mountain-lake-issyk",
    });
    expect(response.statusCode).toBe(204);
    expect((await refresh(harness, other.client)).statusCode).toBe(403);
    expect((await call(other.client, "GET", "/api/user/me")).statusCode).toBe(401);
    expect((await call(user, "GET", "/api/user/me")).statusCode).toBe(200);
    expect((await refresh(harness, user)).statusCode).toBe(200);
    expect((await signInWithPassword(harness, user.login, "mountain-lake-issyk")).response.statusCode).toBe(
      200,
    );
  });

  it("refuses a wrong or missing current password, and weak new ones, with field errors", async () => {
    const user = await signUpUser(harness);
    const wrong = await call(user, "PATCH", "/api/user/password", {
      currentPassword: "nope",
      newPassword: "mountain-lake-1",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "PASSWORD_WRONG", errors: [{ path: "currentPassword" }] });
    const missing = await call(user, "PATCH", "/api/user/password", { newPassword: "mountain-lake-1" });
    expect(missing.json().code).toBe("PASSWORD_WRONG");
    const weak = await call(user, "PATCH", "/api/user/password", {
      currentPassword: user.password,
      newPassword: "abc",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: "PASSWORD_WEAK",
      errors: [{ path: "newPassword", code: "too_short" }],
    });
    const sameAsName = await call(user, "PATCH", "/api/user/password", {
      currentPassword: user.password,
      newPassword: user.username,
    });
    expect(sameAsName.json().errors.map((error: { code: string }) => error.code)).toContain("equals_login");
    const localized = await harness.app.inject({
      method: "PATCH",
      url: "/api/user/password",
      headers: { ...bearer(user), "x-lang": "ky" },
      payload: { currentPassword: user.password, newPassword: "abc" },
    });
    expect(localized.json().errors[0].message).toBe("Кеминде 8 белги");
    expect((await call(user, "PATCH", "/api/user/password", {})).json().code).toBe("VALIDATION_FAILED");
  });
});

describe("PATCH /api/user/username", () => {
  it("[S7.27] changes the username; taken (any case) is 409, bad ones are 400", async () => {
    const user = await signUpUser(harness);
    const other = await signUpUser(harness);
    const username = nextUsername("Жаңы.аты");
    const response = await call(user, "PATCH", "/api/user/username", { username });
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe(username);
    expect((await call(user, "PATCH", "/api/user/username", { username })).statusCode).toBe(200);
    const taken = await call(user, "PATCH", "/api/user/username", { username: other.username.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "USERNAME_TAKEN", errors: [{ path: "username" }] });
    for (const bad of ["x", "no spaces", "a".repeat(31)]) {
      const invalid = await call(user, "PATCH", "/api/user/username", { username: bad });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().errors[0].path).toBe("username");
    }
  });
});

describe("DELETE /api/user/me", () => {
  it("[S7.25] deletes the account with the password: data erased, sessions ended, cookies cleared", async () => {
    const user = await signUpUser(harness);
    const other = await signInWithPassword(harness, user.login, user.password);
    const wrong = await call(user, "DELETE", "/api/user/me", { password: "not-it" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "PASSWORD_WRONG", errors: [{ path: "password" }] });
    expect((await call(user, "DELETE", "/api/user/me", {})).json().code).toBe("VALIDATION_FAILED");

    const response = await call(user, "DELETE", "/api/user/me", { password: user.password });
    expect(response.statusCode).toBe(204);
    expect(readSetCookies(response)[SESSION_COOKIE]?.value).toBe("");
    expect(readSetCookies(response)[REFRESH_COOKIE]?.value).toBe("");

    const [row] = await harness.database.db.select().from(usersTable).where(eq(usersTable.id, user.userId));
    expect(row).toMatchObject({
      username: `deleted-${user.userId}`,
      email: null,
      passwordHash: null,
      googleSub: null,
      avatarKey: null,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const codes = await harness.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.destination, user.login));
    expect(codes).toHaveLength(0);

    expect((await call(null, "GET", `/api/user/${user.userId}`)).statusCode).toBe(404);
    expect((await call(user, "GET", "/api/user/me")).statusCode).toBe(401);
    expect((await refresh(harness, other.client)).statusCode).toBe(403);
    expect((await signInWithPassword(harness, user.login, user.password)).response.statusCode).toBe(401);
    // The phone is free again.
    waitOutResendLimit();
    expect((await signUpUser(harness, { login: user.login, username: user.username })).userId).not.toBe(
      user.userId,
    );
  });

  it("[S7.25] deletes the account with a sign-in code instead of the password", async () => {
    const user = await signUpUser(harness, { login: nextEmail() });
    waitOutResendLimit();
    await requestCode(harness, newClient(), "sign-in", user.login);
    const code = await readLatestCode(harness, user.login);
    const wrong = await call(user, "DELETE", "/api/user/me", {
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.json()).toMatchObject({ code: "CODE_INVALID", errors: [{ path: "code" }] });
    const response = await call(user, "DELETE", "/api/user/me", { code });
    expect(response.statusCode).toBe(204);
    expect((await call(null, "GET", `/api/user/${user.userId}`)).statusCode).toBe(404);
  });
});
