import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  adPhotos,
  ads,
  chatBlocks,
  chatMembers,
  chatMessages,
  chatReports,
  chats,
  type StoredAdPhoto,
  users,
} from "../../db/schema/index.ts";
import { toStoredAdPhoto } from "../photos/photos.repository.ts";

export type ChatRow = typeof chats.$inferSelect;
export type ChatMemberRow = typeof chatMembers.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

export interface MemberChatRow {
  chat: ChatRow;
  member: ChatMemberRow;
}

/** The chat with the user's member row; undefined when there is no such chat or it is not theirs. */
export async function findMemberChat(
  db: Database,
  chatId: number,
  userId: number,
): Promise<MemberChatRow | undefined> {
  const [row] = await db
    .select({ chat: chats, member: chatMembers })
    .from(chats)
    .innerJoin(chatMembers, and(eq(chatMembers.chatId, chats.id), eq(chatMembers.userId, userId)))
    .where(eq(chats.id, chatId));
  return row;
}

/** A page of the user's chats that are not deleted for them, latest activity first. */
export async function findMemberChats(
  db: Database,
  userId: number,
  after: { at: Date; id: number } | null,
  limit: number,
): Promise<MemberChatRow[]> {
  return db
    .select({ chat: chats, member: chatMembers })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(
      and(
        eq(chatMembers.userId, userId),
        eq(chatMembers.hidden, false),
        after
          ? or(
              lt(chats.lastActivityAt, after.at),
              and(eq(chats.lastActivityAt, after.at), lt(chats.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(chats.lastActivityAt), desc(chats.id))
    .limit(limit);
}

export async function findAdChat(db: Database, adId: number, buyerId: number): Promise<ChatRow | undefined> {
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.subject, "ad"), eq(chats.adId, adId), eq(chats.buyerId, buyerId)));
  return row;
}

/** The profile chat of two users, whichever of them opened it. */
export async function findProfileChat(
  db: Database,
  userA: number,
  userB: number,
): Promise<ChatRow | undefined> {
  const [row] = await db
    .select()
    .from(chats)
    .where(
      and(
        eq(chats.subject, "profile"),
        or(
          and(eq(chats.sellerId, userA), eq(chats.buyerId, userB)),
          and(eq(chats.sellerId, userB), eq(chats.buyerId, userA)),
        ),
      ),
    )
    .orderBy(asc(chats.id))
    .limit(1);
  return row;
}

/**
 * A new chat and its two members. The seller's copy stays out of their inbox (`hidden`) until the
 * first message arrives, so an opened but silent chat bothers nobody.
 */
export async function insertChat(
  db: Database,
  values: { subject: "ad" | "profile"; adId: number | null; sellerId: number; buyerId: number },
): Promise<ChatRow> {
  const [chat] = await db.insert(chats).values(values).returning();
  if (!chat) throw new Error("insert returned no row");
  await db.insert(chatMembers).values([
    { chatId: chat.id, userId: values.buyerId, hidden: false },
    { chatId: chat.id, userId: values.sellerId, hidden: true },
  ]);
  if (values.adId !== null) {
    await db
      .update(ads)
      .set({ chats: sql`${ads.chats} + 1` })
      .where(eq(ads.id, values.adId));
  }
  return chat;
}

export async function setMuted(db: Database, chatId: number, userId: number, muted: boolean): Promise<void> {
  await db
    .update(chatMembers)
    .set({ muted })
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
}

/** Whether the member muted the chat. */
export async function isMutedBy(db: Database, chatId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ muted: chatMembers.muted })
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
  return row?.muted ?? false;
}

export async function showChatTo(db: Database, chatId: number, userId: number): Promise<void> {
  await db
    .update(chatMembers)
    .set({ hidden: false })
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
}

export interface PeerRow {
  id: number;
  username: string;
  avatarKey: string | null;
  deletedAt: Date | null;
  createdAt: Date;
}

export async function findUsers(db: Database, ids: readonly number[]): Promise<PeerRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      username: users.username,
      avatarKey: users.avatarKey,
      deletedAt: users.deletedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

export async function findChatAds(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: ads.id,
      userId: ads.userId,
      vertical: ads.vertical,
      status: ads.status,
      title: ads.title,
      price: ads.price,
      currency: ads.currency,
      photos: ads.photos,
    })
    .from(ads)
    .where(inArray(ads.id, [...new Set(ids)]));
}
export type ChatAdRow = Awaited<ReturnType<typeof findChatAds>>[number];

