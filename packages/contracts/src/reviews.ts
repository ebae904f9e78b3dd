/**
 * Reviews of sellers (issue 15, item 3; product.md section 8; decision 058): requests and answers of
 * `/api/reviews`. A signed-in user who chatted with a seller about an ad (both wrote) may leave one
 * review of them; the seller may reply once; anyone signed in may report; moderators hide or restore.
 */
import { z } from "zod";
import { recordIdParamSchema, recordIdSchema } from "./ids.ts";
import { textInput } from "./text.ts";
import { verticals } from "./verticals.ts";

export const reviewStarsMin = 1;
export const reviewStarsMax = 5;
export const reviewTextMin = 20;
export const reviewTextMax = 2000;
export const reviewReplyTextMax = 2000;
export const reviewReportNoteMax = 1000;
export const reviewModerationReasonMax = 500;
/** How long after writing a review (or a reply) its author may still change it. */
export const reviewEditWindowMs = 7 * 24 * 3_600_000;
export const reviewListLimitDefault = 10;
export const reviewListLimitMax = 50;

/** Whether a review or reply written at `writtenAt` may still be changed at `now`. */
export function isReviewEditable(writtenAt: Date, now: Date = new Date()): boolean {
  return now.getTime() - writtenAt.getTime() < reviewEditWindowMs;
}

/** Why a user reports a review; kept for the moderators' queue. */
export const reviewReportReasons = ["spam", "fake", "insult", "personal-data", "other"] as const;
export type ReviewReportReason = (typeof reviewReportReasons)[number];

/**
 * Why a viewer may not review a seller (each is also the error code `POST /api/reviews` refuses
 * with): signed out, the seller themselves, no chat about an ad in which both wrote, an account
 * sharing a confirmed phone with the seller, already reviewed them, or the seller is gone.
 */
export const reviewRefusals = [
  "UNAUTHORIZED",
  "REVIEW_SELF",
  "REVIEW_NO_CHAT",
  "REVIEW_SHARED_PHONE",
  "REVIEW_EXISTS",
  "REVIEW_SELLER_NOT_FOUND",
] as const;
export type ReviewRefusal = (typeof reviewRefusals)[number];

// ---- Answers -------------------------------------------------------------------------------------

/** A seller's rating: the average of their shown reviews' stars and how many there are. */
export const sellerRatingSchema = z.object({
  average: z.number().nullable().describe("1–5 with two decimals; null without reviews"),
  count: z.number().int(),
});
export type SellerRating = z.infer<typeof sellerRatingSchema>;

export const reviewPersonSchema = z.object({
  id: z.number().int(),
  name: z.string().describe("Empty when `isDeleted`"),
  avatar: z.string().nullable(),
  isDeleted: z.boolean(),
});
export type ReviewPerson = z.infer<typeof reviewPersonSchema>;

export const reviewAdSchema = z.object({
  id: z.number().int(),
  vertical: z.enum(verticals),
  title: z.string(),
});
export type ReviewAd = z.infer<typeof reviewAdSchema>;

export const reviewReplySchema = z.object({
  text: z.string(),
  createdAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable().describe("Set when the seller changed the reply"),
});
export type ReviewReply = z.infer<typeof reviewReplySchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  stars: z.number().int().min(reviewStarsMin).max(reviewStarsMax),
  text: z.string(),
  createdAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable().describe('Set by the author\'s last change: show "edited"'),
  author: reviewPersonSchema,
  seller: reviewPersonSchema,
  sellerRating: sellerRatingSchema.describe("The seller's rating now"),
  ad: reviewAdSchema.nullable().describe("The ad the chat was about; null once it is gone or not public"),
  vertical: z.enum(verticals),
  regionId: z.number().int().nullable(),
  reply: reviewReplySchema.nullable(),
  isHidden: z.boolean().describe("Hidden by a moderator (only staff and the hide/restore answers see one)"),
  canEdit: z.boolean().describe("The viewer wrote it and the edit window is open"),
  canReply: z.boolean().describe("The viewer is the seller and has not replied"),
  canEditReply: z
    .boolean()
    .describe("The viewer is the seller, replied, and the reply's edit window is open"),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListResponseSchema = z.object({
  items: z.array(reviewSchema).describe("Newest first"),
  nextCursor: z.string().nullable().describe("Opaque; null on the last page"),
});
export type ReviewListResponse = z.infer<typeof reviewListResponseSchema>;

