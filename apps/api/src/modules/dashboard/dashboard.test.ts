import {
  type AuditEntry,
  type DashboardUser,
  type DashboardUsersPage,
  type HistoryPage,
  type ServerToClientEvents,
  SOCKET_PATH,
} from "@unaa/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adComplaints, adPhotos, auditEntries, ledgerEntries, users } from "../../db/schema/index.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { callAs, createPublished, insertPhotoRows, setSetting, validBodies } from "../ads/ads-test-kit.ts";
import { GOOD_PASSWORD, refresh, signUpUser, type TestClient } from "../auth/auth-test-kit.ts";

type Account = Awaited<ReturnType<typeof signUpUser>>;

let harness: TestApp;
let editor: TestClient;
let moderator: TestClient;
let admin: TestClient;

beforeAll(async () => {
  harness = await createTestApp();
  editor = (await signUpPersona(harness, "editor")) as TestClient;
  moderator = (await signUpPersona(harness, "moderator")) as TestClient;
  admin = (await signUpPersona(harness, "admin")) as TestClient;
});
afterAll(async () => {
  await harness.close();
});

const as = (client: TestClient | null) => callAs(harness, client);

async function userOf(client: TestClient, id: number): Promise<DashboardUser> {
  const response = await as(client)("GET", `/api/dashboard/users/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("[S2.8] users", () => {
  let target: Account;

  beforeAll(async () => {
    target = await signUpUser(harness, { username: `findme_${Date.now() % 100_000}` });
  });

  it("[S2.8] lists oldest first on request, the next page going on in that order", async () => {
    const prefix = `ordered_${Date.now() % 100_000}`;
    const made: number[] = [];
    for (const n of [1, 2, 3]) made.push((await signUpUser(harness, { username: `${prefix}_${n}` })).userId);
    const list = async (order: string, cursor?: string) =>
      (
        await as(moderator)(
          "GET",
          `/api/dashboard/users?q=${prefix}&order=${order}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        )
      ).json<DashboardUsersPage>();
    const ids = async (order: string) => {
      const first = await list(order);
      expect(first.nextCursor).not.toBeNull();
      const second = await list(order, first.nextCursor ?? undefined);
      expect(second.nextCursor).toBeNull();
      return [...first.items, ...second.items].map((item) => item.id);
    };
    expect(await ids("oldest")).toEqual(made);
    expect(await ids("newest")).toEqual([...made].reverse());
    const bad = await as(moderator)("GET", `/api/dashboard/users?order=sideways`);
    expect([bad.statusCode, bad.json().errors?.[0]?.path]).toEqual([400, "order"]);
  });

  it("finds an account by id, any part of its phone, its email or its username", async () => {
    const digits = target.login.replace("+", "");
    for (const q of [
      String(target.userId),
      digits.slice(-6),
      target.login,
      target.username.slice(0, 9).toUpperCase(),
    ]) {
      const page = (
        await as(moderator)("GET", `/api/dashboard/users?q=${encodeURIComponent(q)}`)
      ).json<DashboardUsersPage>();
      expect(
        page.items.map((item) => item.id),
        q,
      ).toContain(target.userId);
    }
    const row = (await as(moderator)("GET", `/api/dashboard/users?q=${target.userId}`))
      .json<DashboardUsersPage>()
      .items.find((item) => item.id === target.userId);
    expect(row).toMatchObject({ username: target.username, phone: target.login, roles: [], blockedAt: null });
    const none = (
      await as(moderator)("GET", "/api/dashboard/users?q=no_such_person_100%25")
    ).json<DashboardUsersPage>();
    expect(none.items).toEqual([]);
  });

  it("pages every account newest first by keyset", async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const page: DashboardUsersPage = (
        await as(admin)("GET", `/api/dashboard/users?limit=2${query}`)
      ).json();
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    const [all] = await harness.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
    expect(seen).toHaveLength(all?.n ?? 0);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it("shows the profile, ads, sessions and complaints against the account", async () => {
    const other = await signUpUser(harness);
    const ad = await createPublished(harness, target, (await validBodies(harness)).car);
    await harness.database.db
      .insert(adComplaints)
      .values({ adId: ad.id, userId: other.userId, reason: "fraud" });
    const user = await userOf(moderator, target.userId);
    expect(user).toMatchObject({
      id: target.userId,
      phones: [target.login],
      blockReason: null,
      ads: { total: 1, active: 1, pending: 0 },
      complaintsAgainst: { ads: 1, chats: 0, reviews: 0 },
    });
    expect(user.sessions).toHaveLength(1);
    expect(user.sessions[0]).toMatchObject({ endedAt: null, deviceLabel: "Windows Web Desktop" });
    expect((await as(moderator)("GET", "/api/dashboard/users/2000000000")).json().code).toBe(
      "USER_NOT_FOUND",
    );
  });

  it("blocks with a reason: the account is refused at once and its sessions end; unblocking lets it sign in", async () => {
    const victim = await signUpUser(harness);
    const blocked = await as(moderator)("POST", `/api/dashboard/users/${victim.userId}/block`, {
      reason: "Scam adverts",
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json<DashboardUser>()).toMatchObject({
      blockReason: "Scam adverts",
      blockedAt: expect.any(String),
    });
    expect(blocked.json<DashboardUser>().sessions.every((session) => session.endReason === "blocked")).toBe(
      true,
    );
    expect((await as(victim)("GET", "/api/user/me")).json().code).toBe("BLOCKED");
    expect((await refresh(harness, victim)).statusCode).toBe(403);

    const [entry] = await harness.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.objectId, String(victim.userId)));
    expect(entry).toMatchObject({
      staffId: moderator.userId,
      action: "user.block",
      before: { blocked: false },
      after: { blocked: true, reason: "Scam adverts", sessionsEnded: 1 },
    });

    const unblocked = await as(moderator)("POST", `/api/dashboard/users/${victim.userId}/unblock`, {
      reason: "Appeal accepted",
    });
    expect(unblocked.json<DashboardUser>()).toMatchObject({ blockedAt: null, blockReason: null });
    const unblocks = await harness.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.objectId, String(victim.userId)), eq(auditEntries.action, "user.unblock")));
    expect(unblocks).toMatchObject([
      {
        staffId: moderator.userId,
        before: { blocked: true, reason: "Scam adverts" },
        after: { blocked: false, reason: "Appeal accepted" },
      },
    ]);
    const again = await harness.app.inject({
      method: "POST",
      url: "/api/auth/sign-in",
      remoteAddress: victim.ip,
      payload: {
        login: victim.login,
        password: victim.password,
        device: { type: "desktop", label: "x" },
        source: "x",
      },
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("a block ends the user's open sockets, with BlockedError first", async () => {
    await harness.app.listen({ port: 0, host: "127.0.0.1" });
    const address = harness.app.server.address();
    const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const victim = await signUpUser(harness);
    const socket: Socket<ServerToClientEvents> = connect(url, {
      path: SOCKET_PATH,
      transports: ["websocket"],
      reconnection: false,
      auth: { token: victim.accessToken },
    });
    try {
      await new Promise((resolve) => socket.once("unreadedChatIds", resolve));
      const exception = new Promise((resolve) => socket.once("exception", resolve));
      const ended = new Promise((resolve) => socket.once("disconnect", resolve));
      await as(moderator)("POST", `/api/dashboard/users/${victim.userId}/block`, { reason: "Spam bot" });
      expect(await exception).toEqual({ status: "BlockedError" });
      expect(await ended).toBe("io server disconnect");
    } finally {
      socket.close();
    }
  });

  it("refuses blocking oneself, and a moderator blocking staff; an admin may", async () => {
    const self = await as(moderator)("POST", `/api/dashboard/users/${moderator.userId}/block`, {
      reason: "Test",
    });
    expect([self.statusCode, self.json().code]).toEqual([409, "STAFF_SELF"]);
    const staff = await as(moderator)("POST", `/api/dashboard/users/${editor.userId}/block`, {
      reason: "Test",
    });
    expect([staff.statusCode, staff.json().code]).toEqual([409, "STAFF_BLOCK_STAFF"]);
    const otherEditor = (await signUpPersona(harness, "editor")) as TestClient;
    const byAdmin = await as(admin)("POST", `/api/dashboard/users/${otherEditor.userId}/block`, {
      reason: "Left",
    });
    expect(byAdmin.statusCode).toBe(200);
  });

  it("answers bad input with 400 and field errors, never 500", async () => {
    const cases: [string, string, unknown, string][] = [
      ["POST", `/api/dashboard/users/${target.userId}/block`, {}, "reason"],
      ["POST", `/api/dashboard/users/${target.userId}/block`, { reason: "x" }, "reason"],
      ["POST", `/api/dashboard/users/${target.userId}/block`, { reason: "Spam", extra: 1 }, ""],
      ["POST", `/api/dashboard/users/${target.userId}/unblock`, { reason: "y".repeat(501) }, "reason"],
      ["POST", "/api/dashboard/users/abc/block", { reason: "Spam" }, "id"],
      ["PUT", `/api/dashboard/users/${target.userId}/roles`, { roles: ["owner"] }, "roles.0"],
      ["PUT", `/api/dashboard/users/${target.userId}/roles`, { roles: ["editor", "editor"] }, "roles"],
      ["GET", "/api/dashboard/users?limit=0", undefined, "limit"],
      ["GET", "/api/dashboard/users?cursor=abc", undefined, "cursor"],
      ["GET", "/api/dashboard/history?from=2026-02-30", undefined, "from"],
      ["GET", "/api/dashboard/history?from=2026-05-02&to=2026-05-01", undefined, "to"],
      ["GET", "/api/dashboard/history?action=ad.explode", undefined, "action"],
      ["GET", "/api/dashboard/history?objectId=12", undefined, "objectType"],
    ];
    for (const [method, url, payload, path] of cases) {
      const response = await as(admin)(method as "GET", url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
      if (path)
        expect(
          response.json().errors.map((error: { path: string }) => error.path),
          url,
        ).toContain(path);
    }
  });
});

describe("[S2.8] roles", () => {
  it("an admin grants and revokes roles; the change is audited and applies to the next call", async () => {
    const person = await signUpUser(harness);
    const granted = await as(admin)("PUT", `/api/dashboard/users/${person.userId}/roles`, {
      roles: ["moderator", "editor"],
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json<DashboardUser>().roles).toEqual(["moderator", "editor"]);
    expect((await as(person)("GET", "/api/dashboard/users")).statusCode).toBe(200);
    await as(admin)("PUT", `/api/dashboard/users/${person.userId}/roles`, { roles: [] });
    expect((await as(person)("GET", "/api/dashboard/users")).statusCode).toBe(404);
    const entries = await harness.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.objectId, String(person.userId)));
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ["user.roles", { roles: [] }, { roles: ["moderator", "editor"] }],
      ["user.roles", { roles: ["moderator", "editor"] }, { roles: [] }],
    ]);
  });

  it("nobody changes their own roles; moderators change none", async () => {
    const own = await as(admin)("PUT", `/api/dashboard/users/${admin.userId}/roles`, { roles: [] });
    expect([own.statusCode, own.json().code]).toEqual([409, "STAFF_SELF"]);
    const raise = await as(moderator)("PUT", `/api/dashboard/users/${moderator.userId}/roles`, {
      roles: ["admin"],
    });
    expect([raise.statusCode, raise.json().code]).toEqual([404, "ROUTE_NOT_FOUND"]);
  });

  it("two admins taking each other's admin role at once: one wins, the last admin stays", async () => {
    const first = (await signUpPersona(harness, "admin")) as TestClient;
    const second = (await signUpPersona(harness, "admin")) as TestClient;
    // Only these two are admins now.
    await harness.database.db
      .update(users)
      .set({ roles: [] })
      .where(sql`'admin' = any(${users.roles}) and ${users.id} not in (${first.userId}, ${second.userId})`);
    try {
      const results = await Promise.all([
        as(first)("PUT", `/api/dashboard/users/${second.userId}/roles`, { roles: [] }),
        as(second)("PUT", `/api/dashboard/users/${first.userId}/roles`, { roles: [] }),
      ]);
      // One wins. The other is refused as the last admin, or — when the winner committed before its
      // call was checked — is no admin any more and finds no such endpoint.
      const [won, lost] = [...results].sort((a, b) => a.statusCode - b.statusCode);
      expect(won?.statusCode).toBe(200);
      expect([lost?.statusCode, lost?.json().code]).toSatisfy(
        ([status, code]: [number, string]) =>
          (status === 409 && code === "STAFF_LAST_ADMIN") || (status === 404 && code === "ROUTE_NOT_FOUND"),
      );
      const admins = await harness.database.db
        .select({ id: users.id })
        .from(users)
        .where(sql`'admin' = any(${users.roles})`);
      expect(admins).toHaveLength(1);
    } finally {
      // The admins of the other tests again.
      await harness.database.db
        .update(users)
        .set({ roles: ["admin"] })
        .where(inArray(users.id, [admin.userId, first.userId, second.userId]));
    }
  });

  it("[S2.8] two admins blocking each other at once keep one admin, who cannot delete the account", async () => {
    const first = (await signUpPersona(harness, "admin")) as TestClient;
    const second = (await signUpPersona(harness, "admin")) as TestClient;
    await harness.database.db
      .update(users)
      .set({ roles: [] })
      .where(sql`'admin' = any(${users.roles}) and ${users.id} not in (${first.userId}, ${second.userId})`);
    const liveAdmins = () =>
      harness.database.db
        .select({ id: users.id })
        .from(users)
        .where(
          sql`'admin' = any(${users.roles}) and ${users.blockedAt} is null and ${users.deletedAt} is null`,
        );
    try {
      const reason = { reason: "each blocks the other" };
      const results = await Promise.all([
        as(first)("POST", `/api/dashboard/users/${second.userId}/block`, reason),
        as(second)("POST", `/api/dashboard/users/${first.userId}/block`, reason),
      ]);
      // One wins; the other is refused as the last admin, or is already blocked when its call is checked.
      const [won, lost] = [...results].sort((a, b) => a.statusCode - b.statusCode);
      expect(won?.statusCode).toBe(200);
      expect([lost?.statusCode, lost?.json().code]).toSatisfy(
        ([status, code]: [number, string]) =>
          (status === 409 && code === "STAFF_LAST_ADMIN") || (status === 403 && code === "BLOCKED"),
      );
      const remaining = await liveAdmins();
      expect(remaining).toHaveLength(1);

      const last = remaining[0]?.id === first.userId ? first : second;
      const deletion = await as(last)("DELETE", "/api/user/me", { password: GOOD_PASSWORD });
      expect([deletion.statusCode, deletion.json().code]).toEqual([409, "STAFF_LAST_ADMIN"]);
      expect(await liveAdmins()).toEqual([{ id: last.userId }]);
    } finally {
      await harness.database.db
        .update(users)
        .set({ roles: ["admin"], blockedAt: null, blockReason: null })
        .where(inArray(users.id, [admin.userId, first.userId, second.userId]));
    }
  });
});

