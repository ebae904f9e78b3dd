import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  adFavorites,
  adNotices,
  ads,
  chatEmailThrottle,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  users,
} from "../../db/schema/index.ts";

export type NotificationRow = typeof notifications.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function insertNotifications(
  db: Database,
  rows: { userId: number; kind: string; payload: Record<string, unknown> }[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}

/** A user's notifications, newest first, older than `beforeId`. */
export async function findNotificationsPage(
  db: Database,
  userId: number,
  options: { beforeId: number | null; limit: number; unreadOnly: boolean },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        options.beforeId === null ? undefined : lt(notifications.id, options.beforeId),
        options.unreadOnly ? isNull(notifications.readAt) : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(options.limit);
}

export async function findNotification(db: Database, id: number): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

export async function countUnreadNotifications(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/** Marks one of the user's notifications read (kept as first read); undefined when not theirs. */
export async function markNotificationRead(
  db: Database,
  userId: number,
  id: number,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function markAllNotificationsRead(db: Database, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function findPreferenceRows(db: Database, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...userIds]));
}

export async function upsertPreferenceRows(
  db: Database,
  rows: { userId: number; kind: string; channel: string; enabled: boolean }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind, notificationPreferences.channel],
      set: { enabled: sql`excluded.enabled` },
    });
}

/** Which of these users have at least one push subscription. */
export async function findUsersWithPush(db: Database, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
  return new Set(rows.map((row) => row.userId));
}

export async function findPushSubscriptions(db: Database, userId: number): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** A browser's subscription; an endpoint subscribed again (another account, new keys) is taken over. */
export async function upsertPushSubscription(
  db: Database,
  values: {
    userId: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    userAgent: string | null;
    locale: string;
  },
): Promise<PushSubscriptionRow> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        userAgent: values.userAgent,
        locale: values.locale,
        createdAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error("push subscription not stored");
  return row;
}

export async function deletePushSubscription(
  db: Database,
  userId: number,
  endpoint: string,
): Promise<number> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

/** An account deletion's part: its browsers hear nothing more. */
export async function deletePushSubscriptionsOfUser(db: Database, userId: number): Promise<undefined> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return undefined;
}

export async function deletePushSubscriptionById(db: Database, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The address a user's emails go to: a confirmed email of a live account, else null. */
/** Where a user's emails go (a confirmed email of a live account) and their language, else null. */
export async function findEmailOf(
  db: Database,
  userId: number,
): Promise<{ email: string; locale: string | null } | null> {
  const [row] = await db
    .select({
      email: users.email,
      confirmed: users.emailConfirmed,
      deletedAt: users.deletedAt,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.email && row.confirmed && !row.deletedAt ? { email: row.email, locale: row.locale } : null;
}

/**
 * Takes the chat's email turn for a user: true when no "new message" email of this chat went to
 * them in the last hour (and records now), false otherwise. One statement, so two messages at once
 * cannot both win.
 */
export async function claimChatEmailTurn(db: Database, userId: number, chatId: number): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into ${chatEmailThrottle} (user_id, chat_id, sent_at) values (${userId}, ${chatId}, now())
    on conflict (user_id, chat_id) do update set sent_at = excluded.sent_at
    where ${chatEmailThrottle.sentAt} <= now() - interval '1 hour'
    returning user_id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** Users who keep the ad among their favourites, its owner aside. */
export async function findFavoritersOf(db: Database, adId: number, ownerId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: adFavorites.userId })
    .from(adFavorites)
    .where(and(eq(adFavorites.adId, adId), sql`${adFavorites.userId} <> ${ownerId}`));
  return rows.map((row) => row.userId);
}

export async function findAdBrief(db: Database, adId: number) {
  const [row] = await db
    .select({
      id: ads.id,
      userId: ads.userId,
      vertical: ads.vertical,
      title: ads.title,
      status: ads.status,
      price: ads.price,
      currency: ads.currency,
    })
    .from(ads)
    .where(eq(ads.id, adId));
  return row;
}

/**
 * Inside the caller's transaction: takes the oldest expiry warning not delivered yet (decision
 * 023), locked so that another worker skips it, and marks it delivered. Should the notification
 * that follows fail, the transaction rolls back and the warning stays due for the job's retry.
 */
export async function claimNextExpiryNotice(tx: Database) {
  const [notice] = await tx
    .select({
      id: adNotices.id,
      userId: adNotices.userId,
      adId: adNotices.adId,
      expiresAt: adNotices.expiresAt,
    })
    .from(adNotices)
    .where(and(isNull(adNotices.deliveredAt), eq(adNotices.kind, "expiry-warning")))
    .orderBy(adNotices.id)
    .limit(1)
    .for("update", { skipLocked: true });
  if (!notice) return undefined;
  await tx.update(adNotices).set({ deliveredAt: sql`now()` }).where(eq(adNotices.id, notice.id));
  const [ad] = await tx
    .select({ title: ads.title, vertical: ads.vertical, status: ads.status })
    .from(ads)
    .where(eq(ads.id, notice.adId));
  return { ...notice, ad };
}

export async function findUserName(db: Database, userId: number): Promise<string> {
  const [row] = await db
    .select({ username: users.username, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row && !row.deletedAt ? row.username : "";
}
