/** Share an ad: the system share sheet where there is one, otherwise the link is copied. */
import { Button } from "@mantine/core";
import { IconShare } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { toasts } from "../../lib/app-state.ts";
import { showSuccess } from "../../lib/notify.ts";

export function AdShare({ title, url }: { title: string; url: string }) {
  const { t } = useTranslation();

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The visitor closed the sheet: nothing to say.
        if ((error as Error).name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      showSuccess(t("adPage.share.copied"));
    } catch {
      toasts.scheduleAutoClose(toasts.add({ title: t("adPage.share.failed", { url }), color: "red" }));
    }
  }

  return (
    <Button
      variant="default"
      leftSection={<IconShare size={18} aria-hidden />}
      onClick={share}
      data-testid="ad-share"
    >
      {t("adPage.share.label")}
    </Button>
  );
}
