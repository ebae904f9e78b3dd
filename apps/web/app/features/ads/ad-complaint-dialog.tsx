/**
 * The "report the ad" dialog (ad-page-complaint.tsx): loaded when the button is first pointed at,
 * focused or pressed, so its form (radios, an autosizing text area) stays off the ad page's first
 * load. It stays mounted once opened: a reopened dialog keeps the reason and text.
 */
import { Alert, Button, Modal, Radio, Stack, Textarea } from "@mantine/core";
import { type AdComplaintReason, adComplaintReasons } from "@unaa/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/app-state.ts";
import { loadErrorCodeText } from "../../lib/error-code-text.ts";
import { HttpError } from "../../lib/http-client.ts";
import { showSuccess } from "../../lib/notify.ts";
import { useLocale } from "../../lib/use-locale.ts";

const TEXT_MAX = 1000;

type Outcome =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "already" }
  | { kind: "failed"; message: string };

export default function AdComplaintDialog({
  adId,
  opened,
  onClose,
}: {
  adId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [reason, setReason] = useState<AdComplaintReason | null>(null);
  const [text, setText] = useState("");
  const [textError, setTextError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });

  function close() {
    onClose();
    setOutcome({ kind: "idle" });
    setTextError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return;
    if (reason === "other" && !text.trim()) {
      setTextError(t("adPage.complaint.textRequired"));
      return;
    }
    setOutcome({ kind: "sending" });
    try {
      await api.post(`/api/ads/${adId}/complaints`, { reason, text: text.trim() }, { silent: true });
      close();
      setReason(null);
      setText("");
      showSuccess(t("adPage.complaint.sent"));
    } catch (error) {
      if (error instanceof HttpError && error.code === "AD_COMPLAINT_EXISTS") setOutcome({ kind: "already" });
      else {
        const message =
          error instanceof HttpError ? await loadErrorCodeText(error, locale) : t("adPage.complaint.failed");
        setOutcome({ kind: "failed", message });
      }
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={t("adPage.complaint.title")} centered returnFocus={false}>
      {outcome.kind === "already" ? (
        <Stack>
          <Alert color="blue" variant="light" data-testid="ad-complaint-already">
            {t("adPage.complaint.already")}
          </Alert>
          <Button onClick={close}>{t("adPage.complaint.close")}</Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Radio.Group
              value={reason}
              onChange={(value) => setReason(value as AdComplaintReason)}
              label={t("adPage.complaint.reason")}
              required
            >
              <Stack gap="xs" mt="xs">
                {adComplaintReasons.map((value) => (
                  <Radio key={value} value={value} label={t(`adPage.complaint.reasons.${value}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label={t("adPage.complaint.text")}
              description={t(
                reason === "other" ? "adPage.complaint.textHintOther" : "adPage.complaint.textHint",
              )}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setTextError(null);
              }}
              maxLength={TEXT_MAX}
              autosize
              minRows={3}
              maxRows={8}
              required={reason === "other"}
              error={textError}
              size="md"
              data-testid="ad-complaint-text"
            />
            {outcome.kind === "failed" && (
              <Alert color="red" variant="light" role="alert">
                {outcome.message}
              </Alert>
            )}
            <Button
              type="submit"
              disabled={!reason}
              loading={outcome.kind === "sending"}
              data-testid="ad-complaint-submit"
            >
              {t("adPage.complaint.submit")}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
