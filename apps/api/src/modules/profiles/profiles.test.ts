import { adCardsPageSchema, publicProfileSchema, type Vertical } from "@unaa/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages, chats, users } from "../../db/schema/index.ts";
import { planWithOnlyIndex } from "../../test/query-plans.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { callAs, createPublished, setSetting, validBodies } from "../ads/ads-test-kit.ts";
import { nextEmail, nextUsername, signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import { insertUser } from "../users/users.repository.ts";
import { activeAdsByVerticalQuery } from "./profiles.repository.ts";

let harness: TestApp;
let bodies: Record<Vertical, Record<string, unknown>>;

beforeAll(async () => {
  harness = await createTestApp();
  bodies = await validBodies(harness);
  await setSetting(harness, "freeAdLimits", { car: 1000, commercial: 1000, moto: 1000, uslugi: 1000 });
});
afterAll(async () => {
  await harness.close();
});

const get = (url: string) => callAs(harness, null)("GET", url);

async function publish(owner: TestClient, vertical: Vertical): Promise<number> {
  const ad = await createPublished(harness, owner, bodies[vertical]);
  expect(ad.status).toBe("active");
  return ad.id;
}

describe("GET /api/user/{id}", () => {
  it("[S7.8][P8] answers the public profile with counts per tab, never a phone or an email", async () => {
    const seller = await signUpUser(harness);
    const email = nextEmail();
    await harness.database.db
      .update(users)
      .set({ email, emailConfirmed: true })
      .where(eq(users.id, seller.userId));
    await publish(seller, "car");
    await publish(seller, "moto");
    await publish(seller, "uslugi");

    const response = await get(`/api/user/${seller.userId}`);
    expect(response.statusCode).toBe(200);
    expect(publicProfileSchema.strict().parse(response.json())).toEqual({
      id: seller.userId,
      username: seller.username,
      avatar: null,
      createdAt: expect.any(String),
      hasConfirmedPhone: true,
      activeAds: 3,
      tabCounts: { default: 2, adds: 3, uslugi: 1 },
      responseRate: null,
      responseMinutes: null,
      rating: { average: null, count: 0 },
    });
    // The raw answer, whatever the schema says: no phone in any form, no email.
    const digits = seller.login.replace(/\D/g, "");
    expect(response.body).not.toContain(digits.slice(-9));
    expect(response.body).not.toContain(email);
    expect(response.body).not.toMatch(/"(phones?|email\w*|password\w*|roles)"/i);
  });

  it("[P8] counts a seller's active ads per vertical from the index alone, no table row read", async () => {
    // Every ad page shows its seller's trust card: reading each of the seller's ads from the table
    // cost 9 ms for a seller with 280 ads (decision 097).
    const seller = await signUpUser(harness);
    await publish(seller, "car");
    await publish(seller, "moto");
    const { db } = harness.database;
    const plan = await planWithOnlyIndex(db, "ads_user_idx", activeAdsByVerticalQuery(db).getSQL(), {
      userId: seller.userId,
    });
    expect(plan).toContain("Index Only Scan using ads_user_idx");

    const response = await get(`/api/user/${seller.userId}`);
    expect(response.json()).toMatchObject({ activeAds: 2, tabCounts: { default: 2, adds: 2, uslugi: 0 } });
  });

  it("[S7.8] unknown id: 404 USER_NOT_FOUND; bad ids: 400 with a field error, never 500", async () => {
    const unknown = await get("/api/user/99999999");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("USER_NOT_FOUND");
    for (const bad of ["abc", "0", "-1", "1.5", "1e30", "99999999999999999999", "%00", "1;drop"]) {
      const response = await get(`/api/user/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().code, bad).toBe("VALIDATION_FAILED");
      expect(response.json().errors, bad).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: "id" })]),
      );
    }
  });

  it("[P8] a deleted or blocked account answers the same neutral 404, nothing of the account", async () => {
    const [deleted, blocked] = await Promise.all([signUpUser(harness), signUpUser(harness)]);
    const removal = await callAs(harness, deleted)("DELETE", "/api/user/me", { password: deleted.password });
    expect(removal.statusCode).toBe(204);
    await harness.database.db
      .update(users)
      .set({ blockedAt: new Date() })
      .where(eq(users.id, blocked.userId));

    const answers = await Promise.all([
      get(`/api/user/${deleted.userId}`),
      get(`/api/user/${blocked.userId}`),
    ]);
    for (const [index, response] of answers.entries()) {
      expect(response.statusCode).toBe(404);
      const { code, message } = response.json();
      expect(code).toBe("USER_UNAVAILABLE");
      expect(response.json()).toEqual({ code, message });
      expect(response.body).not.toContain([deleted, blocked][index]?.username);
    }
  });
});

describe("[P8] response rate and usual response time", () => {
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  /** A user made straight in the database: these tests need many, not their sign-up. */
  async function makeUser(): Promise<number> {
    return (await insertUser(harness.database.db, { username: nextUsername("member") })).id;
  }

  /**
   * A chat another user opened with `sellerId` `ago` ms ago; the buyer writes at once, then the seller
   * replies after `replyAfter` ms (none when null).
   */
  async function seedChat(
    sellerId: number,
    options: { ago: number; replyAfter: number | null; buyerWrites?: boolean },
  ): Promise<void> {
    const buyerId = await makeUser();
    const openedAt = new Date(Date.now() - options.ago);
    const [chat] = await harness.database.db
      .insert(chats)
      .values({ subject: "profile", sellerId, buyerId, createdAt: openedAt, lastActivityAt: openedAt })
      .returning({ id: chats.id });
    if (!chat || options.buyerWrites === false) return;
    const messages = [
      { chatId: chat.id, senderId: buyerId, text: "Здравствуйте", createdAt: openedAt },
      {
        chatId: chat.id,
        senderId: buyerId,
        text: "Ещё продаёте?",
        createdAt: new Date(openedAt.getTime() + 1000),
      },
    ];
    if (options.replyAfter !== null) {
      const repliedAt = new Date(openedAt.getTime() + options.replyAfter);
      messages.push({ chatId: chat.id, senderId: sellerId, text: "Да", createdAt: repliedAt });
      messages.push({
        chatId: chat.id,
        senderId: sellerId,
        text: "Звоните",
        createdAt: new Date(repliedAt.getTime() + HOUR),
      });
    }
    for (const message of messages) await harness.database.db.insert(chatMessages).values(message);
  }

  async function profileOf(userId: number) {
    const response = await get(`/api/user/${userId}`);
    expect(response.statusCode, response.body).toBe(200);
    return publicProfileSchema.parse(response.json());
  }

  it("counts chats others opened in the last 90 days: answered within 24 h, median first reply", async () => {
    const sellerId = await makeUser();
    // Answered within 24 h: 10 min, 30 min, 2 h, 20 h; late: 30 h; never answered: one.
    for (const replyAfter of [10 * MINUTE, 30 * MINUTE, 2 * HOUR, 20 * HOUR, 30 * HOUR, null]) {
      await seedChat(sellerId, { ago: 5 * DAY, replyAfter });
    }
    // Not counted: older than 90 days, opened but never written in.
    await seedChat(sellerId, { ago: 91 * DAY, replyAfter: null });
    await seedChat(sellerId, { ago: 2 * DAY, replyAfter: null, buyerWrites: false });
    // Not counted: a chat the seller opened with someone else (they are the one who wrote first).
    const other = await makeUser();
    await harness.database.db
      .insert(chats)
      .values({ subject: "profile", sellerId: other, buyerId: sellerId });

    const profile = await profileOf(sellerId);
    expect(profile.responseRate).toBe(67); // 4 of 6
    expect(profile.responseMinutes).toBe(120); // median of 10 min, 30 min, 2 h, 20 h, 30 h
  });

  it("shows neither below 5 chats", async () => {
    const sellerId = await makeUser();
    for (let index = 0; index < 4; index++) await seedChat(sellerId, { ago: DAY, replyAfter: 5 * MINUTE });
    expect(await profileOf(sellerId)).toMatchObject({ responseRate: null, responseMinutes: null });
  });
});

describe("GET /api/users/{id}/ads", () => {
  let seller: TestClient;
  const ids: Record<Vertical, number[]> = { car: [], commercial: [], moto: [], uslugi: [] };

  beforeAll(async () => {
    seller = await signUpUser(harness);
    for (const vertical of ["car", "moto", "uslugi", "car", "commercial"] as const) {
      ids[vertical].push(await publish(seller, vertical));
    }
  });

  async function walk(tab: string): Promise<number[]> {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ tab, limit: "2", ...(cursor ? { cursor } : {}) });
      const response = await get(`/api/users/${seller.userId}/ads?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = adCardsPageSchema.parse(response.json());
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((card) => card.id));
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  }

  it("[S2.5] lists each tab's verticals, newest first, by keyset pages", async () => {
    const newestFirst = (list: number[]) => [...list].sort((a, b) => b - a);
    const vehicles = [...ids.car, ...ids.moto, ...ids.commercial];
    expect(await walk("default")).toEqual(newestFirst(vehicles));
    expect(await walk("adds")).toEqual(newestFirst([...vehicles, ...ids.uslugi]));
    expect(await walk("uslugi")).toEqual(ids.uslugi);
    // Without a tab: the default one.
    const plain = adCardsPageSchema.parse((await get(`/api/users/${seller.userId}/ads`)).json());
    expect(plain.items.map((card) => card.id)).toEqual(newestFirst(vehicles));
  });

  it("[S2.5] lists active ads only", async () => {
    const [first] = ids.car;
    const archived = await callAs(harness, seller)("POST", `/api/ads/${first}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(await walk("adds")).not.toContain(first);
  });

  it("[S2.5] refuses bad input with 400 and a field error, never 500", async () => {
    const page = adCardsPageSchema.parse((await get(`/api/users/${seller.userId}/ads?limit=1`)).json());
    const cases: [string, string][] = [
      [`/api/users/abc/ads`, "id"],
      [`/api/users/0/ads`, "id"],
      [`/api/users/${seller.userId}/ads?tab=cars`, "tab"],
      [`/api/users/${seller.userId}/ads?limit=0`, "limit"],
      [`/api/users/${seller.userId}/ads?limit=1000`, "limit"],
      [`/api/users/${seller.userId}/ads?cursor=garbage`, "cursor"],
      // A cursor of another tab's list is not this list's.
      [`/api/users/${seller.userId}/ads?tab=adds&cursor=${page.nextCursor}`, "cursor"],
    ];
    for (const [url, path] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors, url).toEqual(
        expect.arrayContaining([expect.objectContaining({ path })]),
      );
    }
    const unknown = await get("/api/users/99999999/ads");
    expect(adCardsPageSchema.parse(unknown.json())).toEqual({ items: [], nextCursor: null });
  });
});
