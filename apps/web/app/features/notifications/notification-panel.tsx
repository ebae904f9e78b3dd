import { Button, Loader, Menu, Stack, Text } from "@mantine/core";
import { IconChecks, IconList, IconSettings } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Notification, NotificationListResponse } from "@unaa/contracts";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import type { MenuOnDemandProps } from "../../components/menu-on-demand.tsx";
import { realtimeHub } from "../../lib/realtime-hub.ts";
import { useSession } from "../../lib/session.ts";
import { useLocale } from "../../lib/use-locale.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { shortWhen } from "../chats/chat-days.ts";
import { notificationKeys } from "./api/notification-keys.ts";
import { getLatestNotifications } from "./api/notifications-api.ts";
import { listWithNew } from "./notification-list.ts";
import classes from "./notification-panel.module.css";
import { notificationLink, notificationText, type TextContext } from "./notification-text.ts";
import { useMarkNotificationsRead } from "./use-mark-read.ts";

/**
 * The bell's panel, loaded on first use: the latest notifications, newest first, each with its text
 * in the reader's language, its time and an unread dot; choosing one opens its subject and marks it
 * read; "mark all read". New ones arrive live (`use-notifications-realtime.ts`).
 */
export default function NotificationPanel({ target, opened, onChange }: MenuOnDemandProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useSession();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const timeZone = useRouteLoaderData<typeof rootLoader>("root")?.config.timeZone ?? "Asia/Bishkek";
  const listKey = notificationKeys.latest(userId);
  const list = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => getLatestNotifications(signal),
    enabled: userId !== undefined && opened,
  });
  // New ones go to the top while the panel is mounted (it stays mounted once opened); after a
  // reconnection the list is fetched again (what came while away).
  useEffect(() => {
    const stops = [
      realtimeHub.on("notification:new", (notification) => {
        queryClient.setQueryData<NotificationListResponse>(notificationKeys.latest(userId), (data) =>
          data ? listWithNew(data, notification) : data,
        );
      }),
      realtimeHub.onReconnect(() => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.latest(userId) });
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient, userId]);
  const items = list.data?.items ?? [];
  const hasUnread = items.some((item) => !item.isRead);
  const now = new Date();

  const { markRead, markAllRead: markAll } = useMarkNotificationsRead(userId);

  return (
    <Menu
      position="bottom-end"
      width={360}
      withinPortal
      opened={opened}
      onChange={onChange}
      classNames={{ dropdown: classes.dropdown }}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown data-testid="notifications-panel" maw="calc(100vw - 16px)">
        <div className={classes.head}>
          <Text fw={700} size="sm" component="h2">
            {t("notifications.panel.title")}
          </Text>
          {hasUnread && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconChecks size={16} />}
              onClick={markAll}
              data-testid="notifications-read-all"
            >
              {t("notifications.panel.markAllRead")}
            </Button>
          )}
        </div>
        <div className={classes.list}>
          {list.isPending ? (
            <Stack align="center" py="lg" gap="xs">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {t("notifications.panel.loading")}
              </Text>
            </Stack>
          ) : list.isError ? (
            <Text size="sm" c="dimmed" ta="center" py="lg">
              {t("notifications.panel.loadFailed")}
            </Text>
          ) : items.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="notifications-empty">
              {t("notifications.panel.empty")}
            </Text>
          ) : (
            items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                context={{ locale, now, timeZone }}
                onOpen={markRead}
              />
            ))
          )}
        </div>
        <div className={classes.foot}>
          <Menu.Item
            component={AppLink}
            to="/settings/notifications"
            leftSection={<IconList size={16} />}
            data-testid="notifications-see-all"
          >
            <Text size="sm">{t("notifications.panel.seeAll")}</Text>
          </Menu.Item>
          <Menu.Item
            component={AppLink}
            to="/settings#notifications"
            leftSection={<IconSettings size={16} />}
          >
            <Text size="sm">{t("notifications.panel.settings")}</Text>
          </Menu.Item>
        </div>
      </Menu.Dropdown>
    </Menu>
  );
}

/** One notification of the panel: a menu item leading to its subject (when it has one). */
function NotificationItem({
  notification,
  context,
  onOpen,
}: {
  notification: Notification;
  context: TextContext;
  onOpen: (notification: Notification) => void;
}) {
  const { t } = useTranslation();
  const { title, text } = notificationText(t, notification, context);
  const link = notificationLink(notification);
  const unread = !notification.isRead;
  const content = (
    <Stack gap={2} miw={0}>
      <Text size="sm" fw={unread ? 700 : 500}>
        {title}
      </Text>
      <Text size="sm" c="dimmed" className={classes.text}>
        {text}
      </Text>
      <Text size="xs" c="dimmed">
        {shortWhen(t, notification.createdAt, context.now, context.timeZone)}
      </Text>
    </Stack>
  );
  const common = {
    className: classes.item,
    leftSection: unread ? (
      <span className={classes.dot} role="img" aria-label={t("notifications.panel.unread")} />
    ) : (
      <span className={classes.dotSpace} />
    ),
    "data-unread": unread,
    "data-testid": "notification-item",
    "data-kind": notification.kind,
    onClick: () => onOpen(notification),
  };
  return link ? (
    <Menu.Item component={AppLink} to={link} {...common}>
      {content}
    </Menu.Item>
  ) : (
    <Menu.Item {...common}>{content}</Menu.Item>
  );
}
