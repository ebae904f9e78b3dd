/**
 * Notifications (issue 14, item 5; decision 054). `notify()` is the one entry point of every
 * trigger: it writes the in-app row, tells the user's sockets, and queues the email and push
 * deliveries their preferences allow (jobs `notification-email`, `notification-push`).
 */
import {
  defaultLocale,
  isLocale,
  type Locale,
  type Notification,
  type NotificationChannel,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationListResponse,
  type NotificationPayloads,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  notificationChannels,
  notificationKinds,
  notificationSchema,
  type PushMessage,
  type PushSubscriptionInput,
  type ServerToClientEvents,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { MailSender } from "../../lib/senders/mail-sender.ts";
import { sendWebPush, type VapidKeys } from "../../lib/web-push.ts";
import { writeNotificationEmail, writeNotificationText } from "./notification-texts.ts";
import {
  claimChatEmailTurn,
  claimNextExpiryNotice,
  countUnreadNotifications,
  deletePushSubscription,
  deletePushSubscriptionById,
  findAdBrief,
  findEmailOf,
  findFavoritersOf,
  findNotificationsPage,
  findPreferenceRows,
  findPushSubscriptions,
  findUserName,
  findUsersWithPush,
  insertNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationRow,
  upsertPreferenceRows,
  upsertPushSubscription,
} from "./notifications.repository.ts";

/** Queue names (decision 050). */
export const notificationJobs = {
  email: "notification-email",
  push: "notification-push",
  priceDrop: "favorite-price-drop",
  broadcast: "notification-broadcast",
} as const;

/** What an email or push job carries: everything its texts need (the row may be gone by then). */
export interface DeliveryJob {
  userId: number;
  /** The in-app row's id; 0 when the user turned the in-app channel of this kind off. */
  notificationId: number;
  kind: NotificationKind;
  payload: Record<string, unknown>;
}

export interface PriceDropJob {
  adId: number;
  oldPrice: number;
  price: number;
  currency: "KGS" | "USD";
}

/**
 * Email on by default for what needs the owner's action, messages missed while away, receipts, and
 * plan renewals (money taken, or about to be).
 */
const emailByDefault = new Set<NotificationKind>([
  "adRejected",
  "adExpiring",
  "chatMessage",
  "paymentReceipt",
  "planRenewalSoon",
  "planRenewed",
  "planRenewalFailed",
]);

/** In-app on for all; email as above; push on (it reaches only browsers that subscribed). */
export function defaultPreferences(): NotificationPreferences {
  return Object.fromEntries(
    notificationKinds.map((kind) => [kind, { inApp: true, email: emailByDefault.has(kind), push: true }]),
  ) as NotificationPreferences;
}

/** An email a chat sends a user at most once an hour (the throttle's key). */
export interface NotifyOptions {
  chatId?: number;
  /**
   * The channels this one notification may use, on top of the user's preferences for its kind (a
   * saved search's own in-app / email / push choice): a channel set false here is not used.
   */
  channels?: Partial<Record<NotificationChannel, boolean>>;
}

type EmitToUser = <E extends keyof ServerToClientEvents>(
  userId: number,
  event: E,
  ...args: Parameters<ServerToClientEvents[E]>
) => void;

export interface NotificationsServiceDeps {
  db: Database;
  emitToUser: EmitToUser;
  /** Adds a job (pg-boss); given a transaction, inside it. */
  sendJob(name: string, data: object, tx?: Database): Promise<unknown>;
  mail: MailSender;
  vapid: VapidKeys;
  publicOrigin: string;
  /** Whether the user has a connected socket (in any process). */
  isOnline(userId: number): Promise<boolean>;
  /** The push services' HTTP client (tests give one that reaches a local fake). */
  fetch?: typeof fetch;
}

export interface NotificationsService {
  /** The one entry point: the in-app row, the socket event, the email and push jobs per preferences. */
  notify<K extends NotificationKind>(
    userId: number,
    kind: K,
    payload: NotificationPayloads[K],
    options?: NotifyOptions,
  ): Promise<Notification | null>;
  /** The same for many users at once (a broadcast, a price drop); answers how many got it in-app. */
  notifyMany<K extends NotificationKind>(
    userIds: readonly number[],
    kind: K,
    payload: NotificationPayloads[K],
    options?: NotifyOptions,
  ): Promise<number>;
  list(userId: number, query: NotificationListQuery): Promise<NotificationListResponse>;
  unreadCount(userId: number): Promise<number>;
  markRead(userId: number, id: number): Promise<Notification>;
  markAllRead(userId: number): Promise<{ marked: number; unread: number }>;
  getPreferences(userId: number): Promise<NotificationPreferences>;
  updatePreferences(userId: number, input: NotificationPreferencesInput): Promise<NotificationPreferences>;
  pushPublicKey(): string;
  subscribePush(
    userId: number,
    input: PushSubscriptionInput,
    meta: { userAgent: string | null; locale: Locale },
  ): Promise<{ id: number; endpoint: string }>;
  unsubscribePush(userId: number, endpoint: string): Promise<void>;

  // Jobs
  deliverEmail(job: DeliveryJob): Promise<void>;
  deliverPush(job: DeliveryJob): Promise<void>;
  runPriceDrop(job: PriceDropJob): Promise<void>;

  // Triggers
  /** A moderator approved or rejected an ad (or its waiting edit). */
  adModerated(
    ad: { id: number; userId: number; vertical: string; title: string },
    decision:
      | { action: "approve" }
      | { action: "reject" | "remove"; reason: string | null; note: string | null },
  ): Promise<void>;
  /** An ad's price went down: its favourites hear it, through a job. */
  priceDropped(job: PriceDropJob): Promise<void>;
  /** Delivers the expiry warnings the ad sweep recorded (decision 023). */
  deliverExpiryWarnings(): Promise<number>;
  /** A chat message: the receiver hears it only when no socket of theirs is connected. */
  chatMessageSent(message: {
    chatId: number;
    senderId: number;
    receiverId: number;
    text: string;
  }): Promise<void>;
}

const previewLength = 140;

function toNotification(row: NotificationRow): Notification {
  return notificationSchema.parse({
    id: row.id,
    kind: row.kind,
    payload: row.payload,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  });
}

function parseCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  if (!/^[1-9]\d{0,9}$/.test(cursor)) {
    throw new AppError("VALIDATION_FAILED", {
      errors: [{ path: "cursor", code: "invalid", message: "invalid cursor" }],
    });
  }
  return Number(cursor);
}

