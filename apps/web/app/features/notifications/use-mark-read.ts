import { useQueryClient } from "@tanstack/react-query";
import type { Notification, NotificationListResponse } from "@unaa/contracts";
import { notificationKeys } from "./api/notification-keys.ts";
import { markAllNotificationsRead, markNotificationRead } from "./api/notifications-api.ts";
import { listWithRead, type NotificationPages, pagesWithRead } from "./notification-list.ts";
import { unreadNotifications } from "./unread-count.ts";
import { refreshUnreadCount } from "./use-notifications-realtime.ts";

/**
 * Marking read, for the bell's panel and the full list alike: both caches and the header's count
 * change at once; a refusal refetches what the server holds.
 */
export function useMarkNotificationsRead(userId: number | undefined) {
  const queryClient = useQueryClient();
  const markInCaches = (ids: readonly number[] | null) => {
    queryClient.setQueryData<NotificationListResponse>(notificationKeys.latest(userId), (data) =>
      data ? listWithRead(data, ids) : data,
    );
    queryClient.setQueryData<NotificationPages>(notificationKeys.pages(userId), (data) =>
      data ? pagesWithRead(data, ids) : data,
    );
  };
  const resync = () => {
    refreshUnreadCount();
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) });
  };
  return {
    markRead(notification: Notification) {
      if (notification.isRead) return;
      markInCaches([notification.id]);
      unreadNotifications.set(unreadNotifications.get() - 1);
      markNotificationRead(notification.id).catch(resync);
    },
    markAllRead() {
      markInCaches(null);
      unreadNotifications.set(0);
      markAllNotificationsRead()
        .then(({ unread }) => unreadNotifications.set(unread))
        .catch(resync);
    },
  };
}
