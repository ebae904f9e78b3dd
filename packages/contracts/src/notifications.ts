/**
 * Notifications (issue 14, item 5; product.md section 9): the kinds, their payloads, the channels a
 * user may turn on or off per kind, and the requests and answers of `/api/notifications`. The
 * socket events (`notification:new`, `notifications:unread`) are typed in `realtime.ts`.
 * Decision 054.
 */
import { z } from "zod";
import { adRejectReasons } from "./ads/ad-rules.ts";
import { currencies } from "./car-values.ts";
import { recordIdParamSchema } from "./ids.ts";
import { complaintKinds, complaintOutcomes, moderationNoticeTopics } from "./moderation.ts";
import { textInput } from "./text.ts";

export const notificationKinds = [
  "adApproved",
  "adRejected",
  "adExpiring",
  "chatMessage",
  "savedSearchMatch",
  "favoritePriceDrop",
  "reviewNew",
  "reviewReply",
  "staffBroadcast",
  "paymentReceipt",
  "moderationNotice",
  "planRenewalSoon",
  "planRenewed",
  "planRenewalFailed",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Where a notification reaches the user: the notification centre, their email, their browsers. */
export const notificationChannels = ["inApp", "email", "push"] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export const notificationListLimitDefault = 20;
export const notificationListLimitMax = 50;
export const broadcastTitleMax = 120;
export const broadcastTextMax = 1000;

/** A path on the site the notification leads to (`/ads/12`, `/settings/chats?chat=3`). */
const linkSchema = z
  .string()
  .regex(/^\/(?!\/)[^\s]*$/, "must be a path on the site")
  .max(500)
  .describe("A path on this site: where the notification leads");

/** A plan's name in every language: a notification is read in the reader's. */
const planNamesSchema = z.object({ ky: z.string(), ru: z.string(), en: z.string() });

/** What each kind carries: what its texts need, and the link. */
export const notificationPayloadSchemas = {
  adApproved: z.object({ adId: z.number().int(), title: z.string(), link: linkSchema }),
  adRejected: z.object({
    adId: z.number().int(),
    title: z.string(),
    reason: z.enum(adRejectReasons),
    note: z.string().describe("The moderator's note; may be empty"),
    link: linkSchema,
  }),
  adExpiring: z.object({
    adId: z.number().int(),
    title: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
    link: linkSchema,
  }),
  chatMessage: z.object({
    chatId: z.number().int(),
    senderName: z.string().describe("Empty for a deleted account"),
    preview: z.string().describe("The message's first characters; empty for photos only"),
    link: linkSchema,
  }),
  savedSearchMatch: z.object({
    searchId: z.number().int(),
    searchName: z.string(),
    count: z.number().int().min(1).describe("New matching ads"),
    link: linkSchema,
  }),
  favoritePriceDrop: z.object({
    adId: z.number().int(),
    title: z.string(),
    oldPrice: z.number().int(),
    price: z.number().int(),
    currency: z.enum(currencies),
    link: linkSchema,
  }),
  reviewNew: z.object({
    reviewId: z.number().int(),
    authorName: z.string().describe("Empty for a deleted account"),
    stars: z.number().int().min(1).max(5),
    link: linkSchema,
  }),
  reviewReply: z.object({
    reviewId: z.number().int(),
    sellerName: z.string().describe("Empty for a deleted account"),
    link: linkSchema,
  }),
  staffBroadcast: z.object({
    title: z.string(),
    text: z.string(),
    link: linkSchema.nullable(),
  }),
  paymentReceipt: z.object({
    paymentId: z.string(),
    amount: z.number().int().describe("Tyiyn"),
    status: z.enum(["paid", "failed", "refunded"]),
    balance: z.number().int().describe("The balance after it, in tyiyn"),
    link: linkSchema,
  }),
  /** A moderator's decision other than an ad's approval or rejection (decision 066). */
  moderationNotice: z.object({
    topic: z.enum(moderationNoticeTopics),
    subject: z.enum(complaintKinds).describe("What it is about: an ad, a chat or a review"),
    title: z.string().describe("The ad's title, or empty"),
    outcome: z.enum(complaintOutcomes).nullable().describe("For `complaintResolved`"),
    reason: z
      .string()
      .nullable()
      .describe(
        "The reason code: of `adRejectReasons` for `adRemoved`, of `photoRejectReasons` for `photoRejected`",
      ),
    note: z.string().describe("The moderator's note; may be empty"),
    link: linkSchema.nullable(),
  }),
  planRenewalSoon: z.object({
    planNames: planNamesSchema,
    price: z.number().int().describe("Tyiyn"),
    paidUntil: z.iso.datetime({ offset: true }).describe("When the next month is bought"),
    balance: z.number().int().describe("The balance now, in tyiyn"),
    link: linkSchema,
  }),
  planRenewed: z.object({
    planNames: planNamesSchema,
    price: z.number().int().describe("Tyiyn"),
    paidUntil: z.iso.datetime({ offset: true }).describe("The new end of the paid month"),
    balance: z.number().int().describe("The balance after it, in tyiyn"),
    link: linkSchema,
  }),
  planRenewalFailed: z.object({
    planNames: planNamesSchema,
    price: z.number().int().describe("Tyiyn"),
    balance: z.number().int().describe("The balance that was short, in tyiyn"),
    link: linkSchema,
  }),
} satisfies Record<NotificationKind, z.ZodType>;

export type NotificationPayloads = {
  [K in NotificationKind]: z.infer<(typeof notificationPayloadSchemas)[K]>;
};

const base = {
  id: z.number().int(),
  isRead: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
};

export const notificationSchema = z.discriminatedUnion("kind", [
  z.object({ ...base, kind: z.literal("adApproved"), payload: notificationPayloadSchemas.adApproved }),
  z.object({ ...base, kind: z.literal("adRejected"), payload: notificationPayloadSchemas.adRejected }),
  z.object({ ...base, kind: z.literal("adExpiring"), payload: notificationPayloadSchemas.adExpiring }),
  z.object({ ...base, kind: z.literal("chatMessage"), payload: notificationPayloadSchemas.chatMessage }),
  z.object({
    ...base,
    kind: z.literal("savedSearchMatch"),
    payload: notificationPayloadSchemas.savedSearchMatch,
  }),
  z.object({
    ...base,
    kind: z.literal("favoritePriceDrop"),
    payload: notificationPayloadSchemas.favoritePriceDrop,
  }),
  z.object({ ...base, kind: z.literal("reviewNew"), payload: notificationPayloadSchemas.reviewNew }),
  z.object({ ...base, kind: z.literal("reviewReply"), payload: notificationPayloadSchemas.reviewReply }),
  z.object({
    ...base,
    kind: z.literal("staffBroadcast"),
    payload: notificationPayloadSchemas.staffBroadcast,
  }),
  z.object({
    ...base,
    kind: z.literal("paymentReceipt"),
    payload: notificationPayloadSchemas.paymentReceipt,
  }),
  z.object({
    ...base,
    kind: z.literal("moderationNotice"),
    payload: notificationPayloadSchemas.moderationNotice,
  }),
  z.object({
    ...base,
    kind: z.literal("planRenewalSoon"),
    payload: notificationPayloadSchemas.planRenewalSoon,
  }),
  z.object({ ...base, kind: z.literal("planRenewed"), payload: notificationPayloadSchemas.planRenewed }),
  z.object({
    ...base,
    kind: z.literal("planRenewalFailed"),
    payload: notificationPayloadSchemas.planRenewalFailed,
  }),
]);
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  cursor: textInput().max(200).optional().describe("`nextCursor` of the previous page"),
  limit: z.coerce.number().int().min(1).max(notificationListLimitMax).default(notificationListLimitDefault),
  unread: z.enum(["true", "false"]).optional().describe("`true`: only the unread ones"),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = z.object({
  items: z.array(notificationSchema).describe("Newest first"),
  nextCursor: z.string().nullable(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const notificationUnreadSchema = z.object({ count: z.number().int() });
export type NotificationUnread = z.infer<typeof notificationUnreadSchema>;

export const notificationIdParamsSchema = z.object({ id: recordIdParamSchema });

/** Channels of one kind: on or off. */
const channelSwitchesSchema = z.object({
  inApp: z.boolean(),
  email: z.boolean(),
  push: z.boolean().describe("Reaches the browsers the user subscribed (POST /api/notifications/push)"),
});

export const notificationPreferencesSchema = z.object({
  adApproved: channelSwitchesSchema,
  adRejected: channelSwitchesSchema,
  adExpiring: channelSwitchesSchema,
  chatMessage: channelSwitchesSchema,
  savedSearchMatch: channelSwitchesSchema,
  favoritePriceDrop: channelSwitchesSchema,
  reviewNew: channelSwitchesSchema,
  reviewReply: channelSwitchesSchema,
  staffBroadcast: channelSwitchesSchema,
  paymentReceipt: channelSwitchesSchema,
  moderationNotice: channelSwitchesSchema,
  planRenewalSoon: channelSwitchesSchema,
  planRenewed: channelSwitchesSchema,
  planRenewalFailed: channelSwitchesSchema,
}) satisfies z.ZodType<Record<NotificationKind, Record<NotificationChannel, boolean>>>;
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** A change of some switches; the others stay as they are. */
const channelChangeSchema = z.strictObject(channelSwitchesSchema.shape).partial().optional();
export const notificationPreferencesInputSchema = z.strictObject({
  adApproved: channelChangeSchema,
  adRejected: channelChangeSchema,
  adExpiring: channelChangeSchema,
  chatMessage: channelChangeSchema,
  savedSearchMatch: channelChangeSchema,
  favoritePriceDrop: channelChangeSchema,
  reviewNew: channelChangeSchema,
  reviewReply: channelChangeSchema,
  staffBroadcast: channelChangeSchema,
  paymentReceipt: channelChangeSchema,
  moderationNotice: channelChangeSchema,
  planRenewalSoon: channelChangeSchema,
  planRenewed: channelChangeSchema,
  planRenewalFailed: channelChangeSchema,
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

export const notificationReadAllResponseSchema = z.object({
  marked: z.number().int().describe("How many were unread"),
  unread: z.number().int(),
});

// ---- Web push ----------------------------------------------------------------------------------

export const pushKeySchema = z.object({
  publicKey: z.string().describe("The VAPID public key (base64url): `applicationServerKey`"),
});

const base64url = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "must be base64url")
    .max(max);

/** A browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushUnsubscribeInputSchema = z.object({ endpoint: z.url().max(2000) });

export const pushSubscriptionSchema = z.object({ id: z.number().int(), endpoint: z.string() });

/** What a push message carries (the service worker shows `title` and `body`, opens `link`). */
export const pushMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

// ---- Staff broadcast ---------------------------------------------------------------------------

export const broadcastInputSchema = z.object({
  title: textInput().trim().min(1).max(broadcastTitleMax),
  text: textInput().trim().min(1).max(broadcastTextMax),
  link: linkSchema.nullable().default(null),
});
export type BroadcastInput = z.infer<typeof broadcastInputSchema>;

export const broadcastResponseSchema = z.object({ recipients: z.number().int() });
