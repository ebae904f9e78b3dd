import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconBell, IconCheck, IconChecks } from "@tabler/icons-react";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import type { Notification } from "@unaa/contracts";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { ListSkeleton, LoadFailed } from "../../components/load-state.tsx";
import { realtimeHub } from "../../lib/realtime-hub.ts";
import { useSession } from "../../lib/session.ts";
import { useLocale } from "../../lib/use-locale.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { shortWhen } from "../chats/chat-days.ts";
import { notificationKeys } from "./api/notification-keys.ts";
import { getNotificationsPage } from "./api/notifications-api.ts";
import classes from "./notification-centre.module.css";
import { type NotificationPages, pagesWithNew } from "./notification-list.ts";
import { notificationLink, notificationText, type TextContext } from "./notification-text.ts";
import { useUnreadNotifications } from "./unread-count.ts";
import { useMarkNotificationsRead } from "./use-mark-read.ts";

/** One notification of the full list: its subject's link (marking it read), or a "mark read" button. */
function NotificationRow({
  notification,
  context,
  onRead,
}: {
  notification: Notification;
  context: TextContext;
  onRead: (notification: Notification) => void;
}) {
  const { t } = useTranslation();
  const { title, text } = notificationText(t, notification, context);
  const link = notificationLink(notification);
  const unread = !notification.isRead;
  return (
    <li
      className={classes.item}
      data-unread={unread || undefined}
      data-testid="notification-row"
      data-kind={notification.kind}
    >
      {unread ? (
        <span className={classes.dot} role="img" aria-label={t("notifications.panel.unread")} />
      ) : (
        <span className={classes.dotSpace} />
      )}
      <div className={classes.body}>
        {link ? (
          <AppLink to={link} className={classes.title} onClick={() => onRead(notification)}>
            {title}
          </AppLink>
        ) : (
          <Text fw={unread ? 700 : 500} className={classes.titleText}>
            {title}
          </Text>
        )}
        {/* Dimmed text is too faint on an unread row's tint. */}
        <Text size="sm" c={unread ? undefined : "dimmed"} className={classes.text}>
          {text}
        </Text>
        <Text size="xs" c={unread ? undefined : "dimmed"} component="time" dateTime={notification.createdAt}>
          {shortWhen(t, notification.createdAt, context.now, context.timeZone)}
        </Text>
      </div>
      {unread && (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconCheck size={16} aria-hidden />}
          onClick={() => onRead(notification)}
          aria-label={t("notifications.page.markReadOne", { title })}
          data-testid="notification-mark-read"
        >
          {t("notifications.page.markRead")}
        </Button>
      )}
    </li>
  );
}

/**
 * Settings → Notifications: every notification, newest first, by keyset pages ("show more"), each
 * with its link; mark one or all read. New ones arrive live on top.
 */
export function NotificationCentre() {
  const { t } = useTranslation();
  const locale = useLocale();
  const userId = useSession().user?.id;
  const queryClient = useQueryClient();
  const timeZone = useRouteLoaderData<typeof rootLoader>("root")?.config.timeZone ?? "Asia/Bishkek";
  const unread = useUnreadNotifications();
  const { markRead, markAllRead } = useMarkNotificationsRead(userId);
  const list = useInfiniteQuery({
    queryKey: notificationKeys.pages(userId),
    queryFn: ({ pageParam, signal }) => getNotificationsPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: userId !== undefined,
  });
  useEffect(() => {
    const stops = [
      realtimeHub.on("notification:new", (notification) => {
        queryClient.setQueryData<NotificationPages>(notificationKeys.pages(userId), (data) =>
          data ? pagesWithNew(data, notification) : data,
        );
      }),
      realtimeHub.onReconnect(() => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.pages(userId) });
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient, userId]);

  if (userId === undefined || list.isPending) {
    return <ListSkeleton testId="notifications-page-pending" />;
  }
  if (list.isError) {
    return <LoadFailed text={t("notifications.panel.loadFailed")} onRetry={list.refetch} />;
  }
  const items = list.data.pages.flatMap((page) => page.items);
  const context: TextContext = { locale, now: new Date(list.dataUpdatedAt || Date.now()), timeZone };
  const hasUnread = unread > 0 || items.some((item) => !item.isRead);

  return (
    <Stack gap="md" data-testid="notifications-page">
      <Group justify="space-between" gap="sm">
        <Text c="dimmed" size="sm" data-testid="notifications-page-unread">
          {t("notifications.page.unread", { count: unread })}
        </Text>
        {hasUnread && (
          <Button
            variant="light"
            size="sm"
            leftSection={<IconChecks size={18} aria-hidden />}
            onClick={markAllRead}
            data-testid="notifications-page-read-all"
          >
            {t("notifications.panel.markAllRead")}
          </Button>
        )}
      </Group>
      {items.length === 0 ? (
        <Stack align="center" gap="xs" py={48} data-testid="notifications-page-empty">
          <IconBell size={48} stroke={1.2} aria-hidden className={classes.emptyIcon} />
          <Title order={2} fz="h3">
            {t("notifications.panel.empty")}
          </Title>
          <Text c="dimmed" ta="center" maw={420}>
            {t("notifications.page.emptyText")}
          </Text>
        </Stack>
      ) : (
        <ul className={classes.list} aria-label={t("notifications.panel.title")}>
          {items.map((notification) => (
            <NotificationRow
              key={notification.id}
              notification={notification}
              context={context}
              onRead={markRead}
            />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          variant="default"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
          data-testid="notifications-page-more"
        >
          {t("notifications.page.more")}
        </Button>
      )}
    </Stack>
  );
}
