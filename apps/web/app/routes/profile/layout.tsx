import { Badge, Button, Container, EmptyState, Tabs } from "@mantine/core";
import { IconMessageCircle, IconUserOff } from "@tabler/icons-react";
import { type ProfileTab, type PublicProfile, profileTabs } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { data, Outlet, useNavigate } from "react-router";
import { serverContext } from "#server-context";
import { AppLink } from "../../components/app-link.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { TrustCard } from "../../components/trust-card.tsx";
import { loginPath } from "../../features/ads/ad-page-seller.tsx";
import { SellerReviews } from "../../features/reviews/seller-reviews.tsx";
import { localizePath, requireTexts, stripLocale } from "../../lib/i18n.ts";
import { isAdId, notFound } from "../../lib/not-found.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import { useSession } from "../../lib/session.ts";
import { useLocale } from "../../lib/use-locale.ts";
import type { Route } from "./+types/layout.ts";
import classes from "./profile.module.css";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("profile", "reviews");

/** The tab an address shows: `/profile/7` default, `/profile/7/adds`, `/profile/7/uslugi`. */
function tabOf(pathname: string, id: string): ProfileTab {
  const rest = stripLocale(pathname).slice(`/profile/${id}`.length).replace(/^\//, "");
  return profileTabs.find((tab) => tab === rest) ?? "default";
}

type ProfileData =
  | { kind: "profile"; profile: PublicProfile; tab: ProfileTab }
  | { kind: "unavailable"; tab: ProfileTab };

/**
 * The profile beside its tab's first page (the tab's own loader, run at the same time). Unknown ids
 * answer the 404 page; a deleted or blocked account a neutral page, also with status 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isAdId(params.id)) notFound(request);
  const tab = tabOf(new URL(request.url).pathname, params.id);
  try {
    const profile = await context.get(serverContext).services.profilesService.getProfile(Number(params.id));
    return { kind: "profile", profile, tab } as ProfileData;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "USER_NOT_FOUND") notFound(request);
    if (code === "USER_UNAVAILABLE")
      return data({ kind: "unavailable", tab } as ProfileData, { status: 404 });
    throw error;
  }
}

const tabTitleKeys: Record<ProfileTab, string> = {
  default: "profile.tabs.default",
  adds: "profile.tabs.adds",
  uslugi: "profile.tabs.uslugi",
};

export const handle: PageHandle = {
  breadcrumbs: (params, loaded) => {
    const profile = loaded as ProfileData;
    return [
      profile.kind === "profile"
        ? { text: profile.profile.username, to: `/profile/${params.id}` }
        : { key: "profile.page.unavailableTitle", to: `/profile/${params.id}` },
    ];
  },
  head: (_params, loaded) => {
    const profile = loaded as ProfileData;
    if (profile.kind !== "profile") return { title: { key: "profile.page.unavailableTitle" } };
    const name = profile.profile.username;
    return {
      title: { key: `profile.head.${profile.tab}`, values: { name } },
      description: { key: "profile.page.description", values: { name } },
      ...(profile.profile.avatar ? { image: profile.profile.avatar } : {}),
    };
  },
};

/** "Write": opens or resumes the chat with this user; a guest signs in first. The owner sees none. */
function WriteButton({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { status, user } = useSession();
  if (user?.id === userId) return null;
  const chatPath = `/settings/chats?user=${userId}`;
  return (
    <Button
      component={AppLink}
      to={status === "guest" ? loginPath(localizePath(chatPath, locale)) : chatPath}
      variant="light"
      size="md"
      leftSection={<IconMessageCircle size={18} aria-hidden />}
      data-testid="profile-write"
    >
      {t("profile.page.write")}
    </Button>
  );
}

/** `/profile/{id}` with its tabs: default (vehicle ads), adds (all ads), uslugi (S2.5). */
export default function ProfileLayout({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const loaded = loaderData as ProfileData;

  if (loaded.kind === "unavailable") {
    return (
      <Container size="xl" py="lg">
        <PageHeader />
        <EmptyState
          py="xl"
          variant="light"
          color="gray"
          icon={<IconUserOff size={28} />}
          title={t("profile.page.unavailableTitle")}
          description={t("profile.page.unavailableText")}
          data-testid="profile-unavailable"
        >
          <Button component={AppLink} to="/" variant="default" mt="md">
            {t("profile.page.toHome")}
          </Button>
        </EmptyState>
      </Container>
    );
  }

  const { profile, tab } = loaded;
  const base = `/profile/${params.id}`;
  return (
    <Container size="xl" py="lg">
      <PageHeader />
      <div className={classes.layout}>
        <div className={classes.card}>
          <TrustCard profile={profile}>
            <WriteButton userId={profile.id} />
          </TrustCard>
        </div>
        <div>
          <Tabs
            value={tab}
            onChange={(value) =>
              navigate(localizePath(value === "default" ? base : `${base}/${value}`, locale), {
                preventScrollReset: true,
              })
            }
            keepMounted={false}
          >
            <Tabs.List aria-label={t("profile.page.tabsLabel")} mb="lg" className={classes.tabs}>
              {profileTabs.map((item) => (
                <Tabs.Tab
                  key={item}
                  value={item}
                  className={classes.tab}
                  data-testid={`profile-tab-${item}`}
                  rightSection={
                    <Badge
                      size="sm"
                      variant={item === tab ? "filled" : "light"}
                      color={item === tab ? undefined : "gray"}
                      data-testid={`profile-tab-count-${item}`}
                    >
                      {profile.tabCounts[item]}
                    </Badge>
                  }
                >
                  {t(tabTitleKeys[item])}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value={tab}>
              <Outlet />
            </Tabs.Panel>
          </Tabs>
          <div className={classes.reviews}>
            <SellerReviews sellerId={profile.id} />
          </div>
        </div>
      </div>
    </Container>
  );
}
