import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPencilPlus } from "@tabler/icons-react";
import { infiniteQueryOptions, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReviewEligibility, SellerReviewsResponse } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { LoadFailed } from "../../components/load-state.tsx";
import { showSuccess } from "../../lib/notify.ts";
import { useSession } from "../../lib/session.ts";
import { createReview, getReviewEligibility, getSellerReviews, reviewKeys } from "./api/reviews-api.ts";
import { RatingStars } from "./rating-stars.tsx";
import { ReviewCard } from "./review-card.tsx";
import { ReviewForm } from "./review-form.tsx";
import { ReviewsShowMore } from "./reviews-show-more.tsx";

/** Refusals worth telling the viewer (a self-review or a missing seller just shows no button). */
const explainedRefusals = new Set(["REVIEW_NO_CHAT", "REVIEW_EXISTS", "REVIEW_SHARED_PHONE"]);

/**
 * The reviews section of a seller's page (profile, business): the rating, the reviews newest first
 * with "show more", and "Write a review" for a signed-in viewer who may (decision 058). `initial`
 * is the loader's first page when the page has one; otherwise the section asks on its own.
 */
export function SellerReviews({ sellerId, initial }: { sellerId: number; initial?: SellerReviewsResponse }) {
  const { t } = useTranslation();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { user, status } = useSession();
  const [isWriting, setIsWriting] = useState(false);
  const list = useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: reviewKeys.seller(sellerId, user?.id),
      queryFn: ({ pageParam, signal }) => getSellerReviews(sellerId, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (page: SellerReviewsResponse) => page.nextCursor,
      ...(initial && !user ? { initialData: { pages: [initial], pageParams: [null] } } : {}),
    }),
  );
  const eligibility = useQuery({
    queryKey: reviewKeys.eligibility(sellerId, user?.id),
    queryFn: ({ signal }) => getReviewEligibility(sellerId, signal),
    enabled: !!user,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: reviewKeys.all });

  const pages = list.data?.pages ?? [];
  const rating = pages[0]?.rating;
  const reviews = pages.flatMap((page) => page.items);
  const canReview = eligibility.data?.canReview === true;
  const refusal = eligibility.data?.reason;

  return (
    <Stack
      component="section"
      id="reviews"
      gap="md"
      aria-labelledby="seller-reviews-title"
      data-testid="seller-reviews"
    >
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" align="center">
          <Title order={2} fz="h3" id="seller-reviews-title">
            {t("reviews.section.title")}
          </Title>
          {rating && <RatingStars rating={rating} />}
        </Group>
        {canReview && !isWriting && (
          <Button
            leftSection={<IconPencilPlus size={18} aria-hidden />}
            onClick={() => setIsWriting(true)}
            data-testid="review-write"
          >
            {t("reviews.write.button")}
          </Button>
        )}
        {status === "guest" && (
          <Anchor
            component={AppLink}
            to={`/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`}
            fz="sm"
          >
            {t("reviews.write.signIn")}
          </Anchor>
        )}
      </Group>

      {refusal && explainedRefusals.has(refusal) && (
        <Text fz="sm" c="dimmed" data-testid="review-refusal">
          {t(`reviews.write.why.${refusal}`)}
        </Text>
      )}

      {isWriting && canReview && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Title order={3} fz="h4">
              {t("reviews.write.title")}
            </Title>
            {eligibility.data?.ad && (
              <Text fz="sm" c="dimmed">
                {t("reviews.write.about", { title: eligibility.data.ad.title })}
              </Text>
            )}
            <ReviewForm
              submitLabel={t("reviews.form.submit")}
              onSubmit={async (values) => {
                const review = await createReview({ sellerId, ...values });
                // One review per buyer and seller: the button goes with the form, not after a refetch.
                queryClient.setQueryData<ReviewEligibility>(reviewKeys.eligibility(sellerId, user?.id), {
                  canReview: false,
                  reason: "REVIEW_EXISTS",
                  ad: null,
                  myReviewId: review.id,
                });
                setIsWriting(false);
                showSuccess(t("reviews.form.published"));
                await refresh();
                return review;
              }}
              onCancel={() => setIsWriting(false)}
            />
          </Stack>
        </Paper>
      )}

      {list.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label={t("reviews.section.title")} />
        </Group>
      ) : list.isError && reviews.length === 0 ? (
        <LoadFailed text={t("reviews.section.loadFailed")} onRetry={list.refetch} />
      ) : reviews.length === 0 ? (
        <Text c="dimmed" data-testid="reviews-empty">
          {t("reviews.section.empty")}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="reviews-list">
          {reviews.map((review) => (
            <ReviewCard key={review.id} review={review} onChanged={() => void refresh()} />
          ))}
          <ReviewsShowMore query={list} />
        </Stack>
      )}
    </Stack>
  );
}
