/**
 * "Report the ad": a reason from the contracts' list and a text (required for "other"); signed-in
 * users only, once per ad — a second report says it was already sent.
 */
import { Alert, Button, Modal, Radio, Stack, Textarea } from "@mantine/core";
import { IconFlag } from "@tabler/icons-react";
import { type AdComplaintReason, adComplaintReasons } from "@unaa/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { api } from "../../lib/app-state.ts";
import { loadErrorCodeText } from "../../lib/error-code-text.ts";
import { HttpError } from "../../lib/http-client.ts";
import { showSuccess } from "../../lib/notify.ts";
import { useSession } from "../../lib/session.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { loginPath } from "./ad-page-seller.tsx";

const TEXT_MAX = 1000;

type Outcome =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "already" }
  | { kind: "failed"; message: string };

export function AdComplaint({ adId }: { adId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const { status } = useSession();
  const [isOpen, setOpen] = useState(false);
  const [reason, setReason] = useState<AdComplaintReason | null>(null);
  const [text, setText] = useState("");
  const [textError, setTextError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });

  const trigger = {
    variant: "subtle",
    color: "gray",
    size: "sm",
    leftSection: <IconFlag size={16} aria-hidden />,
    "data-testid": "ad-complain",
  } as const;
  if (status === "guest") {
    return (
      <Button {...trigger} component={AppLink} to={loginPath(`${location.pathname}${location.search}`)}>
        {t("adPage.complaint.open")}
      </Button>
    );
  }

  function close() {
    setOpen(false);
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
    <>
      <Button {...trigger} onClick={() => setOpen(true)} disabled={status === "restoring"}>
        {t("adPage.complaint.open")}
      </Button>
      <Modal opened={isOpen} onClose={close} title={t("adPage.complaint.title")} centered>
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
    </>
  );
}
