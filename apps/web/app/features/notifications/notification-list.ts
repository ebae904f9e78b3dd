/** Changes of the panel's list in place: a new notification arrives, some are read. */
import type { Notification, NotificationListResponse } from "@unaa/contracts";
import { latestLimit } from "./api/notifications-api.ts";

/** The list with a new notification on top (once), keeping the panel's length. */
export function listWithNew(
  list: NotificationListResponse,
  notification: Notification,
): NotificationListResponse {
  if (list.items.some((item) => item.id === notification.id)) return list;
  const items = [notification, ...list.items];
  if (items.length <= latestLimit) return { ...list, items };
  const kept = items.slice(0, latestLimit);
  return { items: kept, nextCursor: list.nextCursor ?? String(kept.at(-1)?.id) };
}

/** The list with some notifications (or all, `ids` null) read. */
export function listWithRead(
  list: NotificationListResponse,
  ids: readonly number[] | null,
): NotificationListResponse {
  let changed = false;
  const items = list.items.map((item) => {
    if (item.isRead || (ids !== null && !ids.includes(item.id))) return item;
    changed = true;
    return { ...item, isRead: true };
  });
  return changed ? { ...list, items } : list;
}
