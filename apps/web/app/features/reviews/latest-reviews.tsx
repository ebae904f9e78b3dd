import { Container, EmptyState, Select, Stack, Text } from "@mantine/core";
import { IconMessageStar } from "@tabler/icons-react";
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import type { LatestReviewsQuery, ReviewListResponse, Vertical } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { useRegions } from "../../lib/shared-config.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { getLatestReviews, reviewKeys } from "./api/reviews-api.ts";
import { ReviewCard } from "./review-card.tsx";
import classes from "./reviews.module.css";
import { ReviewsShowMore } from "./reviews-show-more.tsx";

export type LatestReviewFilters = Omit<LatestReviewsQuery, "cursor" | "limit">;

export interface LatestReviewsData {
  filters: LatestReviewFilters;
  page: ReviewListResponse;
}

// The contracts' lists as plain data: importing their values would bring zod into the page.
const verticalOptions: Vertical[] = ["car", "commercial", "moto", "uslugi"];
const starOptions = [5, 4, 3, 2, 1];

/**
 * `/reviews` (S1.3, product.md section 8): the latest reviews site-wide, filtered by rating, the
 * vertical and region of the ad, "show more" by keyset. The loader renders the first page; a filter
 * changes the address, so every filtered list has its own link.
 */
export function LatestReviews({ data }: { data: LatestReviewsData }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const regions = useRegions();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { filters } = data;
  const list = useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: reviewKeys.latest(filters),
      queryFn: ({ pageParam, signal }) => getLatestReviews(filters, pageParam, signal),
      initialData: { pages: [data.page], pageParams: [null] },
      initialPageParam: null as string | null,
      getNextPageParam: (page: ReviewListResponse) => page.nextCursor,
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
    }),
  );
  const seen = new Set<number>();
  const reviews = list.data.pages
    .flatMap((page) => page.items)
    .filter((review) => !seen.has(review.id) && seen.add(review.id));

  const setFilter = (name: keyof LatestReviewFilters, value: string | null) => {
    const params = new URLSearchParams(location.search);
    if (value) params.set(name, value);
    else params.delete(name);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "" },
      { preventScrollReset: true },
    );
  };

  return (
    <Container size="md" py="lg">
      <PageHeader />
      <Text c="dimmed" mt={-8} mb="lg">
        {t("reviews.page.lead")}
      </Text>
      <fieldset className={classes.filters} aria-label={t("reviews.page.filters")}>
        <Select
          label={t("reviews.page.rating")}
          placeholder={t("reviews.page.anyRating")}
          data={starOptions.map((stars) => ({
            value: String(stars),
            label: t("reviews.page.ratingOption", { count: stars }),
          }))}
          value={filters.rating ? String(filters.rating) : null}
          onChange={(value) => setFilter("rating", value)}
          clearable
          allowDeselect
          data-testid="reviews-filter-rating"
        />
        <Select
          label={t("reviews.page.vertical")}
          placeholder={t("reviews.page.anyVertical")}
          data={verticalOptions.map((vertical) => ({ value: vertical, label: t(`nav.${vertical}`) }))}
          value={filters.vertical ?? null}
          onChange={(value) => setFilter("vertical", value)}
          clearable
          data-testid="reviews-filter-vertical"
        />
        <Select
          label={t("reviews.page.region")}
          placeholder={t("reviews.page.anyRegion")}
          data={regions.map((region) => ({ value: String(region.id), label: region.name[locale] }))}
          value={filters.regionId ? String(filters.regionId) : null}
          onChange={(value) => setFilter("regionId", value)}
          clearable
          searchable
          data-testid="reviews-filter-region"
        />
      </fieldset>
      <Stack gap="sm" mt="lg">
        {reviews.length === 0 ? (
          <EmptyState
            py="xl"
            variant="light"
            icon={<IconMessageStar size={28} />}
            title={t("reviews.page.emptyTitle")}
            description={t("reviews.page.emptyHint")}
            data-testid="reviews-empty"
          />
        ) : (
          <>
            <Stack gap="sm" data-testid="reviews-list">
              {reviews.map((review) => (
                <ReviewCard
                  key={review.id}
                  review={review}
                  withSeller
                  onChanged={() => void queryClient.invalidateQueries({ queryKey: reviewKeys.all })}
                />
              ))}
            </Stack>
            <ReviewsShowMore query={list} />
          </>
        )}
      </Stack>
    </Container>
  );
}
