import {
  latestReviewsQuerySchema,
  reviewEditInputSchema,
  reviewEligibilitySchema,
  reviewIdParamsSchema,
  reviewInputSchema,
  reviewListResponseSchema,
  reviewModerationInputSchema,
  reviewReplyInputSchema,
  reviewReportInputSchema,
  reviewReportSchema,
  reviewSchema,
  reviewSellerParamsSchema,
  sellerReviewsQuerySchema,
  sellerReviewsResponseSchema,
} from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badInput, errors, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, requireRole, requireUser } from "../../plugins/auth.ts";
import type { ReviewsService } from "./reviews.service.ts";

const notFound = errors("`REVIEW_NOT_FOUND`: no such review, hidden, or (for a change) not yours");

/**
 * Reviews of sellers (issue 15, decision 058). Lists are public; writing needs a user; hiding and
 * restoring needs a moderator or an admin (others get the 404 of a missing route, decision 029).
 * Refusals are 409 with a code, never 403 (S4.6: the client signs out on a 403).
 */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviewsService: ReviewsService }> = async (
  app,
  { reviewsService },
) => {
  const tags = ["reviews"];
  const security = [{ bearer: [] }];
  const viewerOf = (request: { user: { id: number } | null }) =>
    request.user ? { id: request.user.id } : null;

  app.get(
    "/reviews",
    {
      schema: {
        tags,
        summary: "The latest reviews site-wide, newest first (keyset pages), with filters",
        querystring: latestReviewsQuerySchema,
        response: { 200: reviewListResponseSchema, 400: badInput },
      },
    },
    async (request) => reviewsService.listLatest(viewerOf(request), request.query),
  );

  app.get(
    "/reviews/sellers/:sellerId",
    {
      schema: {
        tags,
        summary: "A seller's rating and reviews, newest first (keyset pages)",
        params: reviewSellerParamsSchema,
        querystring: sellerReviewsQuerySchema,
        response: { 200: sellerReviewsResponseSchema, 400: badInput },
      },
    },
    async (request) => reviewsService.listOfSeller(viewerOf(request), request.params.sellerId, request.query),
  );

  app.get(
    "/reviews/sellers/:sellerId/eligibility",
    {
      schema: {
        tags,
        summary: "Whether the caller may review the seller, and why not",
        description:
          "A guest gets `UNAUTHORIZED` as the reason. A signed-in user may review a seller once, after a " +
          "chat about one of the seller's ads in which both wrote, unless it is themselves or an account " +
          "that ever confirmed a phone the seller confirmed.",
        params: reviewSellerParamsSchema,
        response: { 200: reviewEligibilitySchema, 400: badInput },
      },
    },
    async (request) => reviewsService.eligibility(viewerOf(request), request.params.sellerId),
  );

  app.post(
    "/reviews",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Review a seller (1–5 stars, 20–2,000 characters)",
        description:
          "The review is about the ad of the latest chat in which both wrote. The seller is notified.",
        security,
        body: reviewInputSchema,
        response: {
          201: reviewSchema,
          400: badInput,
          401: unauthorized,
          404: errors("`REVIEW_SELLER_NOT_FOUND`"),
          409: errors("`REVIEW_SELF`, `REVIEW_NO_CHAT`, `REVIEW_SHARED_PHONE`, `REVIEW_EXISTS`"),
        },
      },
    },
    async (request, reply) => {
      const review = await reviewsService.create(currentUser(request).id, request.body);
      return reply.status(201).send(review);
    },
  );

  app.patch(
    "/reviews/:id",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Change one\'s review within 7 days of writing it (marked "edited")',
        security,
        params: reviewIdParamsSchema,
        body: reviewEditInputSchema,
        response: {
          200: reviewSchema,
          400: badInput,
          401: unauthorized,
          404: notFound,
          409: errors("`REVIEW_EDIT_CLOSED`"),
        },
      },
    },
    async (request) => reviewsService.edit(currentUser(request).id, request.params.id, request.body),
  );

  app.post(
    "/reviews/:id/reply",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The seller's one reply to a review of them (the author is notified)",
        security,
        params: reviewIdParamsSchema,
        body: reviewReplyInputSchema,
        response: {
          201: reviewSchema,
          400: badInput,
          401: unauthorized,
          404: notFound,
          409: errors("`REVIEW_REPLY_EXISTS`"),
        },
      },
    },
    async (request, reply) => {
      const review = await reviewsService.reply(currentUser(request).id, request.params.id, request.body);
      return reply.status(201).send(review);
    },
  );

  app.patch(
    "/reviews/:id/reply",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Change the reply within 7 days of writing it (marked "edited")',
        security,
        params: reviewIdParamsSchema,
        body: reviewReplyInputSchema,
        response: {
          200: reviewSchema,
          400: badInput,
          401: unauthorized,
          404: errors("`REVIEW_NOT_FOUND`, `REVIEW_REPLY_NOT_FOUND`"),
          409: errors("`REVIEW_EDIT_CLOSED`"),
        },
      },
    },
    async (request) => reviewsService.editReply(currentUser(request).id, request.params.id, request.body),
  );

  app.post(
    "/reviews/:id/report",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Report a review to the moderators (once per review)",
        security,
        params: reviewIdParamsSchema,
        body: reviewReportInputSchema,
        response: {
          201: reviewReportSchema,
          400: badInput,
          401: unauthorized,
          404: notFound,
          409: errors("`REVIEW_REPORT_EXISTS`"),
          429: errors("`RATE_LIMITED`"),
        },
      },
    },
    async (request, reply) => {
      const report = await reviewsService.report(currentUser(request).id, request.params.id, request.body);
      return reply.status(201).send(report);
    },
  );

  for (const [action, hidden] of [
    ["hide", true],
    ["restore", false],
  ] as const) {
    app.post(
      `/reviews/:id/${action}`,
      {
        preHandler: requireRole("moderator", "admin"),
        schema: {
          tags,
          summary: hidden
            ? "Staff: hide a review from every list and the rating, with a reason"
            : "Staff: show a hidden review again, with a reason",
          security,
          params: reviewIdParamsSchema,
          body: reviewModerationInputSchema,
          response: {
            200: reviewSchema,
            400: badInput,
            401: unauthorized,
            404: errors("`REVIEW_NOT_FOUND`; `ROUTE_NOT_FOUND` for callers without the role"),
          },
        },
      },
      async (request) =>
        reviewsService.moderate(currentUser(request).id, request.params.id, hidden, request.body, request.ip),
    );
  }
};
