import type { Readable } from "node:stream";
import {
  type AdStatus,
  adPhotoWidthsFor,
  type Chat,
  type ChatAd,
  type ChatBlockResponse,
  type ChatBlocksResponse,
  type ChatListQuery,
  type ChatListResponse,
  type ChatMessage,
  type ChatMessageInput,
  type ChatMessagesQuery,
  type ChatMessagesResponse,
  type ChatMuteInput,
  type ChatOpenInput,
  type ChatPeer,
  type ChatReadResponse,
  type ChatReport,
  type ChatReportInput,
  type ChatReportReason,
  type ChatWarningKind,
  type Currency,
  type FieldError,
  recordIdSchema,
  type ServerToClientEvents,
  type Vertical,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import type { StoredAdPhoto } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { fieldError } from "../../lib/field-errors.ts";
import { type RateCounter, refuseWhenFull } from "../../lib/rate-counter.ts";
import { contentTypeOf, type FileStorage } from "../../lib/storage.ts";
import { decodeTimeCursor, encodeTimeCursor } from "../../lib/time-cursor.ts";
import { toStoredAdPhoto } from "../photos/photos.repository.ts";
import { isChatPhoto, toAdCover, toAdPhoto } from "../photos/photos.service.ts";
import {
  attachPhotosToMessage,
  type ChatAdRow,
  type ChatMessageRow,
  type ChatRow,
  clearChatFor,
  countUnread,
  deleteBlock,
  findAdChat,
  findBlocksBetween,
  findBlocksBy,
  findChatAds,
  findChatPhotoFor,
  findLastVisibleMessages,
  findMemberChat,
  findMemberChats,
  findMessageOfChat,
  findMessagesPage,
  findOtherMembers,
  findPhotoRows,
  findProfileChat,
  findUnreadChatIds,
  findUsers,
  insertBlock,
  insertChat,
  insertMessageIfAllowed,
  insertReport,
  isMutedBy,
  type MemberChatRow,
  markRead,
  type PeerRow,
  setMuted,
  showChatTo,
} from "./chats.repository.ts";
import { findMessageWarnings } from "./message-warnings.ts";

/** Messages a user may send per minute. */
export const chatMessagesPerMinute = 30;
/** New chats an account younger than `youngAccountMs` may open per hour; older ones `chatsPerHour`. */
export const newChatsPerHourYoung = 5;
export const newChatsPerHour = 30;
export const youngAccountMs = 24 * 3_600_000;

const publicAdStatuses = new Set<string>(["active", "archived", "sold"]);

export type EmitToUser = <E extends keyof ServerToClientEvents>(
  userId: number,
  event: E,
  ...args: Parameters<ServerToClientEvents[E]>
) => void;

export interface ChatsService {
  listChats(userId: number, query: ChatListQuery): Promise<ChatListResponse>;
  /** Opens a chat or resumes the existing one; `created` says which. */
  openChat(userId: number, input: ChatOpenInput): Promise<{ chat: Chat; created: boolean }>;
  getChat(userId: number, chatId: number): Promise<Chat>;
  listMessages(userId: number, chatId: number, query: ChatMessagesQuery): Promise<ChatMessagesResponse>;
  sendMessage(userId: number, chatId: number, input: ChatMessageInput): Promise<ChatMessage>;
  markRead(userId: number, chatId: number, messageId: number): Promise<ChatReadResponse>;
  deleteChatForMe(userId: number, chatId: number): Promise<void>;
  /** Mutes or unmutes the chat for the user (decision 059); answers the chat as they now see it. */
  muteChat(userId: number, chatId: number, input: ChatMuteInput): Promise<Chat>;
  /** Whether the member muted the chat: a new message then notifies them of nothing. */
  isMutedBy(userId: number, chatId: number): Promise<boolean>;
  reportChat(userId: number, chatId: number, input: ChatReportInput): Promise<ChatReport>;
  /** A typing signal from a socket: passed to the other member when the chat is the user's and open. */
  relayTyping(userId: number, chatId: number): Promise<void>;
  block(userId: number, otherId: number): Promise<ChatBlockResponse>;
  unblock(userId: number, otherId: number): Promise<ChatBlockResponse>;
  listBlocks(userId: number): Promise<ChatBlocksResponse>;
  /**
   * One size of a chat photo (`<photoId>-<width>.<webp|avif>`) for its uploader and the members
   * of its chat who see its message; `AD_PHOTO_NOT_FOUND` for anyone else, a guest (`viewerId`
   * null) included.
   */
  openPhoto(
    viewerId: number | null,
    file: string,
  ): Promise<{ stream: Readable; size: number; contentType: string }>;
  /** `unreadedChatIds` of a user (sent when a socket connects). */
  unreadChatIds(userId: number): Promise<number[]>;
}

export interface ChatsServiceDeps {
  db: Database;
  storage: FileStorage;
  emitToUser: EmitToUser;
  messagesPerMinute: RateCounter;
  newChatsYoung: RateCounter;
  newChats: RateCounter;
  /** After a message is stored and emitted (notifications: the receiver may be offline). */
  onMessageSent?(message: {
    chatId: number;
    senderId: number;
    receiverId: number;
    text: string;
  }): Promise<void>;
}

function otherMemberOf(chat: ChatRow, userId: number): number {
  return chat.sellerId === userId ? chat.buyerId : chat.sellerId;
}

export function createChatsService(deps: ChatsServiceDeps): ChatsService {
  const { db, storage, emitToUser } = deps;

  function toPeer(user: PeerRow | undefined, id: number): ChatPeer {
    if (!user || user.deletedAt) return { id, name: "", avatar: null, isDeleted: true };
    return {
      id,
      name: user.username,
      avatar: user.avatarKey ? storage.publicUrl(user.avatarKey) : null,
      isDeleted: false,
    };
  }

  function toChatAd(ad: ChatAdRow): ChatAd {
    const cover = ad.photos[0];
    return {
      id: ad.id,
      vertical: ad.vertical as Vertical,
      status: ad.status as AdStatus,
      title: ad.title,
      price: ad.price,
      currency: ad.currency as Currency,
      cover: cover ? toAdCover(cover, storage) : null,
    };
  }

  function toMessage(row: ChatMessageRow, viewerId: number): ChatMessage {
    const isMine = row.senderId === viewerId;
    return {
      id: row.id,
      chatId: row.chatId,
      senderId: row.senderId,
      isMine,
      text: row.text,
      photos: row.photos.map((photo) => toAdPhoto(photo, storage)),
      warnings: isMine ? [] : (row.warnings as ChatWarningKind[]),
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The chats as the user sees them, built with one query per part for the whole page. */
  async function presentChats(userId: number, rows: MemberChatRow[]): Promise<Chat[]> {
    const chatIds = rows.map((row) => row.chat.id);
    const otherIds = rows.map((row) => otherMemberOf(row.chat, userId));
    const adIds = rows.flatMap((row) => (row.chat.adId === null ? [] : [row.chat.adId]));
    const [peers, adRows, others, lastMessages, unread, blocks] = await Promise.all([
      findUsers(db, otherIds),
      findChatAds(db, adIds),
      findOtherMembers(db, chatIds, userId),
      findLastVisibleMessages(db, chatIds, userId),
      countUnread(db, chatIds, userId),
      findBlocksBetween(db, userId, otherIds),
    ]);
    const peerById = new Map(peers.map((peer) => [peer.id, peer]));
    const adById = new Map(adRows.map((ad) => [ad.id, ad]));
    const otherByChat = new Map(others.map((member) => [member.chatId, member]));
    const lastByChat = new Map(lastMessages.map((message) => [message.chatId, message]));
    return rows.map(({ chat, member }) => {
      const otherId = otherMemberOf(chat, userId);
      const peer = toPeer(peerById.get(otherId), otherId);
      const ad = chat.adId === null ? undefined : adById.get(chat.adId);
      const isBlockedByMe = blocks.some((block) => block.blockerId === userId && block.blockedId === otherId);
      const isBlocked = blocks.some(
        (block) =>
          (block.blockerId === userId && block.blockedId === otherId) ||
          (block.blockerId === otherId && block.blockedId === userId),
      );
      const last = lastByChat.get(chat.id);
      return {
        id: chat.id,
        subject: chat.subject as Chat["subject"],
        ad: ad ? toChatAd(ad) : null,
        isMyAd: chat.subject === "ad" && chat.sellerId === userId,
        other: peer,
        lastMessage: last ? toMessage(last, userId) : null,
        unreadCount: unread.get(chat.id) ?? 0,
        myLastReadMessageId: member.lastReadMessageId,
        otherLastReadMessageId: otherByChat.get(chat.id)?.lastReadMessageId ?? null,
        isBlockedByMe,
        isMuted: member.muted,
        canWrite: !isBlocked && !peer.isDeleted,
        lastActivityAt: chat.lastActivityAt.toISOString(),
        createdAt: chat.createdAt.toISOString(),
      };
    });
  }

  /** The user's chat, or 404 `CHAT_NOT_FOUND` — also for someone else's chat. */
  async function requireMemberChat(userId: number, chatId: number): Promise<MemberChatRow> {
    const row = await findMemberChat(db, chatId, userId);
    if (!row) throw new AppError("CHAT_NOT_FOUND");
    return row;
  }

  async function presentOne(userId: number, row: MemberChatRow): Promise<Chat> {
    const [chat] = await presentChats(userId, [row]);
    if (!chat) throw new Error("chat not presented");
    return chat;
  }

  /** Refuses when either user blocked the other. */
  async function refuseWhenBlocked(userId: number, otherId: number): Promise<void> {
    if ((await findBlocksBetween(db, userId, [otherId])).length > 0) throw new AppError("CHAT_BLOCKED");
  }

  async function refuseWhenTooManyNewChats(userId: number): Promise<RateCounter> {
    const [me] = await findUsers(db, [userId]);
    const isYoung = !me || Date.now() - me.createdAt.getTime() < youngAccountMs;
    const counter = isYoung ? deps.newChatsYoung : deps.newChats;
    refuseWhenFull(counter, await counter.peek(String(userId)));
    return counter;
  }

  async function createOrFind(
    values: { subject: "ad" | "profile"; adId: number | null; sellerId: number; buyerId: number },
    find: () => Promise<ChatRow | undefined>,
  ): Promise<{ chat: ChatRow; created: boolean }> {
    try {
      return { chat: await db.transaction((tx) => insertChat(tx, values)), created: true };
    } catch (error) {
      // Opened twice at once: the other request made it.
      const existing = isUniqueViolation(error) ? await find() : undefined;
      if (!existing) throw error;
      return { chat: existing, created: false };
    }
  }

  /** The sender's photos for a message (uploaded, given to no ad or message), or 422 with field errors. */
  async function takeablePhotos(userId: number, photoIds: readonly number[]): Promise<StoredAdPhoto[]> {
    const photoRows = new Map((await findPhotoRows(db, photoIds)).map((row) => [row.id, row]));
    const photos: StoredAdPhoto[] = [];
    const errors: FieldError[] = [];
    photoIds.forEach((id, index) => {
      const row = photoRows.get(id);
      // Only the sender's own chat photos (decision 059), never one an ad or a business holds.
      if (row?.userId === userId && row.adId === null && row.chatMessageId === null && isChatPhoto(row))
        photos.push(toStoredAdPhoto(row));
      else
        errors.push({
          path: `photoIds.${index}`,
          code: "AD_PHOTO_INVALID",
          message: `invalid photoIds.${index}`,
        });
    });
    if (errors.length > 0) throw new AppError("AD_PHOTO_INVALID", { errors });
    return photos;
  }

  /** Why a message was not stored: not the user's chat, the other's account deleted, or a block. */
  async function whyNotSent(userId: number, chatId: number): Promise<AppError> {
    const row = await findMemberChat(db, chatId, userId);
    if (!row) return new AppError("CHAT_NOT_FOUND");
    const [other] = await findUsers(db, [otherMemberOf(row.chat, userId)]);
    if (!other || other.deletedAt) return new AppError("CHAT_USER_DELETED");
    return new AppError("CHAT_BLOCKED");
  }

  async function pushUnreadIds(userId: number): Promise<void> {
    emitToUser(userId, "unreadedChatIds", { ids: await findUnreadChatIds(db, userId) });
  }

  return {
    async listChats(userId, { cursor, limit }) {
      const after = cursor ? decodeTimeCursor(cursor) : null;
      const rows = await findMemberChats(db, userId, after, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: await presentChats(userId, page),
        nextCursor:
          rows.length > limit && last ? encodeTimeCursor(last.chat.lastActivityAt, last.chat.id) : null,
      };
    },

    async openChat(userId, input) {
      let opened: { chat: ChatRow; created: boolean };
      if (input.adId !== undefined) {
        const adId = input.adId;
        const [ad] = await findChatAds(db, [adId]);
        if (!ad) throw new AppError("AD_NOT_FOUND");
        if (ad.userId === userId) throw fieldError("CHAT_SELF", "adId");
        const existing = await findAdChat(db, adId, userId);
        if (existing) opened = { chat: existing, created: false };
        else {
          // Ads the public never sees are not there for a new chat; archived and sold ones are shown.
          if (!publicAdStatuses.has(ad.status)) throw new AppError("AD_NOT_FOUND");
          if (ad.status !== "active") throw new AppError("CHAT_AD_UNAVAILABLE");
          const [seller] = await findUsers(db, [ad.userId]);
          if (!seller || seller.deletedAt) throw new AppError("CHAT_AD_UNAVAILABLE");
          await refuseWhenBlocked(userId, ad.userId);
          const counter = await refuseWhenTooManyNewChats(userId);
          opened = await createOrFind({ subject: "ad", adId, sellerId: ad.userId, buyerId: userId }, () =>
            findAdChat(db, adId, userId),
          );
          if (opened.created) await counter.hit(String(userId));
        }
      } else {
        const otherId = input.userId as number;
        if (otherId === userId) throw fieldError("CHAT_SELF", "userId");
        const [other] = await findUsers(db, [otherId]);
        if (!other) throw new AppError("CHAT_USER_NOT_FOUND");
        const existing = await findProfileChat(db, userId, otherId);
        if (existing) opened = { chat: existing, created: false };
        else {
          if (other.deletedAt) throw new AppError("CHAT_USER_DELETED");
          await refuseWhenBlocked(userId, otherId);
          const counter = await refuseWhenTooManyNewChats(userId);
          opened = await createOrFind(
            { subject: "profile", adId: null, sellerId: otherId, buyerId: userId },
            () => findProfileChat(db, userId, otherId),
          );
          if (opened.created) await counter.hit(String(userId));
        }
      }
      // Opening a chat one had deleted brings it back (its old history stays hidden).
      if (!opened.created) await showChatTo(db, opened.chat.id, userId);
      const row = await requireMemberChat(userId, opened.chat.id);
      return { chat: await presentOne(userId, row), created: opened.created };
    },

    async getChat(userId, chatId) {
      return presentOne(userId, await requireMemberChat(userId, chatId));
    },

    async listMessages(userId, chatId, { before, limit }) {
      const { member } = await requireMemberChat(userId, chatId);
      const rows = await findMessagesPage(db, chatId, member.clearedBeforeId, before, limit);
      const page = rows.slice(0, limit).reverse();
      return {
        items: page.map((row) => toMessage(row, userId)),
        nextBefore: rows.length > limit && page[0] ? page[0].id : null,
      };
    },

    async sendMessage(userId, chatId, { text, photoIds }) {
      // The common case (no photos) is one statement: the checks, the message and the chat's marks.
      const key = String(userId);
      refuseWhenFull(deps.messagesPerMinute, await deps.messagesPerMinute.peek(key));
      const photos = photoIds.length === 0 ? [] : await takeablePhotos(userId, photoIds);
      await deps.messagesPerMinute.hit(key);

      const values = { chatId, senderId: userId, text, photos, warnings: findMessageWarnings(text) };
      const inserted =
        photoIds.length === 0
          ? await insertMessageIfAllowed(db, values)
          : await db.transaction(async (tx) => {
              const stored = await insertMessageIfAllowed(tx, values);
              if (
                stored &&
                (await attachPhotosToMessage(tx, userId, stored.message.id, photoIds)) !== photoIds.length
              ) {
                throw new AppError("AD_PHOTO_INVALID");
              }
              return stored;
            });
      if (!inserted) throw await whyNotSent(userId, chatId);

      const { message, receiverId, receiverUnreadIds } = inserted;
      emitToUser(receiverId, "message:new", { chatId, message: toMessage(message, receiverId) });
      emitToUser(userId, "message:new", { chatId, message: toMessage(message, userId) });
      if (receiverUnreadIds) emitToUser(receiverId, "unreadedChatIds", { ids: receiverUnreadIds });
      await deps.onMessageSent?.({ chatId, senderId: userId, receiverId, text });
      return toMessage(message, userId);
    },

    async markRead(userId, chatId, messageId) {
      const { chat, member } = await requireMemberChat(userId, chatId);
      const message = await findMessageOfChat(db, chatId, messageId);
      if (!message || message.id <= member.clearedBeforeId)
        throw fieldError("CHAT_MESSAGE_NOT_FOUND", "messageId");
      const before = member.lastReadMessageId ?? 0;
      const lastReadMessageId = await markRead(db, chatId, userId, messageId);
      const unreadCount = (await countUnread(db, [chatId], userId)).get(chatId) ?? 0;
      if (lastReadMessageId !== null && lastReadMessageId > before) {
        const event = { chatId, readerId: userId, lastReadMessageId };
        emitToUser(otherMemberOf(chat, userId), "chat:read", event);
        emitToUser(userId, "chat:read", event);
        await pushUnreadIds(userId);
      }
      return { chatId, lastReadMessageId, unreadCount };
    },

    async deleteChatForMe(userId, chatId) {
      const { chat } = await requireMemberChat(userId, chatId);
      await clearChatFor(db, chatId, userId, chat.lastMessageId ?? 0);
      await pushUnreadIds(userId);
    },

    async muteChat(userId, chatId, { muted }) {
      const row = await requireMemberChat(userId, chatId);
      if (row.member.muted !== muted) {
        await setMuted(db, chatId, userId, muted);
        // The header's badge leaves (or takes back) the chat's unread messages.
        await pushUnreadIds(userId);
      }
      return presentOne(userId, { chat: row.chat, member: { ...row.member, muted } });
    },

    isMutedBy(userId, chatId) {
      return isMutedBy(db, chatId, userId);
    },

    async reportChat(userId, chatId, { reason, text }) {
      await requireMemberChat(userId, chatId);
      try {
        const row = await insertReport(db, { chatId, userId, reason, text });
        return {
          id: row.id,
          chatId: row.chatId,
          reason: row.reason as ChatReportReason,
          text: row.text,
          createdAt: row.createdAt.toISOString(),
        };
      } catch (error) {
        if (isUniqueViolation(error, "chat_reports_chat_user_unique"))
          throw new AppError("CHAT_REPORT_EXISTS");
        throw error;
      }
    },

    async relayTyping(userId, chatId) {
      const row = await findMemberChat(db, chatId, userId);
      if (!row) return;
      const otherId = otherMemberOf(row.chat, userId);
      if ((await findBlocksBetween(db, userId, [otherId])).length > 0) return;
      emitToUser(otherId, "chat:typing", { chatId, userId });
    },

    async block(userId, otherId) {
      if (otherId === userId) throw fieldError("CHAT_SELF", "userId");
      const [other] = await findUsers(db, [otherId]);
      if (!other) throw new AppError("CHAT_USER_NOT_FOUND");
      await insertBlock(db, userId, otherId);
      return { userId: otherId, isBlocked: true };
    },

    async unblock(userId, otherId) {
      await deleteBlock(db, userId, otherId);
      return { userId: otherId, isBlocked: false };
    },

    async listBlocks(userId) {
      const blocks = await findBlocksBy(db, userId);
      const peers = new Map(
        (
          await findUsers(
            db,
            blocks.map((block) => block.blockedId),
          )
        ).map((peer) => [peer.id, peer]),
      );
      return {
        items: blocks.map((block) => ({
          user: toPeer(peers.get(block.blockedId), block.blockedId),
          blockedAt: block.createdAt.toISOString(),
        })),
      };
    },

    async openPhoto(viewerId, file) {
      const [, id, width, format] = /^(\d+)-(\d+)\.(webp|avif)$/.exec(file) ?? [];
      const photoId = Number(id);
      const photo =
        viewerId === null || !recordIdSchema.safeParse(photoId).success
          ? undefined
          : await findChatPhotoFor(db, photoId, viewerId);
      const isSize =
        photo !== undefined &&
        isChatPhoto(photo) &&
        adPhotoWidthsFor(photo.width).includes(Number(width)) &&
        (format === "webp" || photo.avif);
      const key = `${photo?.base}-${width}.${format}`;
      const contentType = contentTypeOf(key);
      const opened = isSize && contentType ? await storage.open(key) : null;
      if (!opened || !contentType) throw new AppError("AD_PHOTO_NOT_FOUND");
      return { ...opened, contentType };
    },

    unreadChatIds(userId) {
      return findUnreadChatIds(db, userId);
    },
  };
}