/** `GET /api/reviews/sellers/:sellerId`: the seller's rating and a page of their reviews. */
export const sellerReviewsResponseSchema = reviewListResponseSchema.extend({
  rating: sellerRatingSchema,
});
export type SellerReviewsResponse = z.infer<typeof sellerReviewsResponseSchema>;

/** `GET /api/reviews/sellers/:sellerId/eligibility`: whether the viewer may review the seller. */
export const reviewEligibilitySchema = z.object({
  canReview: z.boolean(),
  reason: z.enum(reviewRefusals).nullable().describe("Why not; null when `canReview`"),
  ad: reviewAdSchema.nullable().describe("The ad the review will be about (the latest chat's)"),
  myReviewId: z.number().int().nullable().describe("The viewer's review of this seller, when written"),
});
export type ReviewEligibility = z.infer<typeof reviewEligibilitySchema>;

export const reviewReportSchema = z.object({
  id: z.number().int(),
  reviewId: z.number().int(),
  reason: z.enum(reviewReportReasons),
  note: z.string(),
  createdAt: z.iso.datetime(),
});
export type ReviewReport = z.infer<typeof reviewReportSchema>;

// ---- Requests ------------------------------------------------------------------------------------

export const reviewIdParamsSchema = z.object({ id: recordIdParamSchema });
export const reviewSellerParamsSchema = z.object({ sellerId: recordIdParamSchema });

const cursorSchema = textInput().max(200).optional().describe("`nextCursor` of the previous page");
const limitSchema = z.coerce.number().int().min(1).max(reviewListLimitMax).default(reviewListLimitDefault);

export const sellerReviewsQuerySchema = z.object({ cursor: cursorSchema, limit: limitSchema });
export type SellerReviewsQuery = z.infer<typeof sellerReviewsQuerySchema>;

/** `GET /api/reviews`: the latest reviews site-wide, with filters. */
export const latestReviewsQuerySchema = z.object({
  rating: z.coerce.number().int().min(reviewStarsMin).max(reviewStarsMax).optional().describe("Exact stars"),
  vertical: z.enum(verticals).optional().describe("The vertical of the ad the review is about"),
  regionId: recordIdParamSchema.optional().describe("The region of the ad the review is about"),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type LatestReviewsQuery = z.infer<typeof latestReviewsQuerySchema>;

const starsSchema = z.number().int().min(reviewStarsMin).max(reviewStarsMax);
const reviewTextSchema = textInput().trim().min(reviewTextMin).max(reviewTextMax);

export const reviewInputSchema = z.strictObject({
  sellerId: recordIdSchema,
  stars: starsSchema,
  text: reviewTextSchema,
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewEditInputSchema = z
  .strictObject({ stars: starsSchema.optional(), text: reviewTextSchema.optional() })
  .refine((input) => input.stars !== undefined || input.text !== undefined, {
    path: ["text"],
    message: "change the stars or the text",
  });
export type ReviewEditInput = z.infer<typeof reviewEditInputSchema>;

export const reviewReplyInputSchema = z.strictObject({
  text: textInput().trim().min(1).max(reviewReplyTextMax),
});
export type ReviewReplyInput = z.infer<typeof reviewReplyInputSchema>;

export const reviewReportInputSchema = z
  .strictObject({
    reason: z.enum(reviewReportReasons),
    note: textInput().trim().max(reviewReportNoteMax).default(""),
  })
  .refine((report) => report.reason !== "other" || report.note.length > 0, {
    path: ["note"],
    message: "say what is wrong",
  });
export type ReviewReportInput = z.infer<typeof reviewReportInputSchema>;

/** `POST /api/reviews/:id/hide` and `/restore` (moderators): why. */
export const reviewModerationInputSchema = z.strictObject({
  reason: textInput().trim().min(3).max(reviewModerationReasonMax),
});
export type ReviewModerationInput = z.infer<typeof reviewModerationInputSchema>;
