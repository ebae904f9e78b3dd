import { Anchor, Avatar, Box, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconFlag, IconMessageReply, IconPencil } from "@tabler/icons-react";
import type { Review } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { formatSiteDay } from "../../lib/local-day.ts";
import { showSuccess } from "../../lib/notify.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { editReply, editReview, replyToReview } from "./api/reviews-api.ts";
import { RatingStars, ReviewStars } from "./rating-stars.tsx";
import { ReplyForm, ReviewForm } from "./review-form.tsx";
import { reviewAdPath } from "./review-format.ts";
import { ReviewReportModal } from "./review-report-modal.tsx";
import classes from "./reviews.module.css";

type Editing = "review" | "reply" | null;

/**
 * One review: the author, stars, date ("edited" when changed), text, the ad it is about, the seller's
 * reply; and what the viewer may do — the author edit, the seller reply, anyone signed in report.
 * `withSeller` names the seller (the site-wide list); `onChanged` gets the review after a change.
 */
export function ReviewCard({
  review,
  withSeller = false,
  onChanged,
}: {
  review: Review;
  withSeller?: boolean;
  onChanged: (review: Review) => void;
}) {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const [editing, setEditing] = useState<Editing>(null);
  const [isReporting, setIsReporting] = useState(false);
  const author = review.author.isDeleted ? t("reviews.card.deletedUser") : review.author.name;
  const done = (text: string) => (changed: Review) => {
    setEditing(null);
    showSuccess(text);
    onChanged(changed);
    return changed;
  };

  return (
    <Paper withBorder radius="md" p="md" component="article" data-testid="review" data-review-id={review.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={review.author.avatar} alt="" radius="xl" size="md" name={author} color="initials" />
            <div>
              <Text fw={600} fz="sm">
                {author}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatSiteDay(t, review.createdAt)}
                {review.editedAt && ` · ${t("reviews.card.edited")}`}
              </Text>
            </div>
          </Group>
          <ReviewStars stars={review.stars} />
        </Group>

        {withSeller && (
          <Box fz="sm">
            {review.seller.isDeleted ? (
              t("reviews.card.sellerDeleted")
            ) : (
              <Group gap="xs">
                <Anchor component={AppLink} to={`/profile/${review.seller.id}`} data-testid="review-seller">
                  {t("reviews.card.seller", { name: review.seller.name })}
                </Anchor>
                <RatingStars rating={review.sellerRating} size="xs" withCount />
              </Group>
            )}
          </Box>
        )}

        {editing === "review" ? (
          <ReviewForm
            initial={{ stars: review.stars, text: review.text }}
            submitLabel={t("reviews.form.save")}
            onSubmit={(values) => editReview(review.id, values).then(done(t("reviews.form.saved")))}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <Text className={classes.text} data-testid="review-text-shown">
            {review.text}
          </Text>
        )}

        {review.ad && (
          <Text fz="sm" c="dimmed">
            {t("reviews.card.about")}:{" "}
            <Anchor component={AppLink} to={reviewAdPath(review.ad)} fz="sm" data-testid="review-ad">
              {review.ad.title}
            </Anchor>
          </Text>
        )}

        {review.reply && editing !== "reply" && (
          <Box className={classes.reply} data-testid="review-reply">
            <Text fz="sm" fw={600}>
              {t("reviews.card.reply")}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatSiteDay(t, review.reply.createdAt)}
              {review.reply.editedAt && ` · ${t("reviews.card.edited")}`}
            </Text>
            <Text fz="sm" className={classes.text}>
              {review.reply.text}
            </Text>
          </Box>
        )}
        {editing === "reply" && (
          <ReplyForm
            initial={review.reply?.text}
            onSubmit={(text) =>
              (review.reply ? editReply(review.id, { text }) : replyToReview(review.id, { text })).then(
                done(t(review.reply ? "reviews.form.saved" : "reviews.reply.done")),
              )
            }
            onCancel={() => setEditing(null)}
          />
        )}

        {editing === null && viewer && (
          <Group gap="xs">
            {review.canEdit && (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setEditing("review")}
              >
                {t("reviews.card.editButton")}
              </Button>
            )}
            {(review.canReply || review.canEditReply) && (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconMessageReply size={16} aria-hidden />}
                onClick={() => setEditing("reply")}
                data-testid="review-reply-button"
              >
                {t(review.canReply ? "reviews.card.replyButton" : "reviews.card.editReplyButton")}
              </Button>
            )}
            <Button
              variant="subtle"
              color="gray"
              size="compact-sm"
              leftSection={<IconFlag size={16} aria-hidden />}
              onClick={() => setIsReporting(true)}
              data-testid="review-report"
            >
              {t("reviews.card.report")}
            </Button>
          </Group>
        )}
      </Stack>
      {viewer && (
        <ReviewReportModal reviewId={review.id} opened={isReporting} onClose={() => setIsReporting(false)} />
      )}
    </Paper>
  );
}
