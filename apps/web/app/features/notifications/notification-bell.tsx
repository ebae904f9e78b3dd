import { ActionIcon } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import classes from "../../components/count-badge.module.css";
import { MenuOnDemand } from "../../components/menu-on-demand.tsx";
import { useSession } from "../../lib/session.ts";
import { useUnreadNotifications } from "./unread-count.ts";
import { useNotificationsRealtime } from "./use-notifications-realtime.ts";

const loadPanel = () => import("./notification-panel.tsx");
const NotificationPanel = lazy(loadPanel);

/**
 * The header's bell for a signed-in user: the unread count (fetched on load, then as the socket
 * says), and the panel of the latest notifications (`notification-panel.tsx`), loaded on first use.
 * Kept light: it is on every page.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const { user } = useSession();
  const userId = user?.id;
  useNotificationsRealtime(userId);
  const unread = useUnreadNotifications();
  if (!user) return null;
  const label =
    unread > 0 ? t("notifications.bell.unread", { count: unread }) : t("notifications.bell.label");
  return (
    <MenuOnDemand
      menu={NotificationPanel}
      preload={loadPanel}
      target={
        <ActionIcon
          variant="subtle"
          color="gray"
          size={36}
          className={classes.holder}
          aria-label={label}
          data-testid="header-notifications"
          data-unread={unread}
        >
          <IconBell size={22} stroke={1.6} aria-hidden />
          {unread > 0 && (
            <span className={classes.badge} aria-hidden data-testid="header-notifications-badge">
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </ActionIcon>
      }
    />
  );
}
