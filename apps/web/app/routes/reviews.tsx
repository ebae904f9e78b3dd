import { latestReviewsQuerySchema } from "@unaa/contracts";
import { serverContext } from "#server-context";
import { reviewPageSize } from "../features/reviews/api/reviews-api.ts";
import { type LatestReviewFilters, LatestReviews } from "../features/reviews/latest-reviews.tsx";
import { requireTexts } from "../lib/i18n.ts";
import { pageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/reviews.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("reviews");

export const handle = pageHandle("reviews", {
  head: () => ({ description: { key: "reviews.page.description" } }),
});

/** The filters of the address the API takes; a bad one (a rating of 9) is left out, never a 500. */
function readFilters(url: URL): LatestReviewFilters {
  const filters: LatestReviewFilters = {};
  for (const name of ["rating", "vertical", "regionId"] as const) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    const parsed = latestReviewsQuerySchema.shape[name].safeParse(value);
    if (parsed.success && parsed.data !== undefined) Object.assign(filters, { [name]: parsed.data });
  }
  return filters;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = readFilters(new URL(request.url));
  const page = await context
    .get(serverContext)
    .services.reviewsService.listLatest(null, { ...filters, limit: reviewPageSize });
  return { filters, page };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LatestReviews data={loaderData} />;
}
