import {
  type Review,
  reviewEligibilitySchema,
  reviewListResponseSchema,
  reviewSchema,
  sellerReviewsResponseSchema,
} from "@unaa/contracts";
import { and, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, reviews, userPhones, users } from "../../db/schema/index.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  type CatalogPick,
  carBody,
  createPublished,
  pickCatalog,
  pickPlaces,
  setSetting,
} from "../ads/ads-test-kit.ts";
import { bearer, signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import { readSellerRatings } from "./reviews.repository.ts";

let harness: TestApp;
let toyota: CatalogPick;
let regionId: number;

const DAY = 24 * 3_600_000;
const TEXT = "Честный продавец, машина как в объявлении, всё показал.";

function call(client: TestClient | null, method: InjectOptions["method"], url: string, payload?: unknown) {
  return harness.app.inject({
    method,
    url,
    headers: client ? bearer(client) : {},
    ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }),
  });
}

/** A new account older than a day (the usual new-chat limit). */
async function newUser(): Promise<TestClient> {
  const client = await signUpUser(harness);
  await harness.database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 2 * DAY) })
    .where(eq(users.id, client.userId));
  return client;
}

async function publishAd(seller: TestClient, change: Record<string, unknown> = {}): Promise<number> {
  const ad = await createPublished(harness, seller, carBody(toyota, regionId, change));
  expect(ad.status).toBe("active");
  return ad.id;
}

async function send(client: TestClient, chatId: number, text: string) {
  const response = await call(client, "POST", `/api/chats/${chatId}/messages`, { text });
  expect(response.statusCode, response.body).toBe(201);
}

/** The buyer opens a chat about a new ad of the seller; `both` also has the seller answer. */
async function chatAbout(buyer: TestClient, seller: TestClient, both = true) {
  const adId = await publishAd(seller);
  const opened = await call(buyer, "POST", "/api/chats", { adId });
  expect(opened.statusCode, opened.body).toBe(201);
  const chatId = opened.json<{ id: number }>().id;
  await send(buyer, chatId, "Здравствуйте, ещё продаётся?");
  if (both) await send(seller, chatId, "Да, приезжайте смотреть");
  return { adId, chatId };
}

async function eligibility(client: TestClient | null, sellerId: number) {
  const response = await call(client, "GET", `/api/reviews/sellers/${sellerId}/eligibility`);
  expect(response.statusCode, response.body).toBe(200);
  return reviewEligibilitySchema.parse(response.json());
}

async function writeReview(author: TestClient, seller: TestClient, stars = 5, text = TEXT): Promise<Review> {
  const response = await call(author, "POST", "/api/reviews", { sellerId: seller.userId, stars, text });
  expect(response.statusCode, response.body).toBe(201);
  return reviewSchema.parse(response.json());
}

/** A seller with a review by a new buyer who chatted with them: both clients and the review. */
async function reviewedPair(stars = 4) {
  const [seller, buyer] = await Promise.all([newUser(), newUser()]);
  await chatAbout(buyer, seller);
  return { seller, buyer, review: await writeReview(buyer, seller, stars) };
}

