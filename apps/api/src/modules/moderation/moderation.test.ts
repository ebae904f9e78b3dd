import {
  adPhotoSchema,
  complaintResolutionSchema,
  dashboardAdDetailSchema,
  dashboardAdsResponseSchema,
  dashboardComplaintsResponseSchema,
  dashboardPhotosResponseSchema,
  moderationBulkResultSchema,
  type Notification,
} from "@unaa/contracts";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adPhotos, ads, auditEntries, users } from "../../db/schema/index.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { carPhoto, carPhotoSize, multipartBody } from "../../test/upload-kit.ts";
import { callAs, createPublished, setAdColumns, setSetting, validBodies } from "../ads/ads-test-kit.ts";
import { bearer, signUpUser, type TestClient } from "../auth/auth-test-kit.ts";

let harness: TestApp;
let moderator: TestClient;
let carBody: Record<string, unknown>;

beforeAll(async () => {
  harness = await createTestApp();
  await setSetting(harness, "moderationMode", "pre");
  await setSetting(harness, "freeAdLimits", { car: 1000, commercial: 1000, moto: 1000, uslugi: 1000 });
  moderator = (await signUpPersona(harness, "moderator")) as TestClient;
  carBody = (await validBodies(harness)).car;
}, 120_000);
afterAll(async () => {
  await harness?.close();
});

const asModerator = () => callAs(harness, moderator);

async function auditOf(action: string, objectId: string | number) {
  return harness.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.action, action), eq(auditEntries.objectId, String(objectId))));
}

async function notificationsOf(client: TestClient): Promise<Notification[]> {
  const response = await callAs(harness, client)("GET", "/api/notifications");
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Notification[] }>().items;
}

