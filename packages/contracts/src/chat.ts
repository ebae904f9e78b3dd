/**
 * The chat API (issue 14, item 3; product.md section 7): requests and answers of `/api/chats`, and
 * the payloads of the chat's socket events (typed in `realtime.ts`). Decision 052.
 */
import { z } from "zod";
import { adCoverSchema, adPhotoSchema } from "./ads/ad-photos.ts";
import { adStatuses } from "./ads/ad-rules.ts";
import { currencies } from "./car-values.ts";
import { recordIdParamSchema, recordIdSchema } from "./ids.ts";
import { textInput } from "./text.ts";
import { verticals } from "./verticals.ts";

/** The longest message text, in characters. */
export const chatMessageTextMax = 4000;
/** The most photos one message carries. */
export const chatMessagePhotosMax = 10;
export const chatListLimitDefault = 20;
export const chatListLimitMax = 50;
export const chatMessagesLimitDefault = 30;
export const chatMessagesLimitMax = 100;
export const chatReportTextMax = 1000;

/** Why a user reports a chat; kept for the moderators' dashboard. */
export const chatReportReasons = ["spam", "fraud", "insult", "other"] as const;
export type ChatReportReason = (typeof chatReportReasons)[number];

/**
 * What a message may be up to, found by the server when it is sent (decision 052); the receiver
 * sees a warning for each kind, in their language (`chat.warning.<kind>` on the web).
 * - `prepayment`: asks to pay or transfer money before seeing the goods
 * - `card-number`: a bank card number
 * - `payment-link`: a link to a payment or money-transfer page
 * - `messenger`: asks to move to WhatsApp, Telegram, Viber, ...
 * - `phone-number`: a phone number in the text
 */
export const chatWarningKinds = [
  "prepayment",
  "card-number",
  "payment-link",
  "messenger",
  "phone-number",
] as const;
export type ChatWarningKind = (typeof chatWarningKinds)[number];

/** What a chat is about: one ad, or a user's (or business's) profile. */
export const chatSubjects = ["ad", "profile"] as const;
export type ChatSubject = (typeof chatSubjects)[number];

// ---- Answers -------------------------------------------------------------------------------------

/** The other member of a chat. A deleted account keeps its id; the web shows "deleted user". */
export const chatPeerSchema = z.object({
  id: z.number().int(),
  name: z.string().describe("Empty when `isDeleted`"),
  avatar: z.string().nullable().describe("URL of the avatar; null when none or deleted"),
  isDeleted: z.boolean().describe('The account was deleted: show "deleted user"'),
});
export type ChatPeer = z.infer<typeof chatPeerSchema>;

/** The ad a chat is about, as the inbox shows it (its status as it is now). */
export const chatAdSchema = z.object({
  id: z.number().int(),
  vertical: z.enum(verticals),
  status: z.enum(adStatuses),
  title: z.string(),
  price: z.number().int().describe("As the seller typed it; 0: negotiable"),
  currency: z.enum(currencies),
  cover: adCoverSchema.nullable().describe("The ad's first photo: the thumbnail"),
});
export type ChatAd = z.infer<typeof chatAdSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int().describe("Grows with time within the site: the keyset of history pages and reads"),
  chatId: z.number().int(),
  senderId: z.number().int(),
  isMine: z.boolean().describe("Sent by the user asking"),
  text: z.string().describe("Plain text as sent (links are rendered by the client)"),
  photos: z.array(adPhotoSchema).describe("In the order sent"),
  warnings: z
    .array(z.enum(chatWarningKinds))
    .describe("Safety warnings for the receiver; always empty on one's own messages"),
  createdAt: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatSchema = z.object({
  id: z.number().int(),
  subject: z.enum(chatSubjects),
  ad: chatAdSchema.nullable().describe("The ad (subject `ad`); null for a profile chat or a removed ad"),
  isMyAd: z.boolean().describe("The user asking is the ad's seller (false for profile chats)"),
  other: chatPeerSchema,
  lastMessage: chatMessageSchema
    .nullable()
    .describe("The newest message the user asking can see; null when none (new, or deleted for them)"),
  unreadCount: z.number().int().describe("Messages of the other member after the user's last read one"),
  myLastReadMessageId: z.number().int().nullable(),
  otherLastReadMessageId: z
    .number()
    .int()
    .nullable()
    .describe("Read receipts: the user's own messages up to this id were read"),
  isBlockedByMe: z.boolean(),
  isMuted: z
    .boolean()
    .describe("Muted by the user asking: its messages notify them of nothing and leave `unreadedChatIds`"),
  canWrite: z
    .boolean()
    .describe("false when either member blocked the other or the other account was deleted"),
  lastActivityAt: z.iso.datetime().describe("The last message's time, or the chat's creation"),
  createdAt: z.iso.datetime(),
});
export type Chat = z.infer<typeof chatSchema>;

/** `GET /api/chats`: the user's chats, latest activity first. */
export const chatListResponseSchema = z.object({
  items: z.array(chatSchema),
  nextCursor: z.string().nullable().describe("Opaque; null on the last page"),
});
export type ChatListResponse = z.infer<typeof chatListResponseSchema>;

/** `GET /api/chats/:id/messages`: one page of history. */
export const chatMessagesResponseSchema = z.object({
  items: z.array(chatMessageSchema).describe("Oldest first within the page"),
  nextBefore: z
    .number()
    .int()
    .nullable()
    .describe('Pass as `before` for the earlier page ("load earlier"); null when there is none'),
});
export type ChatMessagesResponse = z.infer<typeof chatMessagesResponseSchema>;

