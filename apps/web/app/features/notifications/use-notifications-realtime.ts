/**
 * The header's live side of the notification centre (decision 054): the unread count is fetched on
 * load and then set by `notifications:unread`; after a reconnection the count and the panel's list
 * are fetched again (what came while away). The panel adds `notification:new` to its list itself.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { realtimeHub } from "../../lib/realtime-hub.ts";
import { notificationKeys } from "./api/notification-keys.ts";
import { getUnreadCount } from "./api/notifications-api.ts";
import { unreadNotifications } from "./unread-count.ts";

/** Fetches the count again (a failure keeps the last one: the socket will say). */
export function refreshUnreadCount(): void {
  getUnreadCount()
    .then(({ count }) => unreadNotifications.set(count))
    .catch(() => undefined);
}

export function useNotificationsRealtime(userId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) {
      unreadNotifications.set(0);
      return;
    }
    refreshUnreadCount();
    const stops = [
      realtimeHub.on("notifications:unread", ({ count }) => unreadNotifications.set(count)),
      realtimeHub.onReconnect(() => {
        refreshUnreadCount();
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) });
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient, userId]);
}