async function upload(client: TestClient, data: Buffer): Promise<number> {
  const body = multipartBody([{ field: "file", filename: "car.jpg", type: "image/jpeg", data }]);
  const response = await harness.app.inject({
    method: "POST",
    url: "/api/photos",
    headers: { ...bearer(client), "content-type": body.contentType },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return adPhotoSchema.parse(response.json()).id;
}

describe("dashboard adds", () => {
  it("[S2.8] the queue lists pending ads longest waiting first; search finds by id, text, seller and status", async () => {
    const seller = await signUpUser(harness);
    const first = await createPublished(harness, seller, {
      ...carBody,
      description: "Queue test first zebra",
    });
    const second = await createPublished(harness, seller, carBody);
    expect(first.status).toBe("pending");
    const queue = dashboardAdsResponseSchema.parse(
      (await asModerator()("GET", "/api/dashboard/ads?limit=50")).json(),
    );
    const ids = queue.items.map((row) => row.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(queue.items.every((row) => row.status === "pending" || row.hasPendingChanges)).toBe(true);

    const search = (query: string) =>
      asModerator()("GET", `/api/dashboard/ads?tab=search&${query}`).then((response) =>
        dashboardAdsResponseSchema.parse(response.json()).items.map((row) => row.id),
      );
    expect(await search(`q=${second.id}`)).toEqual([second.id]);
    expect(await search("q=zebra")).toEqual([first.id]);
    expect(await search(`sellerId=${seller.userId}`)).toEqual([second.id, first.id]);
    expect(await search(`sellerId=${seller.userId}&status=active`)).toEqual([]);

    // Keyset pages: the second page starts after the first.
    const page = dashboardAdsResponseSchema.parse(
      (await asModerator()("GET", `/api/dashboard/ads?tab=search&sellerId=${seller.userId}&limit=1`)).json(),
    );
    expect(page.items.map((row) => row.id)).toEqual([second.id]);
    const next = await search(`sellerId=${seller.userId}&limit=1&cursor=${page.nextCursor}`);
    expect(next).toEqual([first.id]);
  });

  it("[S2.8] refuses bad filters with field errors and hides the section from users and editors", async () => {
    const bad = await asModerator()("GET", "/api/dashboard/ads?status=lost&limit=500&cursor=nope");
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json<{ errors: { path: string }[] }>()
        .errors.map((error) => error.path)
        .sort(),
    ).toEqual(["limit", "status"]);
    expect((await asModerator()("GET", "/api/dashboard/ads?cursor=nope")).statusCode).toBe(400);
    const editor = (await signUpPersona(harness, "editor")) as TestClient;
    expect((await callAs(harness, editor)("GET", "/api/dashboard/ads")).statusCode).toBe(404);
    expect((await callAs(harness, await signUpUser(harness))("GET", "/api/dashboard/ads")).statusCode).toBe(
      404,
    );
    expect((await callAs(harness, null)("GET", "/api/dashboard/ads")).statusCode).toBe(401);
  });

  it("shows an ad's waiting edit as a field diff and its complaints", async () => {
    const seller = await signUpUser(harness);
    const ad = await createPublished(harness, seller, carBody);
    const [row] = await harness.database.db.select().from(ads).where(eq(ads.id, ad.id));
    const fields = { ...(row?.fields ?? {}), mileage: 99_000 };
    await setAdColumns(harness, ad.id, {
      status: "active",
      pendingRevision: { title: "Edited title", fields, photos: row?.photos ?? [] },
    });
    const reporter = await signUpUser(harness);
    await callAs(harness, reporter)("POST", `/api/ads/${ad.id}/complaints`, { reason: "wrong-price" });

    const detail = dashboardAdDetailSchema.parse(
      (await asModerator()("GET", `/api/dashboard/ads/${ad.id}`)).json(),
    );
    expect(detail.hasPendingChanges).toBe(true);
    expect(detail.changes).toEqual([
      { field: "title", before: row?.title, after: "Edited title" },
      {
        field: "fields.mileage",
        before: (row?.fields as { mileage?: number } | undefined)?.mileage ?? null,
        after: 99_000,
      },
    ]);
    expect(detail.complaintList).toMatchObject([
      { reporter: { id: reporter.userId }, reason: "wrong-price" },
    ]);
    expect(detail.complaints).toBe(1);
    expect((await asModerator()("GET", "/api/dashboard/ads/999999")).statusCode).toBe(404);
  });

  it("approves several ads of the queue at once, each on its own, and their owners hear it", async () => {
    const seller = await signUpUser(harness);
    const one = await createPublished(harness, seller, carBody);
    const two = await createPublished(harness, seller, carBody);
    const response = await asModerator()("POST", "/api/dashboard/ads/approve", {
      ids: [one.id, two.id, 999_999],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(moderationBulkResultSchema.parse(response.json()).results).toEqual([
      { id: one.id, code: null },
      { id: two.id, code: null },
      { id: 999_999, code: "AD_NOT_FOUND" },
    ]);
    const statuses = await harness.database.db
      .select({ status: ads.status })
      .from(ads)
      .where(eq(ads.userId, seller.userId));
    expect(statuses.map((row) => row.status)).toEqual(["active", "active"]);
    expect((await notificationsOf(seller)).filter((item) => item.kind === "adApproved")).toHaveLength(2);
    expect(await auditOf("ad.approve", one.id)).toMatchObject([{ staffId: moderator.userId }]);
    expect((await asModerator()("POST", "/api/dashboard/ads/approve", { ids: [] })).statusCode).toBe(400);
  });

  it("a rejection needs a reason code; the owner sees the reason", async () => {
    const seller = await signUpUser(harness);
    const ad = await createPublished(harness, seller, carBody);
    expect((await asModerator()("POST", `/api/ads/${ad.id}/reject`, { note: "no reason" })).statusCode).toBe(
      400,
    );
    const rejected = await asModerator()("POST", `/api/ads/${ad.id}/reject`, {
      reason: "bad-photos",
      note: "Blurry",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [notice] = (await notificationsOf(seller)).filter((item) => item.kind === "adRejected");
    expect(notice?.payload).toMatchObject({ adId: ad.id, reason: "bad-photos", note: "Blurry" });
  });
});

describe("removing an ad", () => {
  it("keeps the reason code and note, tells the owner and audits it; a bad reason is refused", async () => {
    const seller = await signUpUser(harness);
    const ad = await createPublished(harness, seller, carBody);
    await setAdColumns(harness, ad.id, { status: "active" });
    const bad = await asModerator()("POST", `/api/ads/${ad.id}/remove`, { reason: "nope" });
    expect(bad.statusCode).toBe(400);
    const removed = await asModerator()("POST", `/api/ads/${ad.id}/remove`, {
      reason: "fraud",
      note: "Fake VIN",
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      status: "removed",
      rejectReason: "fraud",
      rejectNote: "Fake VIN",
    });
    const notices = (await notificationsOf(seller)).filter((item) => item.kind === "moderationNotice");
    expect(notices.map((item) => item.payload)).toMatchObject([
      { topic: "adRemoved", reason: "fraud", note: "Fake VIN" },
    ]);
    expect(await auditOf("ad.remove", ad.id)).toMatchObject([
      { after: { status: "removed", reason: "fraud" } },
    ]);
  });
});

describe("dashboard photos and duplicate photos", () => {
  const redCar = { x: 200, y: 380, scale: 1, paint: "#b3202a", sky: "#7fb2e5" };

  it("flags a copy of another seller's photo in the ads queue, the ad and first in the photos queue", async () => {
    const seller = await signUpUser(harness);
    const scammer = await signUpUser(harness);
    const original = await upload(seller, await carPhoto(redCar));
    const sellerAd = await createPublished(harness, seller, { ...carBody, photoIds: [original] });
    const { width, height } = carPhotoSize;
    const copy = await upload(
      scammer,
      await sharp(await carPhoto(redCar))
        .extract({ left: 40, top: 30, width: width - 80, height: height - 60 })
        .jpeg({ quality: 60 })
        .toBuffer(),
    );
    const plain = await upload(
      scammer,
      await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366aa" } })
        .jpeg()
        .toBuffer(),
    );
    const scam = await createPublished(harness, scammer, { ...carBody, photoIds: [plain, copy] });

    const queue = dashboardAdsResponseSchema.parse(
      (await asModerator()("GET", "/api/dashboard/ads?limit=50")).json(),
    );
    expect(queue.items.find((row) => row.id === scam.id)?.duplicatePhotos).toBe(1);
    expect(queue.items.find((row) => row.id === sellerAd.id)?.duplicatePhotos).toBe(0);

    const detail = dashboardAdDetailSchema.parse(
      (await asModerator()("GET", `/api/dashboard/ads/${scam.id}`)).json(),
    );
    expect(detail.photos.map((photo) => [photo.id, photo.duplicateOf?.adId ?? null])).toEqual([
      [plain, null],
      [copy, sellerAd.id],
    ]);

    const photos = dashboardPhotosResponseSchema.parse(
      (await asModerator()("GET", "/api/dashboard/photos")).json(),
    );
    expect(photos.items[0]).toMatchObject({
      id: copy,
      duplicateOf: { photoId: original, adId: sellerAd.id },
    });
    expect(photos.items.findIndex((row) => row.id === plain)).toBeGreaterThan(0);
  });

  it("approving marks photos reviewed; rejecting takes the photo off the ad and tells the owner; both audited", async () => {
    const seller = await signUpUser(harness);
    const keep = await upload(seller, await carPhoto({ ...redCar, x: 100, paint: "#444444" }));
    const drop = await upload(seller, await carPhoto({ ...redCar, x: 380, y: 300, paint: "#dddd22" }));
    const ad = await createPublished(harness, seller, { ...carBody, photoIds: [keep, drop] });

    const approved = await asModerator()("POST", "/api/dashboard/photos/approve", { ids: [keep, 999_999] });
    expect(moderationBulkResultSchema.parse(approved.json()).results).toEqual([
      { id: keep, code: null },
      { id: 999_999, code: "AD_PHOTO_NOT_FOUND" },
    ]);
    expect(await auditOf("photo.approve", keep)).toHaveLength(1);
    const queue = dashboardPhotosResponseSchema.parse(
      (await asModerator()("GET", "/api/dashboard/photos?limit=50")).json(),
    );
    expect(queue.items.map((row) => row.id)).not.toContain(keep);

    const needsNote = await asModerator()("POST", `/api/dashboard/photos/${drop}/reject`, {
      reason: "other",
    });
    expect(needsNote.statusCode).toBe(400);
    const rejected = await asModerator()("POST", `/api/dashboard/photos/${drop}/reject`, {
      reason: "contacts",
      note: "Phone number on the photo",
    });
    expect(rejected.statusCode, rejected.body).toBe(204);
    const [row] = await harness.database.db.select({ photos: ads.photos }).from(ads).where(eq(ads.id, ad.id));
    expect(row?.photos.map((photo) => photo.id)).toEqual([keep]);
    expect(await harness.database.db.select().from(adPhotos).where(eq(adPhotos.id, drop))).toEqual([]);
    expect(await auditOf("photo.reject", drop)).toMatchObject([{ after: { reason: "contacts" } }]);
    const notices = (await notificationsOf(seller)).filter((item) => item.kind === "moderationNotice");
    expect(notices.map((item) => item.payload)).toMatchObject([
      { topic: "photoRejected", note: "Phone number on the photo" },
    ]);
    expect(
      (await asModerator()("POST", `/api/dashboard/photos/${drop}/reject`, { reason: "quality" })).statusCode,
    ).toBe(404);
  });
});

describe("dashboard complaints", () => {
  it("[S2.8] groups complaints by object; removing the ad closes them and tells the reporters and the owner", async () => {
    const seller = await signUpUser(harness);
    const ad = await createPublished(harness, seller, carBody);
    await setAdColumns(harness, ad.id, { status: "active" });
    const reporters = [await signUpUser(harness), await signUpUser(harness)];
    for (const [index, reporter] of reporters.entries()) {
      const response = await callAs(harness, reporter)("POST", `/api/ads/${ad.id}/complaints`, {
        reason: index === 0 ? "fraud" : "other",
        text: index === 0 ? "" : "Asks for prepayment",
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const list = dashboardComplaintsResponseSchema.parse(
      (await asModerator()("GET", "/api/dashboard/complaints?kind=ad&limit=50")).json(),
    );
    const group = list.items.find((item) => item.objectId === ad.id);
    expect(group).toMatchObject({
      kind: "ad",
      count: 2,
      latestReason: "other",
      latestText: "Asks for prepayment",
      offender: { id: seller.userId },
      title: ad.title,
    });
    expect(group?.reporters.map((reporter) => reporter.id).sort()).toEqual(
      reporters.map((r) => r.userId).sort(),
    );

    const resolved = await asModerator()("POST", `/api/dashboard/complaints/ad/${ad.id}/resolve`, {
      outcome: "remove",
      note: "Prepayment scam",
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(complaintResolutionSchema.parse(resolved.json())).toEqual({
      kind: "ad",
      objectId: ad.id,
      outcome: "remove",
      resolved: 2,
    });
    const [row] = await harness.database.db.select({ status: ads.status }).from(ads).where(eq(ads.id, ad.id));
    expect(row?.status).toBe("removed");
    for (const reporter of reporters) {
      const notices = (await notificationsOf(reporter)).filter((item) => item.kind === "moderationNotice");
      expect(notices.map((item) => item.payload)).toMatchObject([
        { topic: "complaintResolved", outcome: "remove" },
      ]);
    }
    const ownerNotices = (await notificationsOf(seller)).filter((item) => item.kind === "moderationNotice");
    expect(ownerNotices.map((item) => item.payload)).toMatchObject([
      { topic: "adRemoved", note: "Prepayment scam" },
    ]);
    expect(await auditOf("complaint.resolve", `ad:${ad.id}`)).toMatchObject([
      { staffId: moderator.userId, after: { outcome: "remove", note: "Prepayment scam" } },
    ]);
    const again = await asModerator()("POST", `/api/dashboard/complaints/ad/${ad.id}/resolve`, {
      outcome: "dismiss",
    });
    expect(again.statusCode).toBe(404);
    const closed = dashboardComplaintsResponseSchema.parse(
      (await asModerator()("GET", "/api/dashboard/complaints?kind=ad&status=resolved&limit=50")).json(),
    );
    expect(closed.items.map((item) => item.objectId)).toContain(ad.id);
  });

  it("a chat report: nothing to remove (409); blocking the other member ends their sessions", async () => {
    const seller = await signUpUser(harness);
    const ad = await createPublished(harness, seller, carBody);
    await setAdColumns(harness, ad.id, { status: "active" });
    const buyer = await signUpUser(harness);
    await harness.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(users.id, buyer.userId));
    const chat = await callAs(harness, buyer)("POST", "/api/chats", { adId: ad.id });
    expect(chat.statusCode, chat.body).toBe(201);
    const chatId = chat.json<{ id: number }>().id;
    const report = await callAs(harness, seller)("POST", `/api/chats/${chatId}/report`, { reason: "insult" });
    expect(report.statusCode, report.body).toBe(201);

    const remove = await asModerator()("POST", `/api/dashboard/complaints/chat/${chatId}/resolve`, {
      outcome: "remove",
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json<{ code: string }>().code).toBe("COMPLAINT_OUTCOME_INVALID");
    const badOutcome = await asModerator()("POST", `/api/dashboard/complaints/chat/${chatId}/resolve`, {
      outcome: "ban",
    });
    expect(badOutcome.statusCode).toBe(400);

    const blocked = await asModerator()("POST", `/api/dashboard/complaints/chat/${chatId}/resolve`, {
      outcome: "block",
      note: "Insults",
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const [buyerRow] = await harness.database.db.select().from(users).where(eq(users.id, buyer.userId));
    expect(buyerRow?.blockedAt).not.toBeNull();
    expect((await callAs(harness, buyer)("GET", "/api/user/me")).statusCode).toBe(403);
    expect(await auditOf("user.block", buyer.userId)).toHaveLength(1);
    const notices = (await notificationsOf(seller)).filter((item) => item.kind === "moderationNotice");
    expect(notices.map((item) => item.payload)).toMatchObject([
      { topic: "complaintResolved", subject: "chat", outcome: "block" },
    ]);
  });
});
