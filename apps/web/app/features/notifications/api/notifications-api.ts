/** `/api/notifications` (decision 054): the centre's list, reads, and the preferences. Silent: the UI says. */
import type {
  Notification,
  NotificationListResponse,
  NotificationPreferences,
  NotificationPreferencesInput,
  NotificationUnread,
  PushSubscriptionInput,
} from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

/** How many the header's panel lists: the latest ones. */
export const latestLimit = 20;

export function getUnreadCount(signal?: AbortSignal): Promise<NotificationUnread> {
  return api.get<NotificationUnread>("/api/notifications/unread", { signal, silent: true });
}

export function getLatestNotifications(signal?: AbortSignal): Promise<NotificationListResponse> {
  return api.get<NotificationListResponse>("/api/notifications", {
    query: { limit: latestLimit },
    signal,
    silent: true,
  });
}

/** How many the full list (`/settings/notifications`) shows per page. */
export const pageLimit = 20;

/** One page of the full list, newest first; `cursor` is the last page's `nextCursor`. */
export function getNotificationsPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NotificationListResponse> {
  return api.get<NotificationListResponse>("/api/notifications", {
    query: { limit: pageLimit, cursor },
    signal,
    silent: true,
  });
}

export function markNotificationRead(id: number): Promise<Notification> {
  return api.post<Notification>(`/api/notifications/${id}/read`, undefined, { silent: true });
}

export function markAllNotificationsRead(): Promise<{ marked: number; unread: number }> {
  return api.post<{ marked: number; unread: number }>("/api/notifications/read-all", undefined, {
    silent: true,
  });
}

export function getPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return api.get<NotificationPreferences>("/api/notifications/preferences", { signal, silent: true });
}

export function updatePreferences(change: NotificationPreferencesInput): Promise<NotificationPreferences> {
  return api.put<NotificationPreferences>("/api/notifications/preferences", change, { silent: true });
}

/** The VAPID public key browsers subscribe with. */
export function getPushKey(): Promise<{ publicKey: string }> {
  return api.get<{ publicKey: string }>("/api/notifications/push/key", { silent: true });
}

/** Posts this browser's subscription; push texts come in the page's language (`X-Lang`). */
export function subscribePush(subscription: PushSubscriptionInput): Promise<unknown> {
  return api.post("/api/notifications/push", subscription, { silent: true });
}

export function unsubscribePush(endpoint: string): Promise<unknown> {
  return api.request("/api/notifications/push", { method: "DELETE", body: { endpoint }, silent: true });
}