/** The other members' rows of these chats (their read marks). */
export async function findOtherMembers(db: Database, chatIds: readonly number[], userId: number) {
  if (chatIds.length === 0) return [];
  return db
    .select()
    .from(chatMembers)
    .where(and(inArray(chatMembers.chatId, [...chatIds]), ne(chatMembers.userId, userId)));
}

/** What of a chat a member sees: messages after their cleared mark. */
function visibleTo(userId: number): SQL {
  return sql`${chatMessages.id} > (select ${chatMembers.clearedBeforeId} from ${chatMembers} where ${chatMembers.chatId} = ${chatMessages.chatId} and ${chatMembers.userId} = ${userId})`;
}

/** The newest message of each chat that the user sees. */
export async function findLastVisibleMessages(
  db: Database,
  chatIds: readonly number[],
  userId: number,
): Promise<ChatMessageRow[]> {
  if (chatIds.length === 0) return [];
  return db
    .selectDistinctOn([chatMessages.chatId])
    .from(chatMessages)
    .where(and(inArray(chatMessages.chatId, [...chatIds]), visibleTo(userId)))
    .orderBy(chatMessages.chatId, desc(chatMessages.id));
}

/**
 * The unread rule, once: message row `message` is unread by member row `member` (same chat) when the
 * other member sent it after the member's read and cleared marks. Raw aliases, for raw statements.
 */
function isUnread(message: string, member: string): SQL {
  const [x, m] = [sql.raw(message), sql.raw(member)];
  return sql`${x}.chat_id = ${m}.chat_id and ${x}.sender_id <> ${m}.user_id and ${x}.id > greatest(${m}.cleared_before_id, coalesce(${m}.last_read_message_id, 0))`;
}

/** Whether member row `member` has an unread message in its chat. */
function hasUnread(member: string): SQL {
  return sql`exists (select 1 from ${chatMessages} unread where ${isUnread("unread", member)})`;
}

export async function countUnread(
  db: Database,
  chatIds: readonly number[],
  userId: number,
): Promise<Map<number, number>> {
  if (chatIds.length === 0) return new Map();
  const result = (await db.execute(sql`
    select m.chat_id, count(*)::int as unread
    from ${chatMembers} m join ${chatMessages} x on ${isUnread("x", "m")}
    where m.user_id = ${userId} and m.chat_id in ${[...new Set(chatIds)]}
    group by m.chat_id`)) as unknown as { rows: { chat_id: number; unread: number }[] };
  return new Map(result.rows.map((row) => [Number(row.chat_id), Number(row.unread)]));
}

/**
 * The user's chats with an unread message (`unreadedChatIds`), newest chat first: from the user's
 * member rows, each looking only at the messages after its marks. Muted chats are left out
 * (decision 059): they do not light the header's badge.
 */
export async function findUnreadChatIds(db: Database, userId: number): Promise<number[]> {
  const result = (await db.execute(sql`
    select m.chat_id from ${chatMembers} m
    where m.user_id = ${userId} and not m.muted and ${hasUnread("m")}
    order by m.chat_id desc`)) as unknown as { rows: { chat_id: number }[] };
  return result.rows.map((row) => Number(row.chat_id));
}

/** One page of history the user sees, newest first, one row more than `limit` when there are more. */
export async function findMessagesPage(
  db: Database,
  chatId: number,
  clearedBeforeId: number,
  before: number | undefined,
  limit: number,
): Promise<ChatMessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chatId, chatId),
        gt(chatMessages.id, clearedBeforeId),
        before === undefined ? undefined : lt(chatMessages.id, before),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit + 1);
}

/**
 * A photo the user may see as a chat's: they uploaded it, or it is in a message of a chat of
 * theirs sent after their "delete for me" mark. Undefined otherwise.
 */
export async function findChatPhotoFor(
  db: Database,
  photoId: number,
  userId: number,
): Promise<StoredAdPhoto | undefined> {
  const seenInChat = sql`exists (
    select 1 from ${chatMessages}
    join ${chatMembers} on ${chatMembers.chatId} = ${chatMessages.chatId} and ${chatMembers.userId} = ${userId}
    where ${chatMessages.id} = ${adPhotos.chatMessageId} and ${chatMessages.id} > ${chatMembers.clearedBeforeId})`;
  const [row] = await db
    .select()
    .from(adPhotos)
    .where(and(eq(adPhotos.id, photoId), or(eq(adPhotos.userId, userId), seenInChat)));
  return row ? toStoredAdPhoto(row) : undefined;
}

