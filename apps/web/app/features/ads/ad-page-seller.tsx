/**
 * The seller's card on an ad page: who sells, since when, how many ads; the phone shown on request
 * (counted and limited by the API; hidden when the seller asks for the chat only) and the "Write"
 * button to the chat (guests sign in first). The owner sees the ways to manage the ad instead.
 */
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconEdit, IconMessageCircle, IconPhone } from "@tabler/icons-react";
import type { Ad, AdPhonesResponse } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { UserAvatar } from "../../components/user-avatar.tsx";
import { api } from "../../lib/app-state.ts";
import { loadErrorCodeText } from "../../lib/error-code-text.ts";
import { formatPhone } from "../../lib/format.ts";
import { HttpError } from "../../lib/http-client.ts";
import { localizePath } from "../../lib/i18n.ts";
import { useSession } from "../../lib/session.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { formatCount } from "./ad-format.ts";

type PhoneState =
  | { kind: "hidden" }
  | { kind: "loading" }
  | { kind: "shown"; phones: string[] }
  | { kind: "failed"; message: string };

/** Where a guest signs in before a signed-in-only action, coming back to `target` afterwards. */
export function loginPath(target: string): string {
  return `/login?redirect=${encodeURIComponent(target)}`;
}

function PhoneReveal({ ad }: { ad: Ad }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [state, setState] = useState<PhoneState>({ kind: "hidden" });

  if (ad.chatOnly) {
    return (
      <Text fz="sm" c="dimmed" data-testid="ad-chat-only">
        {t("adPage.phone.chatOnly")}
      </Text>
    );
  }

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

  if (state.kind === "shown") {
    return (
      <Stack gap={6} data-testid="ad-phones">
        {state.phones.map((phone) => (
          <Button
            key={phone}
            component="a"
            href={`tel:${phone}`}
            size="md"
            color="teal"
            leftSection={<IconPhone size={18} aria-hidden />}
          >
            {formatPhone(phone)}
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
        onClick={reveal}
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

export function AdSellerCard({ ad }: { ad: Ad }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // While the session is restored the visitor is most likely signed in: the chat, not the login.
  const { status } = useSession();
  const { seller } = ad;
  const chatPath = `/settings/chats?ad=${ad.id}`;

  return (
    <Paper withBorder radius="lg" p="md" data-testid="ad-seller">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <UserAvatar user={{ username: seller.name, avatar: seller.avatar }} size={48} />
          <Stack gap={0} miw={0}>
            <Anchor component={AppLink} to={`/profile/${seller.id}`} fw={700} truncate="end">
              {seller.name}
            </Anchor>
            <Text fz="xs" c="dimmed">
              {t("adPage.seller.memberSince", { year: new Date(seller.memberSince).getUTCFullYear() })}
            </Text>
            <Anchor component={AppLink} to={`/profile/${seller.id}/adds`} fz="xs">
              {t("adPage.seller.activeAds", {
                count: seller.activeAds,
                formatted: formatCount(seller.activeAds, locale),
              })}
            </Anchor>
          </Stack>
        </Group>
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
            {ad.status === "active" && <PhoneReveal ad={ad} />}
            <Button
              component={AppLink}
              to={status === "guest" ? loginPath(localizePath(chatPath, locale)) : chatPath}
              variant="light"
              size="md"
              leftSection={<IconMessageCircle size={18} aria-hidden />}
              data-testid="ad-write"
            >
              {t("adPage.seller.write")}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
