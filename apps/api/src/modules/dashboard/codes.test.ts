import type { CodeAccessList, CodeLogPage, Me } from "@unaa/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, oneTimeCodes } from "../../db/schema/index.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { callAs } from "../ads/ads-test-kit.ts";
import { signUpUser, type TestClient } from "../auth/auth-test-kit.ts";

let harness: TestApp;
let admin: TestClient;
let moderator: TestClient;
let granted: TestClient;
let target: Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  harness = await createTestApp();
  admin = (await signUpPersona(harness, "admin")) as TestClient;
  moderator = (await signUpPersona(harness, "moderator")) as TestClient;
  granted = (await signUpPersona(harness, "moderator")) as TestClient;
  target = await signUpUser(harness);
});
afterAll(async () => {
  await harness.close();
});

const as = (client: TestClient | null) => callAs(harness, client);

async function codesOf(client: TestClient, query: string): Promise<CodeLogPage> {
  const response = await as(client)("GET", `/api/dashboard/codes?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("[S2.8] codes log and code access", () => {
  it("shows an admin the recipient masked until granted, then in full; never the code or its hash", async () => {
    const local = `0${target.login.slice(4)}`;
    const masked = await codesOf(admin, `recipient=${encodeURIComponent(local)}`);
    expect(masked.items.length).toBeGreaterThan(0);
    const [row] = await harness.database.db
      .select({ masked: oneTimeCodes.maskedDestination })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.destination, target.login));
    expect(masked.items[0]).toMatchObject({
      purpose: "sign-up",
      channel: "sms",
      recipient: row?.masked,
      masked: true,
      used: true,
    });
    expect(JSON.stringify(masked)).not.toContain(target.login);

    const self = await as(admin)("PUT", `/api/dashboard/code-access/${admin.userId}`, { granted: true });
    expect(self.statusCode, self.body).toBe(200);
    const full = await codesOf(admin, `recipient=${encodeURIComponent(target.login)}`);
    expect(full.items[0]).toMatchObject({ recipient: target.login, masked: false });
    expect(JSON.stringify(full)).not.toMatch(/hash|"code"/i);
  });

  it("hides the codes log from a moderator not granted (404), and admins grant it with an audit entry", async () => {
    expect((await as(granted)("GET", "/api/dashboard/codes")).statusCode).toBe(404);
    const grant = await as(admin)("PUT", `/api/dashboard/code-access/${granted.userId}`, { granted: true });
    expect(grant.statusCode, grant.body).toBe(200);
    const member = grant.json<CodeAccessList>().items.find((item) => item.id === granted.userId);
    expect(member?.grantedAt).not.toBeNull();
    const page = await codesOf(granted, `recipient=${encodeURIComponent(target.login)}`);
    expect(page.items[0]).toMatchObject({ recipient: target.login, masked: false });
    const me = (await as(granted)("GET", "/api/user/me")).json<Me>();
    expect(me.codeAccess).toBe(true);
    // Another moderator stays shut out; an unchanged grant writes no second entry.
    expect((await as(moderator)("GET", "/api/dashboard/codes")).statusCode).toBe(404);
    await as(admin)("PUT", `/api/dashboard/code-access/${granted.userId}`, { granted: true });
    const entries = await harness.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.objectType, "user"), eq(auditEntries.objectId, String(granted.userId))));
    expect(entries.map((entry) => [entry.action, entry.staffId])).toEqual([
      ["code-access.grant", admin.userId],
    ]);

    const revoke = await as(admin)("PUT", `/api/dashboard/code-access/${granted.userId}`, { granted: false });
    expect(revoke.statusCode).toBe(200);
    expect((await as(granted)("GET", "/api/dashboard/codes")).statusCode).toBe(404);
    const [last] = await harness.database.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.action, "code-access.revoke"), eq(auditEntries.objectId, String(granted.userId))),
      );
    expect(last).toMatchObject({ before: { granted: true }, after: { granted: false } });
  });

  it("filters by purpose, channel and status and pages newest first by keyset", async () => {
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const page: CodeLogPage = await codesOf(
        admin,
        `purpose=sign-up&channel=sms&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      for (const item of page.items) expect(item).toMatchObject({ purpose: "sign-up", channel: "sms" });
      ids.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await codesOf(admin, "purpose=reset")).items.every((item) => item.purpose === "reset")).toBe(
      true,
    );
    const failed = await codesOf(admin, "status=failed");
    expect(failed.items.every((item) => item.deliveryStatus === "failed")).toBe(true);
  });

  it("refuses bad filters with field errors (400)", async () => {
    for (const [query, path] of [
      ["purpose=nope", "purpose"],
      ["recipient=not-a-phone", "recipient"],
      ["cursor=x", "cursor"],
    ]) {
      const response = await as(admin)("GET", `/api/dashboard/codes?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    }
  });

  it("grants only to staff: an ordinary account is 404 and moderators cannot grant", async () => {
    const user = await signUpUser(harness);
    expect(
      (await as(admin)("PUT", `/api/dashboard/code-access/${user.userId}`, { granted: true })).json().code,
    ).toBe("USER_NOT_FOUND");
    expect(
      (await as(moderator)("PUT", `/api/dashboard/code-access/${moderator.userId}`, { granted: true }))
        .statusCode,
    ).toBe(404);
    const list = (await as(admin)("GET", "/api/dashboard/code-access")).json<CodeAccessList>();
    expect(list.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([admin.userId, moderator.userId]),
    );
    expect(list.items.map((item) => item.id)).not.toContain(user.userId);
  });
});
