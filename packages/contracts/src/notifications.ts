/**
 * Notifications (issue 14, item 5; product.md section 9): the kinds, their payloads, the channels a
 * user may turn on or off per kind, and the requests and answers of `/api/notifications`. The
 * socket events (`notification:new`, `notifications:unread`) are typed in `realtime.ts`.
 * Decision 054.
 */
import { z } from "zod";
import { adRejectReasons } from "./ads/ad-rules.ts";
import { currencies } from "./car-values.ts";
import { recordIdParamSchema, recordIdSchema } from "./ids.ts";
import { complaintKinds, complaintOutcomes, moderationNoticeTopics } from "./moderation.ts";
import { safeRedirectPath } from "./safe-redirect.ts";
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
  /**
   * A balance movement the user did not make: a top-up paid, failed or refunded by the provider, a
   * purchase given back by staff (`refundedToBalance`), or a staff adjustment (`adjusted`, the
   * amount signed). `paymentId` names the top-up, or the ledger entry of a staff movement.
   */
  paymentReceipt: z.object({
    paymentId: z.string(),
    amount: z.number().int().describe("Tyiyn; negative for an adjustment that took money"),
    status: z.enum(["paid", "failed", "refunded", "refundedToBalance", "adjusted"]),
    balance: z.number().int().describe("The balance after it, in tyiyn"),
    reason: z
      .string()
      .optional()
      .describe("The staff member's reason, for `refundedToBalance` and `adjusted`"),
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

// ---- Staff broadcast (dashboard → notification, decision 070) ----------------------------------

/** Whom a broadcast goes to by role: `user` is an account without staff roles. */
export const broadcastRoles = ["user", "editor", "moderator", "admin"] as const;
export type BroadcastRole = (typeof broadcastRoles)[number];
export const broadcastStatuses = ["queued", "sending", "sent"] as const;
export type BroadcastStatus = (typeof broadcastStatuses)[number];
/** How many broadcasts one staff member may send in an hour (more answer 429 `RATE_LIMITED`). */
export const broadcastsPerHour = 3;

const broadcastTitle = () => textInput().trim().min(1).max(broadcastTitleMax);
const broadcastText = () => textInput().trim().min(1).max(broadcastTextMax);

/** A same-origin path only (`safeRedirectPath` keeps it as written). */
const broadcastLinkSchema = textInput()
  .trim()
  .max(500)
  .refine((link) => safeRedirectPath(link, "") === link, "must be a path on this site")
  .describe("A path on this site: where the notice leads");

export const broadcastSegmentSchema = z.object({
  regionId: recordIdSchema.nullable().default(null).describe("Accounts with a live ad there"),
  role: z.enum(broadcastRoles).nullable().default(null),
  hasActiveAds: z.boolean().default(false).describe("Only accounts with an active ad"),
});
export type BroadcastSegment = z.infer<typeof broadcastSegmentSchema>;

export const broadcastChannelsSchema = z
  .object({ inApp: z.boolean(), email: z.boolean(), push: z.boolean() })
  .refine((channels) => channels.inApp || channels.email || channels.push, {
    message: "choose at least one channel",
    path: ["inApp"],
  });
export type BroadcastChannels = z.infer<typeof broadcastChannelsSchema>;

/** Plain text in every language (each recipient reads their own); all three are required. */
export const broadcastInputSchema = z.object({
  title: z.object({ ky: broadcastTitle(), ru: broadcastTitle(), en: broadcastTitle() }),
  text: z.object({ ky: broadcastText(), ru: broadcastText(), en: broadcastText() }),
  link: broadcastLinkSchema.nullable().default(null),
  channels: broadcastChannelsSchema,
  segment: broadcastSegmentSchema.default({ regionId: null, role: null, hasActiveAds: false }),
});
export type BroadcastInput = z.infer<typeof broadcastInputSchema>;

export const broadcastPreviewSchema = z.object({
  recipients: z.number().int().describe("Accounts the segment matches now"),
  notices: z.object({
    ky: z.object({ title: z.string(), body: z.string() }),
    ru: z.object({ title: z.string(), body: z.string() }),
    en: z.object({ title: z.string(), body: z.string() }),
  }),
});
export type BroadcastPreview = z.infer<typeof broadcastPreviewSchema>;

export const broadcastSchema = z.object({
  id: z.number().int(),
  title: z.object({ ky: z.string(), ru: z.string(), en: z.string() }),
  text: z.object({ ky: z.string(), ru: z.string(), en: z.string() }),
  link: z.string().nullable(),
  channels: z.object({ inApp: z.boolean(), email: z.boolean(), push: z.boolean() }),
  segment: z.object({
    regionId: z.number().int().nullable(),
    role: z.enum(broadcastRoles).nullable(),
    hasActiveAds: z.boolean(),
  }),
  status: z.enum(broadcastStatuses),
  recipients: z.number().int().describe("Accounts the segment matched when it was sent"),
  sentCount: z.number().int().describe("Accounts handed the notice so far"),
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

export const broadcastListQuerySchema = z.object({
  cursor: textInput()
    .regex(/^\d{1,19}$/, "must be a `nextCursor`")
    .optional()
    .describe("`nextCursor` of the previous page"),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type BroadcastListQuery = z.infer<typeof broadcastListQuerySchema>;

export const broadcastPageSchema = z.object({
  items: z.array(broadcastSchema),
  nextCursor: z.string().nullable(),
});
export type BroadcastPage = z.infer<typeof broadcastPageSchema>;
