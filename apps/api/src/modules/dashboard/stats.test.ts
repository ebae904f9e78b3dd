import type { DashboardStats } from "@unaa/contracts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ads, chats, ledgerEntries, users } from "../../db/schema/index.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { callAs, createPublished, validBodies } from "../ads/ads-test-kit.ts";
import { signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import { statsPeriod } from "./stats.service.ts";

let harness: TestApp;
let editor: TestClient;
let user: TestClient;

beforeAll(async () => {
  harness = await createTestApp();
  editor = (await signUpPersona(harness, "editor")) as TestClient;
  user = (await signUpPersona(harness, "user")) as TestClient;
});
afterAll(async () => {
  await harness.close();
});

const as = (client: TestClient | null) => callAs(harness, client);

/** A moment of a Bishkek day (UTC+6): hour 0 is 18:00 UTC the day before. */
const at = (day: string, hour: number) => new Date(Date.parse(`${day}T00:00:00+06:00`) + hour * 3_600_000);

describe("[S2.8] dashboard stats", () => {
  // Days of a year no other test writes, so the counts are only this test's rows.
  const first = "2011-03-10";
  const second = "2011-03-11";

  beforeAll(async () => {
    const { db } = harness.database;
    const bodies = await validBodies(harness);
    const owner = await signUpUser(harness);
    const buyer = await signUpUser(harness);
    const car1 = await createPublished(harness, owner, bodies.car);
    const car2 = await createPublished(harness, owner, bodies.car);
    const moto = await createPublished(harness, owner, bodies.moto);
    // Two cars the first day (one in its first and one in its last minute), a moto the second.
    await db
      .update(ads)
      .set({ createdAt: at(first, 0) })
      .where(eq(ads.id, car1.id));
    await db
      .update(ads)
      .set({ createdAt: at(first, 23.99) })
      .where(eq(ads.id, car2.id));
    await db
      .update(ads)
      .set({ createdAt: at(second, 1) })
      .where(eq(ads.id, moto.id));
    await db
      .update(users)
      .set({ createdAt: at(second, 12) })
      .where(eq(users.id, buyer.userId));
    await db.insert(chats).values({
      subject: "ad",
      adId: car1.id,
      sellerId: owner.userId,
      buyerId: buyer.userId,
      createdAt: at(first, 5),
    });
    await db.insert(ledgerEntries).values([
      {
        userId: owner.userId,
        kind: "top_up",
        amount: 100_000,
        balanceAfter: 100_000,
        createdAt: at(first, 1),
      },
      {
        userId: owner.userId,
        kind: "purchase",
        amount: -15_000,
        balanceAfter: 85_000,
        reference: `ad:${car1.id}:vip`,
        createdAt: at(first, 2),
      },
      {
        userId: owner.userId,
        kind: "purchase",
        amount: -5_000,
        balanceAfter: 80_000,
        reference: `ad:${car1.id}:vip`,
        createdAt: at(first, 3),
      },
      {
        userId: owner.userId,
        kind: "plan_renewal",
        amount: -30_000,
        balanceAfter: 50_000,
        reference: "plan:pro",
        createdAt: at(second, 4),
      },
    ]);
  });

  it("counts ads by vertical, sign-ups, chats and revenue per Bishkek day, zeros filled", async () => {
    const response = await as(editor)("GET", `/api/dashboard/stats?from=2011-03-09&to=2011-03-12`);
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json<DashboardStats>();
    expect(stats.from).toBe("2011-03-09");
    expect(stats.to).toBe("2011-03-12");
    expect(stats.days.map((day) => day.day)).toEqual(["2011-03-09", first, second, "2011-03-12"]);
    const [before, one, two, after] = stats.days;
    expect(one?.ads).toEqual({ car: 2, commercial: 0, moto: 0, uslugi: 0 });
    expect(two?.ads).toEqual({ car: 0, commercial: 0, moto: 1, uslugi: 0 });
    expect([one?.signUps, two?.signUps]).toEqual([0, 1]);
    expect([one?.chats, two?.chats]).toEqual([1, 0]);
    // Top-ups are not revenue; what balances paid is.
    expect(one?.revenue.vip).toBe(20_000);
    expect(one?.revenue.plans).toBe(0);
    expect(two?.revenue.plans).toBe(30_000);
    for (const empty of [before, after]) {
      expect(empty?.ads).toEqual({ car: 0, commercial: 0, moto: 0, uslugi: 0 });
      expect([empty?.signUps, empty?.chats]).toEqual([0, 0]);
      expect(Object.values(empty?.revenue ?? { x: 1 }).every((value) => value === 0)).toBe(true);
    }
  });

  it("counts the active ads now by vertical", async () => {
    const read = async () =>
      (await as(editor)("GET", "/api/dashboard/stats")).json<DashboardStats>().activeAds;
    const before = await read();
    const ad = await createPublished(harness, await signUpUser(harness), (await validBodies(harness)).uslugi);
    const after = await read();
    expect(after.uslugi).toBe(before.uslugi + 1);
    await harness.database.db
      .update(ads)
      .set({ status: "archived" })
      .where(inArray(ads.id, [ad.id]));
    expect((await read()).uslugi).toBe(before.uslugi);
  });

  it("defaults to the 30 days up to today in Bishkek", async () => {
    const now = new Date("2026-11-26T19:00:00Z"); // already the 27th in Bishkek
    expect(statsPeriod({}, now)).toEqual({ from: "2026-10-29", to: "2026-11-27" });
    const response = await as(editor)("GET", "/api/dashboard/stats");
    expect(response.json<DashboardStats>().days).toHaveLength(30);
  });

  it("refuses a range over 366 days, `from` after `to` and a bad day with field errors", async () => {
    for (const [query, path] of [
      ["from=2024-01-01&to=2025-01-01", "from"],
      ["from=2011-03-12&to=2011-03-10", "to"],
      ["from=2011-02-30", "from"],
      ["from=2001-01-01", "from"],
    ] as const) {
      const response = await as(editor)("GET", `/api/dashboard/stats?${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = response.json<{ code: string; errors: { path: string }[] }>();
      expect(body.code).toBe("VALIDATION_FAILED");
      expect(body.errors.map((error) => error.path)).toContain(path);
      expect((await as(editor)("GET", `/api/dashboard/stats.csv?${query}`)).statusCode).toBe(400);
    }
    // 366 days is the most.
    expect((await as(editor)("GET", "/api/dashboard/stats?from=2024-01-01&to=2024-12-31")).statusCode).toBe(
      200,
    );
  });

  it("exports the days as CSV: BOM, header, one row per day", async () => {
    const response = await as(editor)("GET", `/api/dashboard/stats.csv?from=2011-03-09&to=2011-03-12`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="unaa-stats-2011-03-09-2011-03-12.csv"',
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    const header = lines[0]?.split(",") ?? [];
    expect(header.slice(0, 7)).toEqual([
      "date",
      "ads_car",
      "ads_commercial",
      "ads_moto",
      "ads_uslugi",
      "sign_ups",
      "chats",
    ]);
    expect(header).toContain("revenue_auto_raise_kgs");
    expect(lines).toHaveLength(1 + 4);
    const row = Object.fromEntries(header.map((name, index) => [name, lines[2]?.split(",")[index]]));
    expect(row).toMatchObject({ date: first, ads_car: "2", chats: "1", revenue_vip_kgs: "200.00" });
  });

  it("opens to staff with the section and hides from users", async () => {
    expect((await as(editor)("GET", "/api/dashboard/stats")).statusCode).toBe(200);
    const hidden = await as(user)("GET", "/api/dashboard/stats.csv");
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json<{ code: string }>().code).toBe("ROUTE_NOT_FOUND");
    expect((await as(null)("GET", "/api/dashboard/stats")).statusCode).toBe(401);
  });
});
