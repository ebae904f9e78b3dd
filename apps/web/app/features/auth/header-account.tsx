import { Button, Group, Skeleton, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconChevronDown, IconUser } from "@tabler/icons-react";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { MenuOnDemand } from "../../components/menu-on-demand.tsx";
import { UserAvatar } from "../../components/user-avatar.tsx";
import { stripLocale } from "../../lib/i18n.ts";
import { useSession } from "../../lib/session.ts";

const loadMenu = () => import("./account-menu.tsx");
const AccountMenu = lazy(loadMenu);

/** The login link keeps the page the visitor is on as the place to come back to. */
export function useLoginLink(): string {
  const location = useLocation();
  const path = stripLocale(location.pathname);
  if (path === "/" || path === "/login" || path === "/reset-password") return "/login";
  return `/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}

/**
 * The header's account corner: "Sign in" for guests, a placeholder while the session is restored,
 * and the user menu's button (avatar, name) when signed in; the menu (`account-menu.tsx`) loads on
 * first use.
 */
export function HeaderAccount() {
  const { t } = useTranslation();
  const { user, status } = useSession();
  const loginLink = useLoginLink();

  if (status === "restoring")
    return <Skeleton circle height={34} aria-hidden data-testid="user-menu-pending" />;
  if (!user) {
    return (
      <Button
        component={AppLink}
        to={loginLink}
        variant="default"
        size="sm"
        leftSection={<IconUser size={16} />}
        visibleFrom="xs"
        data-testid="sign-in"
      >
        {t("nav.signIn")}
      </Button>
    );
  }
  return (
    <MenuOnDemand
      menu={AccountMenu}
      preload={loadMenu}
      target={
        // Named by what it shows (the username, where it is shown) and what it opens (2.5.3).
        <UnstyledButton data-testid="user-menu">
          <Group gap={6} wrap="nowrap">
            <UserAvatar user={user} size={34} />
            <Text size="sm" fw={500} maw={100} truncate visibleFrom="lg">
              {user.username}
            </Text>
            <VisuallyHidden>{t("auth.menu.open")}</VisuallyHidden>
            <IconChevronDown size={14} stroke={1.6} aria-hidden className="mantine-visible-from-xs" />
          </Group>
        </UnstyledButton>
      }
    />
  );
}