export const chatReadResponseSchema = z.object({
  chatId: z.number().int(),
  lastReadMessageId: z.number().int().nullable(),
  unreadCount: z.number().int(),
});
export type ChatReadResponse = z.infer<typeof chatReadResponseSchema>;

export const chatReportSchema = z.object({
  id: z.number().int(),
  chatId: z.number().int(),
  reason: z.enum(chatReportReasons),
  text: z.string(),
  createdAt: z.iso.datetime(),
});
export type ChatReport = z.infer<typeof chatReportSchema>;

export const chatBlockResponseSchema = z.object({
  userId: z.number().int(),
  isBlocked: z.boolean(),
});
export type ChatBlockResponse = z.infer<typeof chatBlockResponseSchema>;

export const chatBlocksResponseSchema = z.object({
  items: z
    .array(z.object({ user: chatPeerSchema, blockedAt: z.iso.datetime() }))
    .describe("Newest block first"),
});
export type ChatBlocksResponse = z.infer<typeof chatBlocksResponseSchema>;

// ---- Requests ------------------------------------------------------------------------------------

export const chatIdParamsSchema = z.object({ id: recordIdParamSchema });
export const chatUserIdParamsSchema = z.object({ userId: recordIdParamSchema });
/** `GET /api/chats/photos/:file`: one size of a chat photo, `<photoId>-<width>.<webp|avif>`. */
export const chatPhotoParamsSchema = z.object({
  file: z.string().regex(/^[1-9]\d{0,9}-[1-9]\d{1,3}\.(webp|avif)$/, "<photoId>-<width>.webp or .avif"),
});

export const chatListQuerySchema = z.object({
  cursor: textInput().max(200).optional().describe("`nextCursor` of the previous page"),
  limit: z.coerce.number().int().min(1).max(chatListLimitMax).default(chatListLimitDefault),
});
export type ChatListQuery = z.infer<typeof chatListQuerySchema>;

/** `POST /api/chats`: open a chat about an ad, or with a user's profile; resumes the existing one. */
export const chatOpenInputSchema = z
  .strictObject({
    adId: recordIdSchema.optional().describe("Write to the ad's seller about this ad"),
    userId: recordIdSchema.optional().describe("Write to this user about their profile (or business)"),
  })
  .refine((input) => (input.adId === undefined) !== (input.userId === undefined), {
    path: ["adId"],
    message: "give either adId or userId",
  });
export type ChatOpenInput = z.infer<typeof chatOpenInputSchema>;

export const chatMessagesQuerySchema = z.object({
  before: recordIdParamSchema
    .optional()
    .describe("Messages with a smaller id (`nextBefore` of the last page)"),
  limit: z.coerce.number().int().min(1).max(chatMessagesLimitMax).default(chatMessagesLimitDefault),
});
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuerySchema>;

/** `POST /api/chats/:id/messages`: text, photos (uploaded by `POST /api/photos`), or both. */
export const chatMessageInputSchema = z
  .strictObject({
    text: textInput().trim().max(chatMessageTextMax).default(""),
    photoIds: z
      .array(recordIdSchema)
      .max(chatMessagePhotosMax)
      .default([])
      .describe("The sender's own uploaded photos that no ad or message has yet")
      .refine((ids) => new Set(ids).size === ids.length, { message: "a photo is listed twice" }),
  })
  .refine((input) => input.text.length > 0 || input.photoIds.length > 0, {
    path: ["text"],
    message: "write a message or attach a photo",
  });
export type ChatMessageInput = z.infer<typeof chatMessageInputSchema>;

/** `PUT /api/chats/:id/mute`: mute (no notifications, no header badge) or unmute a chat for oneself. */
export const chatMuteInputSchema = z.strictObject({ muted: z.boolean() });
export type ChatMuteInput = z.infer<typeof chatMuteInputSchema>;

/** `POST /api/chats/:id/read`: everything up to this message was read. */
export const chatReadInputSchema = z.strictObject({ messageId: recordIdSchema });
export type ChatReadInput = z.infer<typeof chatReadInputSchema>;

export const chatReportInputSchema = z
  .strictObject({
    reason: z.enum(chatReportReasons),
    text: textInput().trim().max(chatReportTextMax).default(""),
  })
  .refine((report) => report.reason !== "other" || report.text.length > 0, {
    path: ["text"],
    message: "say what is wrong",
  });
export type ChatReportInput = z.infer<typeof chatReportInputSchema>;

// ---- Socket events (typed in realtime.ts) --------------------------------------------------------

/** `message:new` (server → both members' sockets): a message was sent; `message.isMine` per receiver. */
export const chatMessageEventSchema = z.object({
  chatId: z.number().int(),
  message: chatMessageSchema,
});
export type ChatMessageEvent = z.infer<typeof chatMessageEventSchema>;

/** `chat:read` (server → both members): `readerId` has read the chat up to `lastReadMessageId`. */
export const chatReadEventSchema = z.object({
  chatId: z.number().int(),
  readerId: z.number().int(),
  lastReadMessageId: z.number().int(),
});
export type ChatReadEvent = z.infer<typeof chatReadEventSchema>;

/** `chat:typing` (server → the other member): `userId` is typing; show it for a few seconds. */
export const chatTypingEventSchema = z.object({
  chatId: z.number().int(),
  userId: z.number().int(),
});
export type ChatTypingEvent = z.infer<typeof chatTypingEventSchema>;

/** `chat:typing` (client → server): the user types in this chat. Send at most every few seconds. */
export const chatTypingInputSchema = z.strictObject({ chatId: recordIdSchema });
export type ChatTypingInput = z.infer<typeof chatTypingInputSchema>;