export async function findMessageOfChat(
  db: Database,
  chatId: number,
  messageId: number,
): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId)));
  return row;
}

/** A message stored by `insertMessageIfAllowed`, with what its delivery needs. */
export interface InsertedMessage {
  message: ChatMessageRow;
  receiverId: number;
  /**
   * The receiver's unread chat ids (newest first) when this message gave them their first unread one
   * in this chat — their `unreadedChatIds` changed; null when it did not change.
   */
  receiverUnreadIds: number[] | null;
}

/**
 * A message, in one statement (atomic, one round trip): stored only if the sender is a member of
 * the chat, the receiver's account is not deleted and neither blocked the other (undefined
 * otherwise: `findMemberChat` and the rest tell why). It moves the chat's last message, brings the
 * chat back to both inboxes (a member who had deleted it sees what comes now), marks it read for
 * the sender, and answers the receiver's unread list when the message changes it — all read from
 * the state before the message (the statement's snapshot), the message itself added here.
 */
export async function insertMessageIfAllowed(
  db: Database,
  values: { chatId: number; senderId: number; text: string; photos: StoredAdPhoto[]; warnings: string[] },
): Promise<InsertedMessage | undefined> {
  const { chatId, senderId, text, photos, warnings } = values;
  const result = (await db.execute(sql`
    with allowed as (
      select c.id as chat_id,
        case when c.seller_id = ${senderId} then c.buyer_id else c.seller_id end as receiver_id
      from ${chats} c
      join ${chatMembers} sender on sender.chat_id = c.id and sender.user_id = ${senderId}
      join ${users} receiver
        on receiver.id = case when c.seller_id = ${senderId} then c.buyer_id else c.seller_id end
      where c.id = ${chatId} and receiver.deleted_at is null and not exists (
        select 1 from ${chatBlocks} b
        where (b.blocker_id = ${senderId} and b.blocked_id = receiver.id)
          or (b.blocker_id = receiver.id and b.blocked_id = ${senderId}))
    ), message as (
      insert into ${chatMessages} (chat_id, sender_id, text, photos, warnings)
      select chat_id, ${senderId}, ${text}, ${JSON.stringify(photos)}::jsonb,
        ${chatMessages.warnings.mapToDriverValue(warnings)}::text[]
      from allowed
      returning *
    ), chat as (
      update ${chats} set last_message_id = greatest(coalesce(last_message_id, 0), message.id),
        last_activity_at = greatest(last_activity_at, message.created_at)
      from message where ${chats}.id = message.chat_id
    ), members as (
      update ${chatMembers} set hidden = false,
        last_read_message_id = case when user_id = ${senderId}
          then greatest(coalesce(last_read_message_id, 0), message.id) else last_read_message_id end
      from message where ${chatMembers}.chat_id = message.chat_id
    )
    select message.id, message.chat_id, message.sender_id, message.text, message.photos,
      message.warnings, message.created_at, allowed.receiver_id,
      case when not exists (
        select 1 from ${chatMembers} r
        where r.chat_id = allowed.chat_id and r.user_id = allowed.receiver_id
          and (r.muted or ${hasUnread("r")})
      ) then array(
        select r.chat_id from ${chatMembers} r
        where r.user_id = allowed.receiver_id and r.chat_id <> allowed.chat_id
          and not r.muted and ${hasUnread("r")}
      ) end as receiver_other_unread_ids
    from message, allowed`)) as unknown as {
    rows: {
      id: number;
      chat_id: number;
      sender_id: number;
      text: string;
      photos: unknown;
      warnings: unknown;
      created_at: unknown;
      receiver_id: number;
      receiver_other_unread_ids: number[] | null;
    }[];
  };
  const [row] = result.rows;
  if (!row) return undefined;
  const others = row.receiver_other_unread_ids;
  return {
    message: {
      id: Number(row.id),
      chatId: Number(row.chat_id),
      senderId: Number(row.sender_id),
      text: row.text,
      photos: chatMessages.photos.mapFromDriverValue(row.photos) as StoredAdPhoto[],
      warnings: chatMessages.warnings.mapFromDriverValue(row.warnings) as string[],
      createdAt: chatMessages.createdAt.mapFromDriverValue(row.created_at) as Date,
    },
    receiverId: Number(row.receiver_id),
    receiverUnreadIds: others ? [Number(row.chat_id), ...others.map(Number)].sort((a, b) => b - a) : null,
  };
}

