/**
 * The seller's card on an ad page: the trust card (who sells, since when, verified phone, ads,
 * response rate and time, other ads); the phone shown on request
 * (counted and limited by the API; hidden when the seller asks for the chat only) and the "Write"
 * button to the chat (guests sign in first); on phones the same in a bar stuck to the screen's bottom.
 * The owner sees the ways to manage the ad instead.
 */
import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconEdit, IconMessageCircle, IconPhone } from "@tabler/icons-react";
import type { Ad, AdPhonesResponse } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { TrustCard, type TrustCardProfile } from "../../components/trust-card.tsx";
import { api } from "../../lib/app-state.ts";
import { loadErrorCodeText } from "../../lib/error-code-text.ts";
import { formatPhone } from "../../lib/format.ts";
import { HttpError } from "../../lib/http-client.ts";
import { localizePath } from "../../lib/i18n.ts";
import { useSession } from "../../lib/session.ts";
import { useLocale } from "../../lib/use-locale.ts";
import classes from "./ad-page.module.css";

type PhoneState =
  | { kind: "hidden" }
  | { kind: "loading" }
  | { kind: "shown"; phones: string[] }
  | { kind: "failed"; message: string };

/** Where a guest signs in before a signed-in-only action, coming back to `target` afterwards. */
export function loginPath(target: string): string {
  return `/login?redirect=${encodeURIComponent(target)}`;
}

/** The phone shown on request, one state for the seller's card and the phone's contact bar. */
export interface PhoneReveal {
  state: PhoneState;
  reveal: () => Promise<void>;
}

export function usePhoneReveal(ad: Ad): PhoneReveal {
  const { t } = useTranslation();
  const locale = useLocale();
  const [state, setState] = useState<PhoneState>({ kind: "hidden" });

  async function reveal() {
    setState({ kind: "loading" });
    try {
      const { phones } = await api.post<AdPhonesResponse>(`/api/ads/${ad.id}/phones`, undefined, {
        silent: true,
      });
      setState({ kind: "shown", phones });
    } catch (error) {
      let message = t("adPage.phone.failed");
      if (error instanceof HttpError) {
        if (error.status === 429) message = t("adPage.phone.tooMany");
        else if (error.code === "AD_CHAT_ONLY") message = t("adPage.phone.chatOnly");
        else message = await loadErrorCodeText(error, locale);
      }
      setState({ kind: "failed", message });
    }
  }
  return { state, reveal };
}

function PhoneButtons({ ad, phone }: { ad: Ad; phone: PhoneReveal }) {
  const { t } = useTranslation();
  const { state } = phone;

  if (ad.chatOnly) {
    return (
      <Text fz="sm" c="dimmed" data-testid="ad-chat-only">
        {t("adPage.phone.chatOnly")}
      </Text>
    );
  }
  if (state.kind === "shown") {
    return (
      <Stack gap={6} data-testid="ad-phones">
        {state.phones.map((number) => (
          <Button
            key={number}
            component="a"
            href={`tel:${number}`}
            size="md"
            color="teal"
            leftSection={<IconPhone size={18} aria-hidden />}
          >
            {formatPhone(number)}
          </Button>
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap={6}>
      <Button
        size="md"
        color="teal"
        leftSection={<IconPhone size={18} aria-hidden />}
        loading={state.kind === "loading"}
        onClick={phone.reveal}
        data-testid="ad-show-phone"
      >
        {t("adPage.phone.show")}
      </Button>
      {state.kind === "failed" && (
        <Alert color="red" variant="light" p="xs" role="alert" data-testid="ad-phone-error">
          {state.message}
        </Alert>
      )}
    </Stack>
  );
}

/** Where the "Write" button leads: the ad's chat; a guest signs in first. */
function useChatPath(ad: Ad): string {
  const locale = useLocale();
  // While the session is restored the visitor is most likely signed in: the chat, not the login.
  const { status } = useSession();
  const chatPath = `/settings/chats?ad=${ad.id}`;
  return status === "guest" ? loginPath(localizePath(chatPath, locale)) : chatPath;
}

/**
 * Phones only (below Mantine's `sm`): the price, "Show phone" (the number once shown) and "Write"
 * (no icon: both labels whole in Kyrgyz and Russian at 390 px),
 * stuck to the bottom of the screen while the ad scrolls by. It takes its own place at the end of the
 * page, so it never covers the last of the ad, and keeps clear of the phone's home indicator.
 */
export function AdContactBar({
  ad,
  price,
  phone,
  hidden,
}: {
  ad: Ad;
  price: string;
  phone: PhoneReveal;
  /** While the seller card (with the same buttons) is on screen, the bar steps aside. */
  hidden: boolean;
}) {
  const { t } = useTranslation();
  const chatPath = useChatPath(ad);
  const { state } = phone;
  const firstPhone = state.kind === "shown" ? state.phones[0] : undefined;

  return (
    <div className={classes.contactBar} data-testid="ad-contact-bar" data-hidden={hidden || undefined}>
      <span className={classes.contactPrice}>{price}</span>
      <div className={classes.contactActions}>
        {!ad.chatOnly &&
          (firstPhone ? (
            <Button
              component="a"
              href={`tel:${firstPhone}`}
              color="teal"
              leftSection={<IconPhone size={18} aria-hidden />}
              px="md"
              data-testid="ad-contact-bar-phone"
            >
              {formatPhone(firstPhone)}
            </Button>
          ) : (
            <Button
              color="teal"
              leftSection={<IconPhone size={18} aria-hidden />}
              loading={state.kind === "loading"}
              onClick={phone.reveal}
              px="md"
              data-testid="ad-contact-bar-show-phone"
            >
              {t("adPage.phone.show")}
            </Button>
          ))}
        <Button component={AppLink} to={chatPath} variant="light" px="md" data-testid="ad-contact-bar-write">
          {t("adPage.seller.write")}
        </Button>
      </div>
    </div>
  );
}

/** The seller's trust card with the ways to reach them (or, for the owner, to manage the ad). */
export function AdSellerCard({
  ad,
  seller,
  phone,
}: {
  ad: Ad;
  seller: TrustCardProfile;
  phone: PhoneReveal;
}) {
  const { t } = useTranslation();
  const chatPath = useChatPath(ad);

  return (
    <TrustCard profile={seller} linkToProfile showOtherAds testId="ad-seller">
      {ad.isOwner ? (
        <Stack gap={6}>
          <Button
            component={AppLink}
            to={`/${ad.vertical}/${ad.id}/edit`}
            variant="light"
            leftSection={<IconEdit size={18} aria-hidden />}
            data-testid="ad-edit"
          >
            {t("adPage.owner.edit")}
          </Button>
          <Button component={AppLink} to="/settings/adds" variant="default">
            {t("adPage.owner.myAds")}
          </Button>
        </Stack>
      ) : (
        <Stack gap={6}>
          {ad.status === "active" && <PhoneButtons ad={ad} phone={phone} />}
          <Button
            component={AppLink}
            to={chatPath}
            variant="light"
            size="md"
            leftSection={<IconMessageCircle size={18} aria-hidden />}
            data-testid="ad-write"
          >
            {t("adPage.seller.write")}
          </Button>
        </Stack>
      )}
    </TrustCard>
  );
}