describe("[S2.8] history", () => {
  it("lists entries newest first with filters, keyset pages; editors see only their own", async () => {
    const markId = 1;
    await harness.database.db.insert(auditEntries).values([
      {
        staffId: editor.userId,
        action: "catalogue.edit",
        objectType: "catalogue",
        objectId: `mark:${markId}`,
      },
      { staffId: moderator.userId, action: "ad.remove", objectType: "ad", objectId: "77" },
      { staffId: editor.userId, action: "catalogue.edit", objectType: "catalogue", objectId: "model:5" },
    ]);
    const all = (await as(admin)("GET", "/api/dashboard/history?limit=100")).json<HistoryPage>();
    expect(all.items.map((item) => item.id)).toEqual(
      [...all.items.map((item) => item.id)].sort((a, b) => b - a),
    );
    expect(all.items[0]).toMatchObject({ staff: { id: editor.userId }, objectId: "model:5" });

    const byStaff = (
      await as(moderator)("GET", `/api/dashboard/history?staffId=${editor.userId}`)
    ).json<HistoryPage>();
    expect(byStaff.items.every((item) => item.staff?.id === editor.userId)).toBe(true);
    expect(byStaff.items).toHaveLength(2);
    const byObject = (
      await as(admin)("GET", "/api/dashboard/history?objectType=ad&objectId=77")
    ).json<HistoryPage>();
    expect(byObject.items.map((item) => item.action)).toEqual(["ad.remove"]);
    const byAction = (await as(admin)("GET", "/api/dashboard/history?action=ad.remove")).json<HistoryPage>();
    expect(byAction.items.every((item: AuditEntry) => item.action === "ad.remove")).toBe(true);
    const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
    const inPeriod = (
      await as(admin)("GET", `/api/dashboard/history?from=${today}&to=${today}`)
    ).json<HistoryPage>();
    expect(inPeriod.items.length).toBeGreaterThanOrEqual(3);
    const before = (await as(admin)("GET", "/api/dashboard/history?to=2020-01-01")).json<HistoryPage>();
    expect(before.items).toEqual([]);

    // The editor's own only, whatever filter they send.
    const own = (await as(editor)("GET", "/api/dashboard/history")).json<HistoryPage>();
    expect(own.items.map((item) => item.staff?.id)).toEqual([editor.userId, editor.userId]);
    const others = (
      await as(editor)("GET", `/api/dashboard/history?staffId=${moderator.userId}`)
    ).json<HistoryPage>();
    expect(others.items).toEqual([]);

    const first = (await as(admin)("GET", "/api/dashboard/history?limit=1")).json<HistoryPage>();
    const second = (
      await as(admin)("GET", `/api/dashboard/history?limit=1&cursor=${first.nextCursor}`)
    ).json<HistoryPage>();
    expect(second.items[0]?.id).toBeLessThan(first.items[0]?.id ?? 0);
  });

  it("has no endpoint that changes or deletes an entry", async () => {
    const [entry] = await harness.database.db.select().from(auditEntries).limit(1);
    for (const method of ["PUT", "DELETE", "POST"] as const) {
      const response = await as(admin)(
        method,
        `/api/dashboard/history/${entry?.id}`,
        method === "DELETE" ? undefined : {},
      );
      expect(response.statusCode, method).toBe(404);
    }
  });
});

