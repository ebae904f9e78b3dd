/** `/api/reviews` (decision 058): lists, the viewer's eligibility, writing, replying, reporting. */
import type {
  LatestReviewsQuery,
  Review,
  ReviewEditInput,
  ReviewEligibility,
  ReviewInput,
  ReviewListResponse,
  ReviewReplyInput,
  ReviewReport,
  ReviewReportInput,
  SellerReviewsResponse,
} from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

/** Reviews on a page, and on each "show more". */
export const reviewPageSize = 10;

/** Query keys: the site-wide list by its filters, a seller's list and the viewer's eligibility. */
export const reviewKeys = {
  all: ["reviews"] as const,
  latest: (filters: Omit<LatestReviewsQuery, "cursor" | "limit">) => ["reviews", "latest", filters] as const,
  seller: (sellerId: number, viewerId: number | undefined) =>
    ["reviews", "seller", sellerId, viewerId] as const,
  eligibility: (sellerId: number, viewerId: number | undefined) =>
    ["reviews", "eligibility", sellerId, viewerId] as const,
};

export function getLatestReviews(
  filters: Omit<LatestReviewsQuery, "cursor" | "limit">,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ReviewListResponse> {
  return api.get<ReviewListResponse>("/api/reviews", {
    query: { ...filters, cursor, limit: reviewPageSize },
    signal,
    silent: true,
  });
}

export function getSellerReviews(
  sellerId: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SellerReviewsResponse> {
  return api.get<SellerReviewsResponse>(`/api/reviews/sellers/${sellerId}`, {
    query: { cursor, limit: reviewPageSize },
    signal,
    silent: true,
  });
}

export function getReviewEligibility(sellerId: number, signal?: AbortSignal): Promise<ReviewEligibility> {
  return api.get<ReviewEligibility>(`/api/reviews/sellers/${sellerId}/eligibility`, { signal, silent: true });
}

// Writes are silent: each form shows its own error beside its fields.
export function createReview(input: ReviewInput): Promise<Review> {
  return api.post<Review>("/api/reviews", input, { silent: true });
}

export function editReview(id: number, input: ReviewEditInput): Promise<Review> {
  return api.request<Review>(`/api/reviews/${id}`, { method: "PATCH", body: input, silent: true });
}

export function replyToReview(id: number, input: ReviewReplyInput): Promise<Review> {
  return api.post<Review>(`/api/reviews/${id}/reply`, input, { silent: true });
}

export function editReply(id: number, input: ReviewReplyInput): Promise<Review> {
  return api.request<Review>(`/api/reviews/${id}/reply`, { method: "PATCH", body: input, silent: true });
}

export function reportReview(id: number, input: ReviewReportInput): Promise<ReviewReport> {
  return api.post<ReviewReport>(`/api/reviews/${id}/report`, input, { silent: true });
}