/** Gives the sender's free photos to a message; returns how many were given. */
export async function attachPhotosToMessage(
  db: Database,
  userId: number,
  messageId: number,
  photoIds: readonly number[],
): Promise<number> {
  if (photoIds.length === 0) return 0;
  const rows = await db
    .update(adPhotos)
    .set({ chatMessageId: messageId })
    .where(
      and(
        inArray(adPhotos.id, [...photoIds]),
        eq(adPhotos.userId, userId),
        isNull(adPhotos.adId),
        isNull(adPhotos.chatMessageId),
        isNull(adPhotos.businessId),
      ),
    )
    .returning({ id: adPhotos.id });
  return rows.length;
}

export async function findPhotoRows(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(adPhotos)
    .where(inArray(adPhotos.id, [...ids]));
}

/** Moves the member's read mark forward (never back); returns the mark after. */
export async function markRead(
  db: Database,
  chatId: number,
  userId: number,
  messageId: number,
): Promise<number | null> {
  const [row] = await db
    .update(chatMembers)
    .set({ lastReadMessageId: sql`greatest(coalesce(${chatMembers.lastReadMessageId}, 0), ${messageId})` })
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)))
    .returning({ lastReadMessageId: chatMembers.lastReadMessageId });
  return row?.lastReadMessageId ?? null;
}

/** "Delete for me": out of the inbox, and every message so far hidden and counted as read. */
export async function clearChatFor(
  db: Database,
  chatId: number,
  userId: number,
  upToId: number,
): Promise<void> {
  await db
    .update(chatMembers)
    .set({
      hidden: true,
      clearedBeforeId: sql`greatest(${chatMembers.clearedBeforeId}, ${upToId})`,
      lastReadMessageId: sql`greatest(coalesce(${chatMembers.lastReadMessageId}, 0), ${upToId})`,
    })
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
}

/** The blocks between the user and these others, either way. */
export async function findBlocksBetween(db: Database, userId: number, otherIds: readonly number[]) {
  if (otherIds.length === 0) return [];
  const others = [...new Set(otherIds)];
  return db
    .select({ blockerId: chatBlocks.blockerId, blockedId: chatBlocks.blockedId })
    .from(chatBlocks)
    .where(
      or(
        and(eq(chatBlocks.blockerId, userId), inArray(chatBlocks.blockedId, others)),
        and(eq(chatBlocks.blockedId, userId), inArray(chatBlocks.blockerId, others)),
      ),
    );
}

export async function insertBlock(db: Database, blockerId: number, blockedId: number): Promise<void> {
  await db.insert(chatBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Database, blockerId: number, blockedId: number): Promise<void> {
  await db
    .delete(chatBlocks)
    .where(and(eq(chatBlocks.blockerId, blockerId), eq(chatBlocks.blockedId, blockedId)));
}

export async function findBlocksBy(db: Database, blockerId: number) {
  return db
    .select({ blockedId: chatBlocks.blockedId, createdAt: chatBlocks.createdAt })
    .from(chatBlocks)
    .where(eq(chatBlocks.blockerId, blockerId))
    .orderBy(desc(chatBlocks.createdAt), desc(chatBlocks.blockedId));
}

export async function insertReport(db: Database, values: typeof chatReports.$inferInsert) {
  const [row] = await db.insert(chatReports).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/**
 * The latest chat about an ad of `sellerId` (still there) that `buyerId` opened and in which both
 * wrote: what a review of the seller needs (product.md section 8, decision 058).
 */
export async function findExchangedAdChat(
  db: Database,
  buyerId: number,
  sellerId: number,
): Promise<{ chatId: number; adId: number | null } | undefined> {
  const wrote = (userId: number) =>
    sql`exists (select 1 from ${chatMessages} where ${chatMessages.chatId} = ${chats.id} and ${chatMessages.senderId} = ${userId})`;
  const [row] = await db
    .select({ chatId: chats.id, adId: sql<number>`${chats.adId}` })
    .from(chats)
    .where(
      and(
        eq(chats.subject, "ad"),
        isNotNull(chats.adId),
        eq(chats.sellerId, sellerId),
        eq(chats.buyerId, buyerId),
        wrote(buyerId),
        wrote(sellerId),
      ),
    )
    .orderBy(desc(chats.lastActivityAt), desc(chats.id))
    .limit(1);
  return row;
}
