/**
 * "Report the ad": a reason from the contracts' list and a text (required for "other"); signed-in
 * users only, once per ad — a second report says it was already sent. The dialog's code
 * (ad-complaint-dialog.tsx) loads when the button is first pointed at, focused or pressed.
 */
import { Button } from "@mantine/core";
import { IconFlag } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { useSession } from "../../lib/session.ts";
import { useFocusBack } from "../../lib/use-focus-back.ts";
import { loginPath } from "./ad-page-seller.tsx";

const AdComplaintDialog = lazy(() => import("./ad-complaint-dialog.tsx"));

export function AdComplaint({ adId }: { adId: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { status } = useSession();
  const [isOpen, setOpen] = useState(false);
  // The dialog is rendered (closed) from the first pointing at or focus on the button, so its code
  // is there before it opens.
  const [isDialogMounted, setDialogMounted] = useState(false);
  useFocusBack(isOpen);
  const mountDialog = () => setDialogMounted(true);

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

  return (
    <>
      <Button
        {...trigger}
        onClick={() => {
          mountDialog();
          setOpen(true);
        }}
        onPointerEnter={mountDialog}
        onFocus={mountDialog}
        disabled={status === "restoring"}
      >
        {t("adPage.complaint.open")}
      </Button>
      {isDialogMounted && (
        <Suspense fallback={null}>
          <AdComplaintDialog adId={adId} opened={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