async function sellerList(sellerId: number, query = "", viewer: TestClient | null = null) {
  const response = await call(viewer, "GET", `/api/reviews/sellers/${sellerId}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return sellerReviewsResponseSchema.parse(response.json());
}

async function latest(query = "") {
  const response = await call(null, "GET", `/api/reviews${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return reviewListResponseSchema.parse(response.json());
}

async function notificationKinds(client: TestClient): Promise<string[]> {
  const rows = await harness.database.db
    .select({ kind: notifications.kind })
    .from(notifications)
    .where(eq(notifications.userId, client.userId));
  return rows.map((row) => row.kind);
}

beforeAll(async () => {
  harness = await createTestApp();
  await setSetting(harness, "moderationMode", "post");
  await setSetting(harness, "freeAdLimits", { car: 1000, commercial: 1000, moto: 1000, uslugi: 1000 });
  toyota = await pickCatalog(harness, "car", "toyota");
  ({ regionId } = await pickPlaces(harness));
});

afterAll(async () => {
  await harness?.close();
});

describe("[S1.3] [P8.4] who may review a seller", () => {
  it("needs a chat about an ad in which both wrote; refusals are 409 with a code, never 403", async () => {
    const [seller, buyer] = await Promise.all([newUser(), newUser()]);

    // No chat at all.
    expect(await eligibility(buyer, seller.userId)).toEqual({
      canReview: false,
      reason: "REVIEW_NO_CHAT",
      ad: null,
      myReviewId: null,
    });
    const noChat = await call(buyer, "POST", "/api/reviews", {
      sellerId: seller.userId,
      stars: 5,
      text: TEXT,
    });
    expect(noChat.statusCode).toBe(409);
    expect(noChat.json().code).toBe("REVIEW_NO_CHAT");

    // Only the buyer wrote.
    const { chatId, adId } = await chatAbout(buyer, seller, false);
    expect((await eligibility(buyer, seller.userId)).reason).toBe("REVIEW_NO_CHAT");
    const oneSided = await call(buyer, "POST", "/api/reviews", {
      sellerId: seller.userId,
      stars: 5,
      text: TEXT,
    });
    expect(oneSided.statusCode).toBe(409);
    expect(oneSided.json().code).toBe("REVIEW_NO_CHAT");

    // The seller answered: the buyer may review, about that ad.
    await send(seller, chatId, "Да, продаётся");
    expect(await eligibility(buyer, seller.userId)).toMatchObject({
      canReview: true,
      reason: null,
      ad: { id: adId, vertical: "car" },
    });
    // Not the other way round: the seller opened no chat about the buyer's ad.
    expect((await eligibility(seller, buyer.userId)).reason).toBe("REVIEW_NO_CHAT");

    const review = await writeReview(buyer, seller, 5);
    expect(review).toMatchObject({
      stars: 5,
      text: TEXT,
      editedAt: null,
      author: { id: buyer.userId, isDeleted: false },
      seller: { id: seller.userId },
      sellerRating: { average: 5, count: 1 },
      ad: { id: adId, vertical: "car" },
      vertical: "car",
      regionId,
      reply: null,
      isHidden: false,
      canEdit: true,
      canReply: false,
    });
    expect(await notificationKinds(seller)).toContain("reviewNew");

    // One review per seller.
    const again = await call(buyer, "POST", "/api/reviews", {
      sellerId: seller.userId,
      stars: 1,
      text: TEXT,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("REVIEW_EXISTS");
    expect(await eligibility(buyer, seller.userId)).toMatchObject({
      canReview: false,
      reason: "REVIEW_EXISTS",
      myReviewId: review.id,
    });
  });

  it("refuses a self-review, a guest, an unknown seller and a deleted one", async () => {
    const user = await newUser();
    expect((await eligibility(user, user.userId)).reason).toBe("REVIEW_SELF");
    const self = await call(user, "POST", "/api/reviews", { sellerId: user.userId, stars: 5, text: TEXT });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe("REVIEW_SELF");

    expect((await eligibility(null, user.userId)).reason).toBe("UNAUTHORIZED");
    const guest = await call(null, "POST", "/api/reviews", { sellerId: user.userId, stars: 5, text: TEXT });
    expect(guest.statusCode).toBe(401);

    const unknown = await call(user, "POST", "/api/reviews", {
      sellerId: 2_000_000_000,
      stars: 5,
      text: TEXT,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("REVIEW_SELLER_NOT_FOUND");

    const [seller, buyer] = await Promise.all([newUser(), newUser()]);
    await chatAbout(buyer, seller);
    await harness.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, seller.userId));
    expect((await eligibility(buyer, seller.userId)).reason).toBe("REVIEW_SELLER_NOT_FOUND");
  });

  it("refuses an account that confirmed a phone the seller confirmed, even after it moved", async () => {
    const [seller, buyer] = await Promise.all([newUser(), newUser()]);
    await chatAbout(buyer, seller);
    const db = harness.database.db;
    const [sellersPhone] = await db.select().from(userPhones).where(eq(userPhones.userId, seller.userId));
    if (!sellersPhone) throw new Error("the seller has no phone");
    // Phones are unique per account: the seller lets the number go, the buyer confirms it later.
    await db.delete(userPhones).where(eq(userPhones.id, sellersPhone.id));
    await db
      .insert(userPhones)
      .values({ userId: buyer.userId, phone: sellersPhone.phone, confirmedAt: new Date() });

    expect((await eligibility(buyer, seller.userId)).reason).toBe("REVIEW_SHARED_PHONE");
    const refused = await call(buyer, "POST", "/api/reviews", {
      sellerId: seller.userId,
      stars: 5,
      text: TEXT,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("REVIEW_SHARED_PHONE");

    // An unconfirmed phone shares nothing.
    const [otherSeller, otherBuyer] = await Promise.all([newUser(), newUser()]);
    await chatAbout(otherBuyer, otherSeller);
    await db
      .insert(userPhones)
      .values({ userId: otherSeller.userId, phone: "+996700999111", confirmedAt: null });
    await db.delete(userPhones).where(eq(userPhones.phone, "+996700999111"));
    await db
      .insert(userPhones)
      .values({ userId: otherBuyer.userId, phone: "+996700999111", confirmedAt: new Date() });
    expect((await eligibility(otherBuyer, otherSeller.userId)).canReview).toBe(true);
  });
});

describe("[P8.4] editing, replying, reporting", () => {
  it('lets the author change the review for 7 days, marked "edited"; nobody else', async () => {
    const { seller, buyer, review } = await reviewedPair(3);
    const edited = await call(buyer, "PATCH", `/api/reviews/${review.id}`, { stars: 4 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(reviewSchema.parse(edited.json())).toMatchObject({
      stars: 4,
      text: TEXT,
      editedAt: expect.any(String),
    });

    const bySeller = await call(seller, "PATCH", `/api/reviews/${review.id}`, { stars: 5 });
    expect(bySeller.statusCode).toBe(404);
    expect(bySeller.json().code).toBe("REVIEW_NOT_FOUND");

    await harness.database.db
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - 7 * DAY - 60_000) })
      .where(eq(reviews.id, review.id));
    const late = await call(buyer, "PATCH", `/api/reviews/${review.id}`, { text: `${TEXT} Дополню.` });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("REVIEW_EDIT_CLOSED");
    expect((await sellerList(seller.userId, "", buyer)).items[0]).toMatchObject({ stars: 4, canEdit: false });
  });

  it("lets the seller reply once (the author is notified) and change the reply for 7 days", async () => {
    const { seller, buyer, review } = await reviewedPair();
    const byAuthor = await call(buyer, "POST", `/api/reviews/${review.id}/reply`, { text: "Спасибо" });
    expect(byAuthor.statusCode).toBe(404);

    expect((await sellerList(seller.userId, "", seller)).items[0]).toMatchObject({ canReply: true });
    const replied = await call(seller, "POST", `/api/reviews/${review.id}/reply`, {
      text: "Спасибо за отзыв!",
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(reviewSchema.parse(replied.json())).toMatchObject({
      reply: { text: "Спасибо за отзыв!", editedAt: null },
      canReply: false,
      canEditReply: true,
    });
    expect(await notificationKinds(buyer)).toContain("reviewReply");

    const second = await call(seller, "POST", `/api/reviews/${review.id}/reply`, { text: "Ещё раз спасибо" });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("REVIEW_REPLY_EXISTS");

    const changed = await call(seller, "PATCH", `/api/reviews/${review.id}/reply`, {
      text: "Спасибо, заходите!",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(reviewSchema.parse(changed.json()).reply).toMatchObject({
      text: "Спасибо, заходите!",
      editedAt: expect.any(String),
    });

    await harness.database.db
      .update(reviews)
      .set({ repliedAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(reviews.id, review.id));
    const late = await call(seller, "PATCH", `/api/reviews/${review.id}/reply`, { text: "Поздно" });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("REVIEW_EDIT_CLOSED");

    const { seller: otherSeller, review: unanswered } = await reviewedPair();
    const noReply = await call(otherSeller, "PATCH", `/api/reviews/${unanswered.id}/reply`, { text: "Нет" });
    expect(noReply.statusCode).toBe(404);
    expect(noReply.json().code).toBe("REVIEW_REPLY_NOT_FOUND");
  });

  it("takes one report per user per review, from anyone signed in", async () => {
    const { seller, review } = await reviewedPair();
    const stranger = await newUser();
    for (const reporter of [seller, stranger]) {
      const first = await call(reporter, "POST", `/api/reviews/${review.id}/report`, { reason: "fake" });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ reviewId: review.id, reason: "fake", note: "" });
    }
    const again = await call(stranger, "POST", `/api/reviews/${review.id}/report`, { reason: "spam" });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("REVIEW_REPORT_EXISTS");
    expect(
      (await call(null, "POST", `/api/reviews/${review.id}/report`, { reason: "spam" })).statusCode,
    ).toBe(401);
  });
});

describe("[S2.8] reported reviews in the dashboard's complaints", () => {
  it("warn tells the review's author and the reporter; remove hides the review; each is audited", async () => {
    const moderator = await signUpPersona(harness, "moderator");
    const moderatorNotices = async (client: TestClient) => {
      const response = await call(client, "GET", "/api/notifications");
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<{ items: { kind: string; payload: Record<string, unknown> }[] }>()
        .items.filter((item) => item.kind === "moderationNotice")
        .map((item) => item.payload);
    };
    const resolve = (reviewId: number, outcome: string, note = "") =>
      call(moderator, "POST", `/api/dashboard/complaints/review/${reviewId}/resolve`, { outcome, note });

    // The seller reports a review: the group names the review's author as the offender.
    const warned = await reviewedPair(1);
    expect(
      (await call(warned.seller, "POST", `/api/reviews/${warned.review.id}/report`, { reason: "insult" }))
        .statusCode,
    ).toBe(201);
    const groups = await call(moderator, "GET", "/api/dashboard/complaints?kind=review&limit=50");
    expect(groups.statusCode, groups.body).toBe(200);
    const group = groups
      .json<{ items: { objectId: number; count: number; offender: { id: number } | null }[] }>()
      .items.find((item) => item.objectId === warned.review.id);
    expect(group).toMatchObject({ count: 1, offender: { id: warned.buyer.userId } });

    const warning = await resolve(warned.review.id, "warn", "Без оскорблений");
    expect(warning.statusCode, warning.body).toBe(200);
    expect(warning.json()).toEqual({
      kind: "review",
      objectId: warned.review.id,
      outcome: "warn",
      resolved: 1,
    });
    expect(await moderatorNotices(warned.buyer)).toMatchObject([
      { topic: "warned", subject: "review", outcome: "warn", note: "Без оскорблений" },
    ]);
    expect(await moderatorNotices(warned.seller)).toMatchObject([
      { topic: "complaintResolved", subject: "review", outcome: "warn" },
    ]);
    // A warning leaves the review up.
    expect((await sellerList(warned.seller.userId)).items.map((item) => item.id)).toEqual([warned.review.id]);

    // Another review, reported and removed: hidden from the seller's list, the decision audited.
    const removed = await reviewedPair(1);
    const stranger = await newUser();
    expect(
      (await call(stranger, "POST", `/api/reviews/${removed.review.id}/report`, { reason: "fake" }))
        .statusCode,
    ).toBe(201);
    expect((await resolve(removed.review.id, "remove", "Фальшивый отзыв")).statusCode).toBe(200);
    expect((await sellerList(removed.seller.userId)).items).toEqual([]);
    const [row] = await harness.database.db.select().from(reviews).where(eq(reviews.id, removed.review.id));
    expect(row).toMatchObject({ moderationReason: "Фальшивый отзыв", moderatedBy: moderator?.userId });
    expect(await moderatorNotices(stranger)).toMatchObject([
      { topic: "complaintResolved", subject: "review", outcome: "remove" },
    ]);
    // Nothing open is left to resolve.
    expect((await resolve(removed.review.id, "dismiss")).statusCode).toBe(404);
  });
});

describe("[P8.4] moderation", () => {
  it("hides a review from every list and the rating, and restores it; only moderators and admins", async () => {
    const { seller, buyer, review } = await reviewedPair(1);
    const [moderator, admin, editor] = await Promise.all([
      signUpPersona(harness, "moderator"),
      signUpPersona(harness, "admin"),
      signUpPersona(harness, "editor"),
    ]);
    for (const caller of [buyer, seller, editor]) {
      const refused = await call(caller, "POST", `/api/reviews/${review.id}/hide`, { reason: "Оскорбление" });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe("ROUTE_NOT_FOUND");
    }
    expect((await sellerList(seller.userId)).rating).toEqual({ average: 1, count: 1 });
    // The public profile (its trust card) carries the same rating.
    const profileRating = async () => (await call(null, "GET", `/api/user/${seller.userId}`)).json().rating;
    expect(await profileRating()).toEqual({ average: 1, count: 1 });

    const hidden = await call(moderator, "POST", `/api/reviews/${review.id}/hide`, { reason: "Оскорбление" });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(reviewSchema.parse(hidden.json()).isHidden).toBe(true);
    const [row] = await harness.database.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({ moderationReason: "Оскорбление", moderatedBy: moderator?.userId });

    const list = await sellerList(seller.userId);
    expect(list.items).toEqual([]);
    expect(list.rating).toEqual({ average: null, count: 0 });
    expect(await profileRating()).toEqual({ average: null, count: 0 });
    expect((await latest("?limit=50")).items.map((item) => item.id)).not.toContain(review.id);
    // A hidden review takes no edit, reply or report; the author still may not write a second one.
    expect((await call(buyer, "PATCH", `/api/reviews/${review.id}`, { stars: 5 })).statusCode).toBe(404);
    expect((await call(seller, "POST", `/api/reviews/${review.id}/reply`, { text: "Ок" })).statusCode).toBe(
      404,
    );
    expect((await eligibility(buyer, seller.userId)).reason).toBe("REVIEW_EXISTS");

    const restored = await call(admin, "POST", `/api/reviews/${review.id}/restore`, { reason: "Проверено" });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(reviewSchema.parse(restored.json()).isHidden).toBe(false);
    expect((await sellerList(seller.userId)).items.map((item) => item.id)).toEqual([review.id]);
    expect(
      (await call(moderator, "POST", "/api/reviews/2000000000/hide", { reason: "Нет" })).statusCode,
    ).toBe(404);
  });
});

describe("[S1.3] [P8.4] [P8.5] lists and ratings", () => {
  it("pages a seller's reviews by keyset, newest first, with the average and count", async () => {
    const seller = await newUser();
    const written: number[] = [];
    for (const stars of [5, 4, 2]) {
      const buyer = await newUser();
      await chatAbout(buyer, seller);
      written.push((await writeReview(buyer, seller, stars)).id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await sellerList(seller.userId, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.rating).toEqual({ average: 3.67, count: 3 });
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...written].reverse());

    const ratings = await readSellerRatings(harness.database.db, [seller.userId, 2_000_000_000]);
    expect(ratings.get(seller.userId)).toEqual({ average: 3.67, count: 3 });
    expect(ratings.get(2_000_000_000)).toEqual({ average: null, count: 0 });
  });

  it("lists the latest reviews site-wide with rating, vertical and region filters", async () => {
    const { review: two } = await reviewedPair(2);
    const { review: three } = await reviewedPair(3);
    const all = (await latest("?limit=50")).items.map((item) => item.id);
    expect(all.indexOf(three.id)).toBeLessThan(all.indexOf(two.id));

    const byStars = await latest("?rating=2&limit=50");
    expect(byStars.items.every((item) => item.stars === 2)).toBe(true);
    expect(byStars.items.map((item) => item.id)).toContain(two.id);
    expect(byStars.items.map((item) => item.id)).not.toContain(three.id);

    expect(
      (await latest(`?vertical=car&regionId=${regionId}&limit=50`)).items.map((item) => item.id),
    ).toContain(two.id);
    expect((await latest("?vertical=moto&limit=50")).items.map((item) => item.id)).not.toContain(two.id);
    const elsewhere = await latest("?regionId=2000000000");
    expect(elsewhere.items).toEqual([]);
  });
});

describe("[P8.4] bad input on every endpoint is a 400 with field errors, never a 500", () => {
  it("answers each malformed call with VALIDATION_FAILED naming the field", async () => {
    const { seller, buyer, review } = await reviewedPair();
    const moderator = await signUpPersona(harness, "moderator");
    const cases: [TestClient | null, InjectOptions["method"], string, unknown, string][] = [
      [null, "GET", "/api/reviews?rating=6", undefined, "rating"],
      [null, "GET", "/api/reviews?vertical=boat", undefined, "vertical"],
      [null, "GET", "/api/reviews?regionId=abc", undefined, "regionId"],
      [null, "GET", "/api/reviews?cursor=not-a-cursor", undefined, "cursor"],
      [null, "GET", "/api/reviews?limit=500", undefined, "limit"],
      [null, "GET", "/api/reviews/sellers/abc", undefined, "sellerId"],
      [null, "GET", `/api/reviews/sellers/${seller.userId}?cursor=%00`, undefined, "cursor"],
      [null, "GET", "/api/reviews/sellers/0/eligibility", undefined, "sellerId"],
      [buyer, "POST", "/api/reviews", { sellerId: seller.userId, stars: 6, text: TEXT }, "stars"],
      [buyer, "POST", "/api/reviews", { sellerId: seller.userId, stars: 5, text: "Коротко" }, "text"],
      [buyer, "POST", "/api/reviews", { sellerId: seller.userId, stars: 5, text: "x".repeat(2001) }, "text"],
      [buyer, "POST", "/api/reviews", { sellerId: "one", stars: 5, text: TEXT }, "sellerId"],
      [buyer, "POST", "/api/reviews", { sellerId: seller.userId, stars: 5, text: TEXT, extra: 1 }, ""],
      [buyer, "PATCH", `/api/reviews/${review.id}`, {}, "text"],
      [buyer, "PATCH", `/api/reviews/${review.id}`, { stars: 2.5 }, "stars"],
      [buyer, "PATCH", "/api/reviews/99999999999", { stars: 2 }, "id"],
      [seller, "POST", `/api/reviews/${review.id}/reply`, { text: "   " }, "text"],
      [seller, "POST", `/api/reviews/${review.id}/reply`, { text: "a\u0000b" }, "text"],
      [seller, "PATCH", `/api/reviews/${review.id}/reply`, { text: "x".repeat(2001) }, "text"],
      [seller, "POST", `/api/reviews/${review.id}/report`, { reason: "other" }, "note"],
      [seller, "POST", `/api/reviews/${review.id}/report`, { reason: "boring" }, "reason"],
      [moderator, "POST", `/api/reviews/${review.id}/hide`, { reason: "" }, "reason"],
      [moderator, "POST", `/api/reviews/${review.id}/restore`, {}, "reason"],
    ];
    for (const [client, method, url, payload, path] of cases) {
      const response = await call(client, method, url, payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(400);
      const body = response.json<{ code: string; errors?: { path: string }[] }>();
      expect(body.code).toBe("VALIDATION_FAILED");
      if (path) expect(body.errors?.map((error) => error.path)).toContain(path);
    }
    const [stored] = await harness.database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, review.id), eq(reviews.stars, review.stars)));
    expect(stored?.text).toBe(TEXT);
  });
});
