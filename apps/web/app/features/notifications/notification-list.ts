/** Changes of the panel's list and the full list's pages in place: a new notification arrives, some are read. */
import type { InfiniteData } from "@tanstack/react-query";
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

export type NotificationPages = InfiniteData<NotificationListResponse, string | null>;

/** The full list's pages with a new notification on top of the first page (once). */
export function pagesWithNew(data: NotificationPages, notification: Notification): NotificationPages {
  const [first, ...rest] = data.pages;
  if (!first || data.pages.some((page) => page.items.some((item) => item.id === notification.id)))
    return data;
  return { ...data, pages: [{ ...first, items: [notification, ...first.items] }, ...rest] };
}

/** The full list's pages with some notifications (or all, `ids` null) read. */
export function pagesWithRead(data: NotificationPages, ids: readonly number[] | null): NotificationPages {
  const pages = data.pages.map((page) => listWithRead(page, ids));
  return pages.every((page, index) => page === data.pages[index]) ? data : { ...data, pages };
}
