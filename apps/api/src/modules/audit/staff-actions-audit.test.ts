// Every existing staff action writes its audit entry in its own transaction (issue 17 item 2,
// decision 065): who, what, the object, before/after and the IP.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, catalogMarks, reviews } from "../../db/schema/index.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { callAs, createPublished, pickPlaces, setSetting, validBodies } from "../ads/ads-test-kit.ts";
import { signUpUser, type TestClient } from "../auth/auth-test-kit.ts";

let harness: TestApp;
let owner: TestClient;
let moderator: TestClient;
let admin: TestClient;
let bodies: Awaited<ReturnType<typeof validBodies>>;

beforeAll(async () => {
  harness = await createTestApp();
  owner = await signUpUser(harness);
  moderator = (await signUpPersona(harness, "moderator")) as TestClient;
  admin = (await signUpPersona(harness, "admin")) as TestClient;
  bodies = await validBodies(harness);
});
afterAll(async () => {
  await harness.close();
});

/** The latest audit entry about that object. */
async function lastEntry(objectType: string, objectId: string | number) {
  const [row] = await harness.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.objectType, objectType), eq(auditEntries.objectId, String(objectId))))
    .orderBy(desc(auditEntries.id))
    .limit(1);
  return row;
}

const ip = "127.0.0.1";

describe("[S2.8] staff actions are audited", () => {
  it("ad approve, reject and remove", async () => {
    await setSetting(harness, "moderationMode", "pre");
    const pending = await createPublished(harness, owner, bodies.car);
    const rejected = await createPublished(harness, owner, bodies.car);
    await setSetting(harness, "moderationMode", "auto");
    const live = await createPublished(harness, owner, bodies.car);
    const asModerator = callAs(harness, moderator);

    expect((await asModerator("POST", `/api/ads/${pending.id}/approve`)).statusCode).toBe(200);
    expect(await lastEntry("ad", pending.id)).toMatchObject({
      staffId: moderator.userId,
      action: "ad.approve",
      before: { status: "pending" },
      after: { status: "active" },
      ip,
    });
    const reason = { reason: "prohibited", note: "Not a vehicle" };
    expect((await asModerator("POST", `/api/ads/${rejected.id}/reject`, reason)).statusCode).toBe(200);
    expect(await lastEntry("ad", rejected.id)).toMatchObject({
      action: "ad.reject",
      before: { status: "pending" },
      after: { status: "rejected", reason: "prohibited", note: "Not a vehicle" },
    });
    expect((await asModerator("POST", `/api/ads/${live.id}/remove`)).statusCode).toBe(200);
    expect(await lastEntry("ad", live.id)).toMatchObject({
      action: "ad.remove",
      before: { status: "active" },
      after: { status: "removed" },
    });
  });

  it("a refused decision writes no entry", async () => {
    const live = await createPublished(harness, owner, bodies.car);
    expect((await callAs(harness, moderator)("POST", `/api/ads/${live.id}/approve`)).statusCode).toBe(409);
    expect(await lastEntry("ad", live.id)).toBeUndefined();
  });

  it("payment adjustment", async () => {
    const response = await callAs(harness, admin)("POST", "/api/payments/adjustments", {
      userId: owner.userId,
      amount: 5_000,
      reason: "Goodwill credit",
    });
    expect(response.statusCode).toBe(201);
    expect(await lastEntry("user", owner.userId)).toMatchObject({
      staffId: admin.userId,
      action: "payment.adjustment",
      before: { balance: 0 },
      after: { balance: 5_000, amount: 5_000, reason: "Goodwill credit" },
      ip,
    });
  });

  it("review hide and restore", async () => {
    const author = await signUpUser(harness);
    const [review] = await harness.database.db
      .insert(reviews)
      .values({
        authorId: author.userId,
        sellerId: owner.userId,
        vertical: "car",
        stars: 1,
        text: "Rude seller, avoid.",
      })
      .returning({ id: reviews.id });
    const id = review?.id ?? 0;
    const asModerator = callAs(harness, moderator);
    expect((await asModerator("POST", `/api/reviews/${id}/hide`, { reason: "Insults" })).statusCode).toBe(
      200,
    );
    expect(await lastEntry("review", id)).toMatchObject({
      action: "review.hide",
      before: { hidden: false },
      after: { hidden: true, reason: "Insults" },
    });
    expect((await asModerator("POST", `/api/reviews/${id}/restore`, { reason: "Appeal" })).statusCode).toBe(
      200,
    );
    expect(await lastEntry("review", id)).toMatchObject({
      action: "review.restore",
      before: { hidden: true },
      after: { hidden: false, reason: "Appeal" },
    });
  });

  it("business verification", async () => {
    const places = await pickPlaces(harness);
    const created = await callAs(harness, owner)("POST", "/api/businesses", {
      link: `audit-${Date.now()}`,
      name: "Audit Motors",
      kind: "dealer",
      regionId: places.regionId,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const response = await callAs(harness, moderator)("PUT", `/api/businesses/${id}/verification`, {
      isVerified: true,
    });
    expect(response.statusCode).toBe(200);
    expect(await lastEntry("business", id)).toMatchObject({
      staffId: moderator.userId,
      action: "business.verification",
      before: { isVerified: false },
      after: { isVerified: true },
    });
  });

  it("broadcast", async () => {
    const body = {
      title: { ky: "Кабар", ru: "Новость", en: "News" },
      text: { ky: "Сайт бүгүн түнү эс алат", ru: "Сайт отдыхает ночью", en: "The site rests tonight" },
      link: null,
      channels: { inApp: true, email: false, push: false },
      segment: { regionId: null, role: "admin", hasActiveAds: false },
    };
    const response = await callAs(harness, admin)("POST", "/api/dashboard/notifications/broadcasts", body);
    expect(response.statusCode, response.body).toBe(202);
    expect(await lastEntry("notification", response.json().id)).toMatchObject({
      staffId: admin.userId,
      action: "notification.broadcast",
      after: { ...body, recipients: response.json().recipients },
    });
  });

  it("catalogue edits, with the changed fields before and after", async () => {
    const [mark] = await harness.database.db.select().from(catalogMarks).limit(1);
    if (!mark) throw new Error("no seeded mark");
    const response = await callAs(harness, moderator)("PATCH", `/api/catalog/staff/marks/${mark.id}`, {
      popularity: mark.popularity + 1,
    });
    expect(response.statusCode).toBe(200);
    expect(await lastEntry("catalogue", `mark:${mark.id}`)).toMatchObject({
      staffId: moderator.userId,
      action: "catalogue.edit",
      before: { popularity: mark.popularity },
      after: { action: "update", popularity: mark.popularity + 1 },
    });
  });
});
