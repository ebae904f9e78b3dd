import { Button, Group, Rating, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type Review, reviewTextMax, reviewTextMin } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { loadErrorCodeText } from "../../lib/error-code-text.ts";
import { HttpError } from "../../lib/http-client.ts";
import { useLocale } from "../../lib/use-locale.ts";
import classes from "./reviews.module.css";

interface ReviewFormValues {
  stars: number;
  text: string;
}

/**
 * Stars and text of a review: a new one (`onSubmit` creates it) or the author's change within the
 * edit window. The API's refusal is shown under the text.
 */
export function ReviewForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: ReviewFormValues;
  submitLabel: string;
  onSubmit: (values: ReviewFormValues) => Promise<Review>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [isSending, setIsSending] = useState(false);
  const form = useForm<ReviewFormValues>({
    initialValues: initial ?? { stars: 0, text: "" },
    validate: {
      stars: (value) => (value >= 1 && value <= 5 ? null : t("reviews.form.starsRequired")),
      text: (value) =>
        value.trim().length < reviewTextMin ? t("reviews.form.textShort", { min: reviewTextMin }) : null,
    },
  });

  const submit = form.onSubmit(async ({ stars, text }) => {
    setIsSending(true);
    try {
      await onSubmit({ stars, text: text.trim() });
    } catch (error) {
      form.setFieldError(
        "text",
        error instanceof HttpError ? await loadErrorCodeText(error, locale) : t("reviews.form.failed"),
      );
    } finally {
      setIsSending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="review-form">
      <Stack gap="sm">
        <fieldset className={classes.stars}>
          <legend className={classes.starsLegend}>
            {t("reviews.form.stars")}{" "}
            <span className={classes.required} aria-hidden>
              *
            </span>
          </legend>
          <Rating
            size="lg"
            value={form.values.stars}
            onChange={(value) => form.setFieldValue("stars", value)}
            getSymbolLabel={(value) => t("reviews.card.stars", { stars: value })}
            data-testid="review-stars"
          />
          {form.errors.stars && (
            <Text c="red" fz="xs" mt={4} role="alert">
              {form.errors.stars}
            </Text>
          )}
        </fieldset>
        <Textarea
          label={t("reviews.form.text")}
          description={t("reviews.form.textHint", { min: reviewTextMin, max: reviewTextMax })}
          withAsterisk
          autosize
          minRows={3}
          maxRows={10}
          maxLength={reviewTextMax}
          data-testid="review-text"
          {...form.getInputProps("text")}
        />
        <Group justify="space-between" gap="sm">
          <Text fz="xs" c="dimmed" aria-live="polite">
            {form.values.text.trim().length} / {reviewTextMax}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onCancel} disabled={isSending}>
              {t("reviews.form.cancel")}
            </Button>
            <Button type="submit" loading={isSending} data-testid="review-submit">
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** The seller's reply, new or changed within its window. */
export function ReplyForm({
  initial = "",
  onSubmit,
  onCancel,
}: {
  initial?: string;
  onSubmit: (text: string) => Promise<Review>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [isSending, setIsSending] = useState(false);
  const form = useForm({
    initialValues: { text: initial },
    validate: { text: (value) => (value.trim() ? null : t("reviews.reply.required")) },
  });
  const submit = form.onSubmit(async ({ text }) => {
    setIsSending(true);
    try {
      await onSubmit(text.trim());
    } catch (error) {
      form.setFieldError(
        "text",
        error instanceof HttpError ? await loadErrorCodeText(error, locale) : t("reviews.form.failed"),
      );
    } finally {
      setIsSending(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="reply-form">
      <Stack gap="xs">
        <Textarea
          label={t("reviews.reply.label")}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={reviewTextMax}
          data-testid="reply-text"
          {...form.getInputProps("text")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="sm" onClick={onCancel} disabled={isSending}>
            {t("reviews.form.cancel")}
          </Button>
          <Button type="submit" size="sm" loading={isSending} data-testid="reply-submit">
            {t("reviews.reply.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
