import {
  type AdServices,
  adSearchResponseSchema,
  adServicesSchema,
  ledgerPageSchema,
  myAdsResponseSchema,
  servicePriceListSchema,
  servicePurchaseSchema,
  type Vertical,
} from "@unaa/contracts";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/client.ts";
import { adPurchases, ads, adViews, auditEntries, ledgerEntries } from "../../db/schema/index.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { callAs, createPublished, setAdColumns, setSetting, validBodies } from "../ads/ads-test-kit.ts";
import { signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import { credit, readBalance } from "../money/ledger.ts";
import { paidServicesJob, promotedTiersJob } from "./services.service.ts";

const DAY = 86_400_000;
let harness: TestApp;
let db: Database;
let bodies: Record<Vertical, Record<string, unknown>>;
let admin: TestClient;

beforeAll(async () => {
  harness = await createTestApp();
  db = harness.database.db;
  await setSetting(harness, "moderationMode", "post");
  await setSetting(harness, "freeAdLimits", { car: 1000, commercial: 1000, moto: 1000, uslugi: 1000 });
  bodies = await validBodies(harness);
  admin = (await signUpPersona(harness, "admin")) as TestClient;
});
afterAll(async () => {
  await harness?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A seller with `som` on the balance and an active ad of `vertical`. */
async function sellerWithAd(som: number, vertical: Vertical = "car") {
  const seller = await signUpUser(harness);
  if (som > 0) {
    await db.transaction((tx) =>
      credit(tx, seller.userId, som * 100, { kind: "adjustment", reason: "test", staffId: admin.userId }),
    );
  }
  const ad = await createPublished(harness, seller, bodies[vertical]);
  expect(ad.status).toBe("active");
  return { seller, adId: ad.id, call: callAs(harness, seller) };
}

async function pageOf(client: TestClient | null, vertical: Vertical, adId: number) {
  return callAs(harness, client)("GET", `/api/services/${vertical}/${adId}`);
}

async function adRow(adId: number) {
  const [row] = await db.select().from(ads).where(eq(ads.id, adId));
  if (!row) throw new Error("no ad");
  return row;
}

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (performance.now() - started > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs one job of the queue `name` now, as its schedule would, and waits for it to complete. */
async function runJob(name: string) {
  const jobId = await harness.app.jobs.send(name, {});
  if (!jobId) throw new Error("job not sent");
  await until(async () => {
    const job = await harness.app.jobs.boss.getJobById(name, jobId);
    return job?.state === "completed" ? job : undefined;
  });
}

describe("[P6.3] /services/{type}/{id} is the owner's", () => {
  it("[P6.3] answers the owner the prices of the ad's vertical, the balance and what is in force", async () => {
    const { seller, adId } = await sellerWithAd(300);
    const response = await pageOf(seller, "car", adId);
    expect(response.statusCode, response.body).toBe(200);
    const page = adServicesSchema.parse(response.json());
    expect(page.ad).toMatchObject({ id: adId, vertical: "car", status: "active" });
    expect(page.balance).toBe(30_000);
    expect(page.active).toEqual([]);
    expect(page.prices).toContainEqual({ service: "vip", days: 3, price: 50_000 });
    expect(page.prices).toContainEqual({ service: "raise", days: null, price: 5_000 });
    expect(page.prices.map((price) => price.service)).toContain("autoRaise");
  });

  it("[P6.3] tells another user, staff and a guest that the ad does not exist (404)", async () => {
    const { adId } = await sellerWithAd(0);
    const other = await signUpUser(harness);
    for (const client of [other, admin, null]) {
      const response = await pageOf(client, "car", adId);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("AD_NOT_FOUND");
    }
  });

  it("[S2.3] answers 404 for an ad of another vertical, a missing ad, and 400 for a type that is no vertical", async () => {
    const { seller, adId } = await sellerWithAd(0, "commercial");
    expect((await pageOf(seller, "car", adId)).statusCode).toBe(404);
    expect((await pageOf(seller, "commercial", adId)).statusCode).toBe(200);
    expect((await pageOf(seller, "car", 2_000_000_000)).statusCode).toBe(404);
    const badType = await callAs(harness, seller)("GET", `/api/services/boat/${adId}`);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors[0].path).toBe("type");
  });
});

describe("[P6.2] buying a service", () => {
  it("[P6.2] VIP for 3 days: one ledger entry, the ad promoted at once in its list, the balance lower", async () => {
    const { seller, adId, call } = await sellerWithAd(1_000);
    const response = await call("POST", `/api/services/car/${adId}`, { service: "vip", days: 3 });
    expect(response.statusCode, response.body).toBe(201);
    const purchase = servicePurchaseSchema.parse(response.json());
    expect(purchase).toMatchObject({ service: "vip", days: 3, price: 50_000, balance: 50_000 });
    expect(Date.parse(purchase.endsAt) - Date.parse(purchase.startsAt)).toBe(3 * DAY);
    expect(await readBalance(db, seller.userId)).toBe(50_000);
    expect((await adRow(adId)).vipUntil?.toISOString()).toBe(purchase.endsAt);

    const ledger = ledgerPageSchema.parse((await call("GET", "/api/balance/ledger")).json());
    expect(ledger.items[0]).toMatchObject({ kind: "purchase", amount: -50_000, reference: `ad:${adId}:vip` });

    const list = adSearchResponseSchema.parse(
      (await callAs(harness, null)("GET", `/api/ads?vertical=car&sort=fresh`)).json(),
    );
    expect(list.promoted.find((card) => card.id === adId)?.promotion).toBe("vip");

    const page = adServicesSchema.parse((await pageOf(seller, "car", adId)).json());
    expect(page.active).toEqual([
      { service: "vip", endsAt: purchase.endsAt, nextRaiseAt: null, raisesLeft: null },
    ]);
  });

  it("[P6.2] a second TOP runs on from the end of the first; a raise moves the ad to the top of the fresh sort", async () => {
    const { adId, call } = await sellerWithAd(1_000);
    const first = servicePurchaseSchema.parse(
      (await call("POST", `/api/services/car/${adId}`, { service: "top", days: 1 })).json(),
    );
    const second = servicePurchaseSchema.parse(
      (await call("POST", `/api/services/car/${adId}`, { service: "top", days: 7 })).json(),
    );
    expect(second.startsAt).toBe(first.endsAt);
    expect((await adRow(adId)).topUntil?.toISOString()).toBe(second.endsAt);

    const before = (await adRow(adId)).raisedAt;
    const raise = await call("POST", `/api/services/car/${adId}`, { service: "raise" });
    expect(raise.statusCode, raise.body).toBe(201);
    const raisedAt = (await adRow(adId)).raisedAt;
    expect(raisedAt && before && raisedAt > before).toBe(true);
    const fresh = adSearchResponseSchema.parse(
      (await callAs(harness, null)("GET", "/api/ads?vertical=car&sort=fresh&limit=1")).json(),
    );
    expect(fresh.items[0]?.id).toBe(adId);
  });

  it("[P6.1] refuses what the balance cannot cover with 409 BALANCE_INSUFFICIENT and changes nothing", async () => {
    const { seller, adId, call } = await sellerWithAd(100);
    const response = await call("POST", `/api/services/car/${adId}`, { service: "premium", days: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("BALANCE_INSUFFICIENT");
    expect(await readBalance(db, seller.userId)).toBe(10_000);
    expect((await adRow(adId)).premiumUntil).toBeNull();
    expect(await db.select().from(adPurchases).where(eq(adPurchases.adId, adId))).toEqual([]);
  });

  it("refuses bad input with field errors (never a 500), others' ads with 404 and inactive ads with 409", async () => {
    const { seller, adId, call } = await sellerWithAd(1_000);
    const bad: [unknown, string][] = [
      [{ service: "gold" }, "service"],
      [{ service: "vip", days: 2 }, "days"],
      [{ service: "vip" }, "days"],
      [{ service: "raise", days: 1 }, "days"],
      [{ service: "autoRaise", days: 3 }, "time"],
      [{ service: "autoRaise", days: 31, time: "09:00" }, "days"],
      [{ service: "autoRaise", days: 3, time: "25:00" }, "time"],
      [{ service: "top", days: 1, time: "09:00" }, "time"],
      [{ service: "top", days: 1, extra: true }, "extra"],
      [{ service: "top", days: "1" }, "days"],
    ];
    for (const [body, path] of bad) {
      const response = await call("POST", `/api/services/car/${adId}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    expect((await call("POST", `/api/services/car/0`, { service: "raise" })).statusCode).toBe(400);
    expect((await call("POST", `/api/services/moto/${adId}`, { service: "raise" })).statusCode).toBe(404);
    const other = await signUpUser(harness);
    expect(
      (await callAs(harness, other)("POST", `/api/services/car/${adId}`, { service: "raise" })).statusCode,
    ).toBe(404);
    expect(
      (await callAs(harness, null)("POST", `/api/services/car/${adId}`, { service: "raise" })).statusCode,
    ).toBe(401);
    expect((await call("POST", `/api/ads/${adId}/archive`)).statusCode).toBe(200);
    const archived = await call("POST", `/api/services/car/${adId}`, { service: "raise" });
    expect(archived.statusCode).toBe(409);
    expect(archived.json().code).toBe("AD_STATE_CONFLICT");
    expect(await readBalance(db, seller.userId)).toBe(100_000);
  });

  it("[P6.1] never takes the balance below zero under 50 parallel purchases", async () => {
    const { seller, adId, call } = await sellerWithAd(1_000);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call("POST", `/api/services/car/${adId}`, { service: "raise" })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // 1 000 som buys 20 raises of 50 som.
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(30);
    expect(await readBalance(db, seller.userId)).toBe(0);
    const purchases = await db.select().from(adPurchases).where(eq(adPurchases.adId, adId));
    expect(purchases).toHaveLength(20);
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, seller.userId));
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
  });
});

describe("[P6.5] an ad staff remove", () => {
  it("[P6.5] gives back the unused part of its paid services pro rata, as one refund entry each", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const { seller, adId, call } = await sellerWithAd(2_000);
    expect((await call("POST", `/api/services/car/${adId}`, { service: "vip", days: 7 })).statusCode).toBe(
      201,
    );
    expect(
      (await call("POST", `/api/services/car/${adId}`, { service: "autoRaise", days: 4, time: "09:00" }))
        .statusCode,
    ).toBe(201);
    expect((await call("POST", `/api/services/car/${adId}`, { service: "raise" })).statusCode).toBe(201);
    // 2 000 − 1 000 (VIP 7 days) − 160 (auto-raise 4 days) − 50 (raise).
    expect(await readBalance(db, seller.userId)).toBe(79_000);
    // Two days pass (moved in the purchases rather than the clock, so the tokens stay valid); one
    // raise of four was made.
    await db
      .update(adPurchases)
      .set({ startsAt: new Date(start - 2 * DAY), endsAt: new Date(start + 5 * DAY) })
      .where(and(eq(adPurchases.adId, adId), eq(adPurchases.service, "vip")));
    await db
      .update(adPurchases)
      .set({ raisesLeft: 3 })
      .where(and(eq(adPurchases.adId, adId), eq(adPurchases.service, "autoRaise")));

    const moderator = (await signUpPersona(harness, "moderator")) as TestClient;
    const removed = await callAs(harness, moderator)("POST", `/api/ads/${adId}/remove`);
    expect(removed.statusCode, removed.body).toBe(200);
    // VIP: 5 of 7 days unused → 714.28 som, rounded down; auto-raise: 3 of 4 raises → 120 som; raise: used.
    const vipRefund = Math.floor((100_000 * 5) / 7);
    expect(await readBalance(db, seller.userId)).toBe(79_000 + vipRefund + 12_000);
    const refunds = await db
      .select({ amount: ledgerEntries.amount, reference: ledgerEntries.reference })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, seller.userId), eq(ledgerEntries.kind, "service_refund")));
    expect(refunds).toEqual(
      expect.arrayContaining([
        { amount: vipRefund, reference: `ad:${adId}:vip` },
        { amount: 12_000, reference: `ad:${adId}:autoRaise` },
      ]),
    );
    expect(refunds).toHaveLength(2);
    const ad = await adRow(adId);
    expect(ad.vipUntil).toBeNull();
    const [autoRaise] = await db
      .select()
      .from(adPurchases)
      .where(and(eq(adPurchases.adId, adId), eq(adPurchases.service, "autoRaise")));
    expect(autoRaise?.raisesLeft).toBeNull();
  });
});

describe("[P6.2] auto-raise and expiry on the job queue", () => {
  it("[P6.2] raises the ad once a day at the chosen Bishkek time for N days, then stops", async () => {
    const { seller, adId, call } = await sellerWithAd(500);
    const bought = await call("POST", `/api/services/car/${adId}`, {
      service: "autoRaise",
      days: 2,
      time: "09:30",
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const [purchase] = await db.select().from(adPurchases).where(eq(adPurchases.adId, adId));
    const first = purchase?.nextRaiseAt;
    if (!first) throw new Error("no next raise");
    // 09:30 in Bishkek is 03:30 UTC.
    expect(first.toISOString()).toMatch(/T03:30:00\.000Z$/);
    expect(first.getTime() - Date.now()).toBeLessThanOrEqual(DAY);

    const page = adServicesSchema.parse((await pageOf(seller, "car", adId)).json());
    expect(page.active).toEqual([
      expect.objectContaining({ service: "autoRaise", nextRaiseAt: first.toISOString(), raisesLeft: 2 }),
    ]);

    // The clock moves (Date only: timers stay real, so the queue still polls).
    vi.useFakeTimers({ toFake: ["Date"] });
    const runAt = async (time: number) => {
      vi.setSystemTime(time);
      await runJob(paidServicesJob);
    };
    await runAt(first.getTime() - 60_000);
    expect((await adRow(adId)).raisedAt?.getTime()).toBeLessThan(first.getTime() - 60_000);

    await runAt(first.getTime() + 60_000);
    expect((await adRow(adId)).raisedAt?.getTime()).toBe(first.getTime() + 60_000);

    await runAt(first.getTime() + DAY + 120_000);
    expect((await adRow(adId)).raisedAt?.getTime()).toBe(first.getTime() + DAY + 120_000);

    // Both raises made: the purchase has ended and a third day raises nothing.
    await runAt(first.getTime() + 2 * DAY + 120_000);
    expect((await adRow(adId)).raisedAt?.getTime()).toBe(first.getTime() + DAY + 120_000);
    const [ended] = await db.select().from(adPurchases).where(eq(adPurchases.adId, adId));
    expect(ended).toMatchObject({ raisesLeft: 0, nextRaiseAt: null });
  });

  it("[P6.2] a timed service ends at its time: out of the promoted block and no longer in force", async () => {
    const { seller, adId, call } = await sellerWithAd(500);
    expect((await call("POST", `/api/services/car/${adId}`, { service: "top", days: 1 })).statusCode).toBe(
      201,
    );
    // Its day passes.
    const ended = new Date(Date.now() - 1_000);
    await setAdColumns(harness, adId, { topUntil: ended });
    await db
      .update(adPurchases)
      .set({ startsAt: new Date(ended.getTime() - DAY), endsAt: ended })
      .where(eq(adPurchases.adId, adId));
    const page = adServicesSchema.parse((await pageOf(seller, "car", adId)).json());
    expect(page.active).toEqual([]);
    const list = adSearchResponseSchema.parse(
      (await callAs(harness, null)("GET", "/api/ads?vertical=car&sort=fresh")).json(),
    );
    expect(list.promoted.map((card) => card.id)).not.toContain(adId);
  });

  it("[P6.2] an ad whose premium runs out while its VIP is in force takes its VIP place within a minute", async () => {
    // Two ads of one price, both VIP for a day; the one raised longer ago has premium for a second.
    const price = 987_654;
    const [older, newer] = [(await sellerWithAd(0)).adId, (await sellerWithAd(0)).adId];
    const vipUntil = new Date(Date.now() + DAY);
    await setAdColumns(harness, older, {
      price,
      priceKgs: price,
      premiumUntil: new Date(Date.now() + 1_000),
      vipUntil,
      raisedAt: new Date(Date.now() - 60_000),
    });
    await setAdColumns(harness, newer, { price, priceKgs: price, vipUntil, raisedAt: new Date() });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const block = async () => {
      const response = await callAs(harness, null)(
        "GET",
        `/api/ads?vertical=car&priceFrom=${price}&priceTo=${price}&currency=KGS`,
      );
      return adSearchResponseSchema.parse(response.json()).promoted.map((card) => [card.id, card.promotion]);
    };
    // Its premium has run out: it is shown as VIP, in premium's place until the job runs.
    expect(await block()).toEqual([
      [older, "vip"],
      [newer, "vip"],
    ]);
    await runJob(promotedTiersJob);
    expect(await block()).toEqual([
      [newer, "vip"],
      [older, "vip"],
    ]);
  });
});

describe("reach forecast and lift", () => {
  /** `views` distinct visitors on each Bishkek day `day` (YYYY-MM-DD) of the ad. */
  async function addViews(adId: number, day: string, views: number) {
    if (views === 0) return;
    await db
      .insert(adViews)
      .values(Array.from({ length: views }, (_, index) => ({ adId, visitor: `g:test-${index}`, day })));
  }
  const bishkekDay = (time: number) => new Date(time + 6 * 3_600_000).toISOString().slice(0, 10);

  /** An ad of `vertical` with an ended VIP from 3 days ago to 1 day ago: 1 view a day before, `during` a day while. */
  async function promotedAd(vertical: Vertical, during: number, after = 0) {
    const { seller, adId } = await sellerWithAd(0, vertical);
    const now = Date.now();
    const startsAt = new Date(now - 3 * DAY);
    const endsAt = new Date(now - DAY);
    await db.insert(adPurchases).values({
      adId,
      userId: seller.userId,
      vertical,
      service: "vip",
      days: 1,
      price: 20_000,
      startsAt,
      endsAt,
    });
    for (let day = 1; day <= 7; day++) await addViews(adId, bishkekDay(startsAt.getTime() - day * DAY), 1);
    await addViews(adId, bishkekDay(startsAt.getTime()), during);
    await addViews(adId, bishkekDay(startsAt.getTime() + DAY), during);
    await addViews(adId, bishkekDay(endsAt.getTime()), after);
    return { seller, adId };
  }

  it("[P6.2] forecasts extra views a day as the p25–p75 range of comparable purchases, or not enough data", async () => {
    const ads = [];
    for (const during of [10, 12, 14, 16]) ads.push(await promotedAd("moto", during));
    // Four purchases are not enough.
    const { seller, adId } = ads[0] as { seller: TestClient; adId: number };
    const few = adServicesSchema.parse((await pageOf(seller, "moto", adId)).json());
    expect(few.forecasts.find((forecast) => forecast.service === "vip")).toEqual({
      service: "vip",
      samples: 4,
      low: null,
      high: null,
    });

    const fifth = await promotedAd("uslugi", 18);
    for (const during of [10, 12, 14, 16]) await promotedAd("uslugi", during);
    const page: AdServices = adServicesSchema.parse(
      (await pageOf(fifth.seller, "uslugi", fifth.adId)).json(),
    );
    // Extra views a day: 9, 11, 13, 15, 17 (during minus 1 a day before).
    expect(page.forecasts.find((forecast) => forecast.service === "vip")).toEqual({
      service: "vip",
      samples: 5,
      low: 11,
      high: 15,
    });
    expect(page.forecasts.find((forecast) => forecast.service === "top")?.low).toBeNull();
  });

  it("[P6.2] reports views a day before, during and after an ended purchase (lift)", async () => {
    const { seller, adId } = await promotedAd("commercial", 6, 3);
    const page = adServicesSchema.parse((await pageOf(seller, "commercial", adId)).json());
    expect(page.lift).toEqual([expect.objectContaining({ service: "vip", before: 1, during: 6, after: 3 })]);
    // My ads shows the newest ended one on the ad's row.
    const mine = myAdsResponseSchema.parse(
      (await callAs(harness, seller)("GET", "/api/users/me/ads")).json(),
    );
    expect(mine.items.find((item) => item.id === adId)?.lift).toEqual(page.lift[0]);
  });
});

describe("prices (admins)", () => {
  it("lists the prices per vertical and sets them; the next purchase pays the new price", async () => {
    const api = callAs(harness, admin);
    const listed = servicePriceListSchema.parse((await api("GET", "/api/services/prices")).json());
    expect(listed.items.map((item) => item.vertical)).toEqual(["car", "commercial", "moto", "uslugi"]);
    expect(listed.items[3]?.prices).toContainEqual({ service: "raise", days: null, price: 3_000 });

    const set = await api("PUT", "/api/services/prices", {
      items: [{ vertical: "moto", service: "raise", days: null, price: 4_200 }],
    });
    expect(set.statusCode, set.body).toBe(200);
    // The change is in the staff history, with the price before and after.
    const [entry] = await harness.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, "price.change"), eq(auditEntries.objectId, "moto:raise:-")))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(entry).toMatchObject({ staffId: admin.userId, after: { price: 4_200 } });
    expect(entry?.before).toEqual({ price: expect.any(Number) });
    const { adId, call } = await sellerWithAd(100, "moto");
    const bought = servicePurchaseSchema.parse(
      (await call("POST", `/api/services/moto/${adId}`, { service: "raise" })).json(),
    );
    expect(bought.price).toBe(4_200);

    for (const items of [
      [{ vertical: "moto", service: "vip", days: 2, price: 100 }],
      [{ vertical: "moto", service: "raise", days: null, price: 0 }],
      [{ vertical: "boat", service: "raise", days: null, price: 100 }],
      [],
    ]) {
      const response = await api("PUT", "/api/services/prices", { items });
      expect(response.statusCode, JSON.stringify(items)).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
    }
    const user = await signUpUser(harness);
    expect((await callAs(harness, user)("GET", "/api/services/prices")).statusCode).toBe(404);
  });
});
