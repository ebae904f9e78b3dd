/**
 * The header's live side of the notification centre (decision 054): the unread count is fetched
 * on load and then set by `notifications:unread` (which the server also sends on each connection,
 * so a reconnection brings it up to date). The panel keeps its own list live (`notification:new`,
 * fetched again after a reconnection).
 */
import { useEffect } from "react";
import { realtimeHub } from "../../lib/realtime-hub.ts";
import { getUnreadCount } from "./api/notifications-api.ts";
import { unreadNotifications } from "./unread-count.ts";

/** Fetches the count again (a failure keeps the last one: the socket will say). */
export function refreshUnreadCount(): void {
  getUnreadCount()
    .then(({ count }) => unreadNotifications.set(count))
    .catch(() => undefined);
}

export function useNotificationsRealtime(userId: number | undefined): void {
  useEffect(() => {
    unreadNotifications.set(0);
    if (userId === undefined) return;
    refreshUnreadCount();
    return realtimeHub.on("notifications:unread", ({ count }) => unreadNotifications.set(count));
  }, [userId]);
}
