import { Button, Group, Modal, Radio, Stack, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type ChatReportReason, chatReportReasons, chatReportTextMax } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpError } from "../../lib/http-client.ts";
import { showSuccess } from "../../lib/notify.ts";
import { reportChat } from "./api/report-chat.ts";

/** "Report": a reason code (and what happened, required for "other") to the complaints queue. */
export function ChatReportModal({
  chatId,
  opened,
  onClose,
}: {
  chatId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [isSending, setIsSending] = useState(false);
  const form = useForm<{ reason: ChatReportReason | ""; text: string }>({
    initialValues: { reason: "", text: "" },
    validate: {
      reason: (value) => (value ? null : t("chats.report.reasonRequired")),
      text: (value, values) =>
        values.reason === "other" && !value.trim() ? t("chats.report.textRequired") : null,
    },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async ({ reason, text }) => {
    if (!reason) return;
    setIsSending(true);
    try {
      await reportChat(chatId, { reason, text: text.trim() });
      showSuccess(t("chats.report.done"));
      close();
    } catch (error) {
      form.setFieldError("text", error instanceof HttpError ? error.message : t("chats.composer.failed"));
    } finally {
      setIsSending(false);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t("chats.report.title")} centered>
      <form onSubmit={submit} noValidate data-testid="chat-report-form">
        <Stack gap="md">
          <Radio.Group label={t("chats.report.reason")} withAsterisk {...form.getInputProps("reason")}>
            <Stack gap="xs" mt="xs">
              {chatReportReasons.map((reason) => (
                <Radio key={reason} value={reason} label={t(`chats.report.reasons.${reason}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t("chats.report.text")}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={chatReportTextMax}
            withAsterisk={form.values.reason === "other"}
            {...form.getInputProps("text")}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={isSending}>
              {t("auth.common.cancel")}
            </Button>
            <Button type="submit" color="red" loading={isSending} data-testid="chat-report-submit">
              {t("chats.report.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
