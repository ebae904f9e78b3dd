import {
  isReviewEditable,
  type LatestReviewsQuery,
  type Review,
  type ReviewEditInput,
  type ReviewEligibility,
  type ReviewInput,
  type ReviewListResponse,
  type ReviewModerationInput,
  type ReviewPerson,
  type ReviewRefusal,
  type ReviewReplyInput,
  type ReviewReport,
  type ReviewReportInput,
  type ReviewReportReason,
  type SellerReviewsQuery,
  type SellerReviewsResponse,
  type Vertical,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { type RateCounter, refuseWhenFull } from "../../lib/rate-counter.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { decodeTimeCursor, encodeTimeCursor } from "../../lib/time-cursor.ts";
import { recordStaffAction } from "../audit/audit.ts";
import { findExchangedAdChat, findUsers, type PeerRow } from "../chats/chats.repository.ts";
import {
  findAdOfChat,
  findPublicAds,
  findReview,
  findReviewOf,
  findReviewsPage,
  insertReply,
  insertReview,
  insertReviewReport,
  type ReviewFilters,
  type ReviewRow,
  readSellerRatings,
  shareConfirmedPhone,
  updateReview,
} from "./reviews.repository.ts";

/** Reports a user may send per hour (reports are free to send and cost a moderator's time). */
export const reviewReportsPerHour = 20;

/** Who is looking: null for a guest. */
export type ReviewViewer = { id: number } | null;

export interface ReviewsService {
  listLatest(viewer: ReviewViewer, query: LatestReviewsQuery): Promise<ReviewListResponse>;
  listOfSeller(
    viewer: ReviewViewer,
    sellerId: number,
    query: SellerReviewsQuery,
  ): Promise<SellerReviewsResponse>;
  eligibility(viewer: ReviewViewer, sellerId: number): Promise<ReviewEligibility>;
  create(userId: number, input: ReviewInput): Promise<Review>;
  edit(userId: number, reviewId: number, input: ReviewEditInput): Promise<Review>;
  reply(userId: number, reviewId: number, input: ReviewReplyInput): Promise<Review>;
  editReply(userId: number, reviewId: number, input: ReviewReplyInput): Promise<Review>;
  report(userId: number, reviewId: number, input: ReviewReportInput): Promise<ReviewReport>;
  /** Staff: hide (`hidden` true) or restore a review, with the reason. */
  /** Audited (decision 065) with the staff member's IP. */
  moderate(
    staffId: number,
    reviewId: number,
    hidden: boolean,
    input: ReviewModerationInput,
    ip?: string,
  ): Promise<Review>;
}

export interface ReviewsServiceDeps {
  db: Database;
  storage: FileStorage;
  reports: RateCounter;
  /** After a review is stored (the seller's notification). */
  onReviewWritten?(review: Review): Promise<void>;
  /** After the seller's reply is stored (the author's notification). */
  onReplyWritten?(review: Review): Promise<void>;
}

export function createReviewsService(deps: ReviewsServiceDeps): ReviewsService {
  const { db, storage } = deps;

  function toPerson(row: PeerRow | undefined, id: number): ReviewPerson {
    if (!row || row.deletedAt) return { id, name: "", avatar: null, isDeleted: true };
    return {
      id,
      name: row.username,
      avatar: row.avatarKey ? storage.publicUrl(row.avatarKey) : null,
      isDeleted: false,
    };
  }

  /** The reviews as `viewer` sees them: one query each for the people and the ads of the page. */
  async function present(viewer: ReviewViewer, rows: ReviewRow[]): Promise<Review[]> {
    const [people, adRows, ratings] = await Promise.all([
      findUsers(
        db,
        rows.flatMap((row) => [row.authorId, row.sellerId]),
      ),
      findPublicAds(
        db,
        rows.flatMap((row) => (row.adId === null ? [] : [row.adId])),
      ),
      readSellerRatings(
        db,
        rows.map((row) => row.sellerId),
      ),
    ]);
    const personById = new Map(people.map((person) => [person.id, person]));
    const adById = new Map(adRows.map((ad) => [ad.id, ad]));
    const now = new Date();
    return rows.map((row) => {
      const ad = row.adId === null ? undefined : adById.get(row.adId);
      const isAuthor = viewer?.id === row.authorId;
      const isSeller = viewer?.id === row.sellerId;
      return {
        id: row.id,
        stars: row.stars,
        text: row.text,
        createdAt: row.createdAt.toISOString(),
        editedAt: row.editedAt?.toISOString() ?? null,
        author: toPerson(personById.get(row.authorId), row.authorId),
        seller: toPerson(personById.get(row.sellerId), row.sellerId),
        sellerRating: ratings.get(row.sellerId) ?? { average: null, count: 0 },
        ad: ad ? { id: ad.id, vertical: ad.vertical as Vertical, title: ad.title } : null,
        vertical: row.vertical as Vertical,
        regionId: row.regionId,
        reply:
          row.replyText !== null && row.repliedAt !== null
            ? {
                text: row.replyText,
                createdAt: row.repliedAt.toISOString(),
                editedAt: row.replyEditedAt?.toISOString() ?? null,
              }
            : null,
        isHidden: row.hiddenAt !== null,
        canEdit: isAuthor && row.hiddenAt === null && isReviewEditable(row.createdAt, now),
        canReply: isSeller && row.hiddenAt === null && row.replyText === null,
        canEditReply:
          isSeller && row.hiddenAt === null && row.repliedAt !== null && isReviewEditable(row.repliedAt, now),
      };
    });
  }

  async function presentOne(viewer: ReviewViewer, row: ReviewRow): Promise<Review> {
    const [review] = await present(viewer, [row]);
    if (!review) throw new Error("review not presented");
    return review;
  }

  async function page(
    viewer: ReviewViewer,
    filters: ReviewFilters,
    cursor: string | undefined,
    limit: number,
  ): Promise<ReviewListResponse> {
    const after = cursor ? decodeTimeCursor(cursor) : null;
    const rows = await findReviewsPage(db, filters, after, limit + 1);
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return {
      items: await present(viewer, shown),
      nextCursor: rows.length > limit && last ? encodeTimeCursor(last.createdAt, last.id) : null,
    };
  }

  /** A shown review, or 404 — hidden ones are gone for everyone but staff. */
  async function requireShownReview(reviewId: number): Promise<ReviewRow> {
    const row = await findReview(db, reviewId);
    if (!row || row.hiddenAt !== null) throw new AppError("REVIEW_NOT_FOUND");
    return row;
  }

  /**
   * Why `userId` may not review `sellerId` (null: they may), and the chat's ad a review is about.
   * The one definition of the fairness rules (decision 058), for the eligibility answer and the write.
   */
  async function checkEligibility(
    userId: number,
    sellerId: number,
  ): Promise<{ refusal: ReviewRefusal | null; adId: number | null; existing: ReviewRow | undefined }> {
    const [seller] = await findUsers(db, [sellerId]);
    if (!seller || seller.deletedAt) {
      return { refusal: "REVIEW_SELLER_NOT_FOUND", adId: null, existing: undefined };
    }
    if (userId === sellerId) return { refusal: "REVIEW_SELF", adId: null, existing: undefined };
    const [existing, chat, sharesPhone] = await Promise.all([
      findReviewOf(db, userId, sellerId),
      findExchangedAdChat(db, userId, sellerId),
      shareConfirmedPhone(db, userId, sellerId),
    ]);
    const adId = chat?.adId ?? null;
    if (existing) return { refusal: "REVIEW_EXISTS", adId, existing };
    if (!chat) return { refusal: "REVIEW_NO_CHAT", adId, existing };
    if (sharesPhone) return { refusal: "REVIEW_SHARED_PHONE", adId, existing };
    return { refusal: null, adId, existing };
  }

  return {
    listLatest(viewer, { rating, vertical, regionId, cursor, limit }) {
      return page(viewer, { stars: rating, vertical, regionId }, cursor, limit);
    },

    async listOfSeller(viewer, sellerId, { cursor, limit }) {
      const [list, ratings] = await Promise.all([
        page(viewer, { sellerId }, cursor, limit),
        readSellerRatings(db, [sellerId]),
      ]);
      return { ...list, rating: ratings.get(sellerId) ?? { average: null, count: 0 } };
    },

    async eligibility(viewer, sellerId) {
      if (!viewer) return { canReview: false, reason: "UNAUTHORIZED", ad: null, myReviewId: null };
      const { refusal, adId, existing } = await checkEligibility(viewer.id, sellerId);
      const [ad] = adId === null ? [] : await findPublicAds(db, [adId]);
      return {
        canReview: refusal === null,
        reason: refusal,
        ad: ad ? { id: ad.id, vertical: ad.vertical as Vertical, title: ad.title } : null,
        myReviewId: existing?.id ?? null,
      };
    },

    async create(userId, { sellerId, stars, text }) {
      const { refusal, adId } = await checkEligibility(userId, sellerId);
      if (refusal !== null || adId === null) throw new AppError(refusal ?? "REVIEW_NO_CHAT");
      const ad = await findAdOfChat(db, adId);
      if (!ad) throw new AppError("REVIEW_NO_CHAT");
      let row: ReviewRow;
      try {
        row = await insertReview(db, {
          authorId: userId,
          sellerId,
          adId,
          vertical: ad.vertical,
          regionId: ad.regionId,
          stars,
          text,
          // Milliseconds, like the cursors that page by it.
          createdAt: new Date(),
        });
      } catch (error) {
        // Two submits at once: the other one wrote it.
        if (isUniqueViolation(error)) throw new AppError("REVIEW_EXISTS");
        throw error;
      }
      const review = await presentOne({ id: userId }, row);
      await deps.onReviewWritten?.(review);
      return review;
    },

    async edit(userId, reviewId, input) {
      const row = await requireShownReview(reviewId);
      // Someone else's review is answered like a missing one.
      if (row.authorId !== userId) throw new AppError("REVIEW_NOT_FOUND");
      if (!isReviewEditable(row.createdAt)) throw new AppError("REVIEW_EDIT_CLOSED");
      const changed = await updateReview(db, reviewId, { ...input, editedAt: new Date() });
      if (!changed) throw new AppError("REVIEW_NOT_FOUND");
      return presentOne({ id: userId }, changed);
    },

    async reply(userId, reviewId, { text }) {
      const row = await requireShownReview(reviewId);
      if (row.sellerId !== userId) throw new AppError("REVIEW_NOT_FOUND");
      const replied = await insertReply(db, reviewId, text);
      if (!replied) throw new AppError("REVIEW_REPLY_EXISTS");
      const review = await presentOne({ id: userId }, replied);
      await deps.onReplyWritten?.(review);
      return review;
    },

    async editReply(userId, reviewId, { text }) {
      const row = await requireShownReview(reviewId);
      if (row.sellerId !== userId) throw new AppError("REVIEW_NOT_FOUND");
      if (row.repliedAt === null) throw new AppError("REVIEW_REPLY_NOT_FOUND");
      if (!isReviewEditable(row.repliedAt)) throw new AppError("REVIEW_EDIT_CLOSED");
      const changed = await updateReview(db, reviewId, { replyText: text, replyEditedAt: new Date() });
      if (!changed) throw new AppError("REVIEW_NOT_FOUND");
      return presentOne({ id: userId }, changed);
    },

    async report(userId, reviewId, { reason, note }) {
      await requireShownReview(reviewId);
      refuseWhenFull(deps.reports, await deps.reports.peek(String(userId)));
      try {
        const row = await insertReviewReport(db, { reviewId, reporterId: userId, reason, note });
        await deps.reports.hit(String(userId));
        return {
          id: row.id,
          reviewId: row.reviewId,
          reason: row.reason as ReviewReportReason,
          note: row.note,
          createdAt: row.createdAt.toISOString(),
        };
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError("REVIEW_REPORT_EXISTS");
        throw error;
      }
    },

    async moderate(staffId, reviewId, hidden, { reason }, ip) {
      const changed = await db.transaction(async (tx) => {
        const row = await findReview(tx, reviewId);
        if (!row) throw new AppError("REVIEW_NOT_FOUND");
        const now = new Date();
        const updated = await updateReview(tx, reviewId, {
          hiddenAt: hidden ? (row.hiddenAt ?? now) : null,
          moderationReason: reason,
          moderatedBy: staffId,
          moderatedAt: now,
        });
        if (!updated) throw new AppError("REVIEW_NOT_FOUND");
        await recordStaffAction(tx, {
          staff: staffId,
          action: hidden ? "review.hide" : "review.restore",
          object: { type: "review", id: reviewId },
          before: { hidden: row.hiddenAt !== null },
          after: { hidden, reason },
          ip,
        });
        return updated;
      });
      return presentOne({ id: staffId }, changed);
    },
  };
}
