import { Button, Group, Modal, Radio, Stack, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type ReviewReportReason, reviewReportNoteMax, reviewReportReasons } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { loadErrorCodeText } from "../../lib/error-code-text.ts";
import { HttpError } from "../../lib/http-client.ts";
import { showSuccess } from "../../lib/notify.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { reportReview } from "./api/reviews-api.ts";

/** "Report": a reason code (and details, required for "other") to the moderators' queue. */
export function ReviewReportModal({
  reviewId,
  opened,
  onClose,
}: {
  reviewId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [isSending, setIsSending] = useState(false);
  const form = useForm<{ reason: ReviewReportReason | ""; note: string }>({
    initialValues: { reason: "", note: "" },
    validate: {
      reason: (value) => (value ? null : t("reviews.report.reasonRequired")),
      note: (value, values) =>
        values.reason === "other" && !value.trim() ? t("reviews.report.noteRequired") : null,
    },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async ({ reason, note }) => {
    if (!reason) return;
    setIsSending(true);
    try {
      await reportReview(reviewId, { reason, note: note.trim() });
      showSuccess(t("reviews.report.done"));
      close();
    } catch (error) {
      form.setFieldError(
        "note",
        error instanceof HttpError ? await loadErrorCodeText(error, locale) : t("reviews.form.failed"),
      );
    } finally {
      setIsSending(false);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t("reviews.report.title")} centered>
      <form onSubmit={submit} noValidate data-testid="review-report-form">
        <Stack gap="md">
          <Radio.Group label={t("reviews.report.reason")} withAsterisk {...form.getInputProps("reason")}>
            <Stack gap="xs" mt="xs">
              {reviewReportReasons.map((reason) => (
                <Radio key={reason} value={reason} label={t(`reviews.report.reasons.${reason}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t("reviews.report.note")}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={reviewReportNoteMax}
            withAsterisk={form.values.reason === "other"}
            {...form.getInputProps("note")}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={isSending}>
              {t("reviews.form.cancel")}
            </Button>
            <Button type="submit" color="red" loading={isSending} data-testid="review-report-submit">
              {t("reviews.report.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
