import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
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

/**
 * After a message, in one statement: the chat is back in both members' inboxes (a member who had
 * deleted it sees what comes now), and the sender has read up to their own message.
 */
export async function showChatAfterMessage(
  db: Database,
  chatId: number,
  senderId: number,
  messageId: number,
): Promise<void> {
  await db
    .update(chatMembers)
    .set({
      hidden: false,
      lastReadMessageId: sql`case when ${chatMembers.userId} = ${senderId}
        then greatest(coalesce(${chatMembers.lastReadMessageId}, 0), ${messageId})
        else ${chatMembers.lastReadMessageId} end`,
    })
    .where(eq(chatMembers.chatId, chatId));
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

/** Messages of the other member after the user's read and cleared marks, per chat. */
function unreadBy(userId: number): SQL {
  return sql`${chatMessages.senderId} <> ${userId} and ${chatMessages.id} > (select greatest(${chatMembers.clearedBeforeId}, coalesce(${chatMembers.lastReadMessageId}, 0)) from ${chatMembers} where ${chatMembers.chatId} = ${chatMessages.chatId} and ${chatMembers.userId} = ${userId})`;
}

export async function countUnread(
  db: Database,
  chatIds: readonly number[],
  userId: number,
): Promise<Map<number, number>> {
  if (chatIds.length === 0) return new Map();
  const rows = await db
    .select({ chatId: chatMessages.chatId, unread: count() })
    .from(chatMessages)
    .where(and(inArray(chatMessages.chatId, [...chatIds]), unreadBy(userId)))
    .groupBy(chatMessages.chatId);
  return new Map(rows.map((row) => [row.chatId, row.unread]));
}

/**
 * The user's chats with an unread message (`unreadedChatIds`), newest chat first; muted chats
 * are left out (decision 059): they do not light the header's badge.
 */
export async function findUnreadChatIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ chatId: chatMessages.chatId })
    .from(chatMessages)
    .innerJoin(
      chatMembers,
      and(
        eq(chatMembers.chatId, chatMessages.chatId),
        eq(chatMembers.userId, userId),
        eq(chatMembers.muted, false),
      ),
    )
    .where(unreadBy(userId))
    .orderBy(desc(chatMessages.chatId));
  return rows.map((row) => row.chatId);
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

export async function insertMessage(
  db: Database,
  values: typeof chatMessages.$inferInsert,
): Promise<ChatMessageRow> {
  const [row] = await db.insert(chatMessages).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  await db
    .update(chats)
    .set({ lastMessageId: row.id, lastActivityAt: row.createdAt })
    .where(eq(chats.id, values.chatId));
  return row;
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

/** Whether the buyer wrote to the seller in a chat about one of the seller's ads. */
export async function hasWrittenAboutAd(db: Database, buyerId: number, sellerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(
      and(
        eq(chats.subject, "ad"),
        eq(chats.sellerId, sellerId),
        eq(chats.buyerId, buyerId),
        eq(chatMessages.senderId, buyerId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