export function createNotificationsService(deps: NotificationsServiceDeps): NotificationsService {
  const { db, emitToUser } = deps;

  async function preferencesOf(
    userIds: readonly number[],
    executor: Database = db,
  ): Promise<Map<number, NotificationPreferences>> {
    const byUser = new Map(userIds.map((id) => [id, defaultPreferences()]));
    for (const row of await findPreferenceRows(executor, userIds)) {
      const preferences = byUser.get(row.userId);
      const kind = row.kind as NotificationKind;
      const channel = row.channel as NotificationChannel;
      if (preferences?.[kind] && channel in preferences[kind]) preferences[kind][channel] = row.enabled;
    }
    return byUser;
  }

  async function pushUnread(userId: number): Promise<number> {
    const count = await countUnreadNotifications(db, userId);
    emitToUser(userId, "notifications:unread", { count });
    return count;
  }

  /** Tells the users' sockets of their new in-app notifications (once they are committed). */
  async function announce(created: Map<number, Notification>): Promise<void> {
    for (const [userId, notification] of created) {
      emitToUser(userId, "notification:new", notification);
      await pushUnread(userId);
    }
  }

  /**
   * The in-app rows and the email and push jobs — inside `tx` when given, so they commit or roll
   * back with the caller's other changes; the sockets are told by `announce` (after a commit).
   */
  async function recordNotifications<K extends NotificationKind>(
    tx: Database | undefined,
    userIds: readonly number[],
    kind: K,
    payload: NotificationPayloads[K],
    options: NotifyOptions = {},
  ): Promise<Map<number, Notification>> {
    const executor = tx ?? db;
    const unique = [...new Set(userIds)];
    const preferences = await preferencesOf(unique, executor);
    const withPush = await findUsersWithPush(
      executor,
      unique.filter((id) => preferences.get(id)?.[kind].push),
    );
    const rows = await insertNotifications(
      executor,
      unique
        .filter((id) => preferences.get(id)?.[kind].inApp && options.channels?.inApp !== false)
        .map((userId) => ({ userId, kind, payload: payload as Record<string, unknown> })),
    );
    const created = new Map(rows.map((row) => [row.userId, toNotification(row)]));
    for (const userId of unique) {
      const preferred = preferences.get(userId)?.[kind];
      const wanted = preferred && {
        email: preferred.email && options.channels?.email !== false,
        push: preferred.push && options.channels?.push !== false,
      };
      const job: DeliveryJob = {
        userId,
        notificationId: created.get(userId)?.id ?? 0,
        kind,
        payload: payload as Record<string, unknown>,
      };
      if (wanted?.email) {
        // A chat's "new message" email goes at most once an hour per chat.
        const isTurn =
          options.chatId === undefined || (await claimChatEmailTurn(executor, userId, options.chatId));
        if (isTurn) await deps.sendJob(notificationJobs.email, job, tx);
      }
      if (wanted?.push && withPush.has(userId)) await deps.sendJob(notificationJobs.push, job, tx);
    }
    return created;
  }

  async function notifyUsers<K extends NotificationKind>(
    userIds: readonly number[],
    kind: K,
    payload: NotificationPayloads[K],
    options: NotifyOptions = {},
  ): Promise<Map<number, Notification>> {
    const created = await recordNotifications(undefined, userIds, kind, payload, options);
    await announce(created);
    return created;
  }

  const service: NotificationsService = {
    async notify(userId, kind, payload, options) {
      return (await notifyUsers([userId], kind, payload, options)).get(userId) ?? null;
    },

    async notifyMany(userIds, kind, payload, options) {
      return (await notifyUsers(userIds, kind, payload, options)).size;
    },

    async list(userId, { cursor, limit, unread }) {
      const rows = await findNotificationsPage(db, userId, {
        beforeId: parseCursor(cursor),
        limit: limit + 1,
        unreadOnly: unread === "true",
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(toNotification),
        nextCursor: rows.length > limit && last ? String(last.id) : null,
      };
    },

    unreadCount: (userId) => countUnreadNotifications(db, userId),

    async markRead(userId, id) {
      const row = await markNotificationRead(db, userId, id);
      // Someone else's notification is answered like a missing one.
      if (!row) throw new AppError("NOTIFICATION_NOT_FOUND");
      await pushUnread(userId);
      return toNotification(row);
    },

    async markAllRead(userId) {
      const marked = await markAllNotificationsRead(db, userId);
      const unread = await pushUnread(userId);
      return { marked, unread };
    },

    async getPreferences(userId) {
      return (await preferencesOf([userId])).get(userId) ?? defaultPreferences();
    },

    async updatePreferences(userId, input) {
      const rows = notificationKinds.flatMap((kind) =>
        notificationChannels.flatMap((channel) => {
          const enabled = input[kind]?.[channel];
          return enabled === undefined ? [] : [{ userId, kind, channel, enabled }];
        }),
      );
      await upsertPreferenceRows(db, rows);
      return service.getPreferences(userId);
    },

    pushPublicKey: () => deps.vapid.publicKey,

    async subscribePush(userId, input, meta) {
      const row = await upsertPushSubscription(db, {
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
        locale: meta.locale,
      });
      return { id: row.id, endpoint: row.endpoint };
    },

    async unsubscribePush(userId, endpoint) {
      await deletePushSubscription(db, userId, endpoint);
    },

    async deliverEmail(job) {
      const to = await findEmailOf(db, job.userId);
      if (!to) return;
      // In the language the user last used the site in (decision 059).
      const locale = isLocale(to.locale) ? to.locale : defaultLocale;
      const email = writeNotificationEmail(locale, job.kind, job.payload as never, deps.publicOrigin);
      await deps.mail.send({ to: to.email, ...email });
    },

    async deliverPush(job) {
      for (const subscription of await findPushSubscriptions(db, job.userId)) {
        const locale = isLocale(subscription.locale) ? subscription.locale : defaultLocale;
        const text = writeNotificationText(locale, job.kind, job.payload as never);
        const link = (job.payload as { link?: string | null }).link ?? null;
        const prefix = locale === defaultLocale ? "" : `/${locale}`;
        const message: PushMessage = {
          id: job.notificationId,
          kind: job.kind,
          title: text.title,
          body: text.body,
          link: link === null ? null : `${prefix}${link}`,
        };
        const outcome = await sendWebPush(deps.vapid, subscription, JSON.stringify(message), deps.fetch);
        // The browser unsubscribed or the subscription expired: forget it.
        if (outcome === "gone") await deletePushSubscriptionById(db, subscription.id);
      }
    },

    async runPriceDrop({ adId, oldPrice, price, currency }) {
      const ad = await findAdBrief(db, adId);
      if (ad?.status !== "active") return;
      const userIds = await findFavoritersOf(db, adId, ad.userId);
      await service.notifyMany(userIds, "favoritePriceDrop", {
        adId,
        title: ad.title,
        oldPrice,
        price,
        currency,
        link: `/${ad.vertical}/${adId}`,
      });
    },

    async adModerated(ad, decision) {
      if (decision.action === "approve") {
        await service.notify(ad.userId, "adApproved", {
          adId: ad.id,
          title: ad.title,
          link: `/${ad.vertical}/${ad.id}`,
        });
        return;
      }
      if (decision.action === "remove") {
        await service.notify(ad.userId, "moderationNotice", {
          topic: "adRemoved",
          subject: "ad",
          title: ad.title,
          outcome: null,
          reason: decision.reason,
          note: decision.note ?? "",
          link: null,
        });
        return;
      }
      await service.notify(ad.userId, "adRejected", {
        adId: ad.id,
        title: ad.title,
        reason: decision.reason as NotificationPayloads["adRejected"]["reason"],
        note: decision.note ?? "",
        link: `/${ad.vertical}/${ad.id}/edit`,
      });
    },

    async priceDropped(job) {
      await deps.sendJob(notificationJobs.priceDrop, job);
    },

    async deliverExpiryWarnings() {
      let delivered = 0;
      // One warning at a time, its mark and its notification in one transaction: a failure leaves
      // it (and those after it) due, and the job's retry delivers them.
      for (;;) {
        const outcome = await db.transaction(async (tx) => {
          const notice = await claimNextExpiryNotice(tx);
          if (!notice) return null;
          // An ad no longer active has nothing to warn about: the notice is only marked.
          if (notice.ad?.status !== "active") return { created: new Map<number, Notification>(), sent: 0 };
          const created = await recordNotifications(tx, [notice.userId], "adExpiring", {
            adId: notice.adId,
            title: notice.ad.title,
            expiresAt: notice.expiresAt.toISOString(),
            link: "/settings/adds",
          });
          return { created, sent: 1 };
        });
        if (!outcome) return delivered;
        await announce(outcome.created);
        delivered += outcome.sent;
      }
    },

    async chatMessageSent({ chatId, senderId, receiverId, text }) {
      if (await deps.isOnline(receiverId)) return;
      const preview = text.length > previewLength ? `${text.slice(0, previewLength - 1)}…` : text;
      await service.notify(
        receiverId,
        "chatMessage",
        {
          chatId,
          senderName: await findUserName(db, senderId),
          preview,
          link: `/settings/chats?chat=${chatId}`,
        },
        { chatId },
      );
    },
  };
  return service;
}