describe("[S2.8] overview", () => {
  it("counts the queues (the photo queue too) and today's ads, users and revenue; hides what the role may not open", async () => {
    const seller = await signUpUser(harness);
    await setSetting(harness, "moderationMode", "pre");
    const ad = await createPublished(harness, seller, (await validBodies(harness)).car);
    await setSetting(harness, "moderationMode", "auto");
    const before = (await as(admin)("GET", "/api/dashboard/overview")).json().queues.waitingPhotos;
    const photoIds = await insertPhotoRows(harness, seller.userId, 2);
    await harness.database.db.update(adPhotos).set({ adId: ad.id }).where(inArray(adPhotos.id, photoIds));
    await harness.database.db.insert(ledgerEntries).values([
      { userId: seller.userId, kind: "top_up", amount: 100_000, balanceAfter: 100_000 },
      { userId: seller.userId, kind: "purchase", amount: -30_000, balanceAfter: 70_000, reference: "vip" },
    ]);
    const overview = (await as(admin)("GET", "/api/dashboard/overview")).json();
    expect(overview.queues.pendingAds).toBeGreaterThanOrEqual(1);
    expect(overview.queues.waitingPhotos).toBe(before + 2);
    expect(overview.queues.adComplaints).toBeGreaterThanOrEqual(0);
    expect(overview.today.users).toBeGreaterThanOrEqual(4);
    expect(overview.today.ads).toBeGreaterThanOrEqual(1);
    expect(overview.today.revenue).toBe(30_000);

    const forModerator = (await as(moderator)("GET", "/api/dashboard/overview")).json();
    expect(forModerator.today.revenue).toBe(30_000);
    const forEditor = (await as(editor)("GET", "/api/dashboard/overview")).json();
    expect(forEditor.queues).toEqual({
      pendingAds: null,
      waitingPhotos: null,
      adComplaints: null,
      chatReports: null,
      reportedReviews: null,
    });
    expect(forEditor.today.revenue).toBeNull();
    expect(forEditor.today.users).toBe(overview.today.users);
  });
});
