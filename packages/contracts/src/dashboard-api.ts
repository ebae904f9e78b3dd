/**
 * Requests and answers of the staff dashboard's own endpoints, `/api/dashboard/*` (issue 17,
 * decision 065): the audit history, users, the overview. Who may call each is product.md's matrix
 * (`dashboard.ts`).
 */
import { z } from "zod";
import { auditObjectTypes, staffActions } from "./dashboard.ts";
import { recordIdParamSchema, recordIdSchema } from "./ids.ts";
import {
  adjustmentReasonMax,
  ledgerAmountMax,
  ledgerEntryKinds,
  paymentProviders,
  paymentStatuses,
} from "./money.ts";
import { planSchema, subscriptionStatuses } from "./plans.ts";
import { textInput } from "./text.ts";
import { roleSchema } from "./user.ts";

export const dashboardPageLimitDefault = 25;
export const dashboardPageLimitMax = 100;
export const blockReasonMax = 500;

const cursorSchema = textInput()
  .regex(/^\d{1,19}$/, "must be a `nextCursor`")
  .optional()
  .describe("`nextCursor` of the previous page");
const limitSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(dashboardPageLimitMax)
  .default(dashboardPageLimitDefault);
/** The orders a dashboard list offers: by when its rows were made, newest or oldest first. */
export const dashboardListOrders = ["newest", "oldest"] as const;
export type DashboardListOrder = (typeof dashboardListOrders)[number];
export const dashboardListOrderSchema = z
  .enum(dashboardListOrders)
  .default("newest")
  .describe("`newest` first (the default) or `oldest` first; `nextCursor` goes on in the same order");
/** A calendar day, `YYYY-MM-DD` (Asia/Bishkek). */
const daySchema = z.iso.date();

/** Someone the dashboard names: a staff member or a user (`name` empty once the account is deleted). */
export const dashboardPersonSchema = z.object({ id: z.number().int(), name: z.string() });
export type DashboardPerson = z.infer<typeof dashboardPersonSchema>;

// ---- history -------------------------------------------------------------------------------------

export const auditEntrySchema = z.object({
  id: z.number().int(),
  staff: dashboardPersonSchema.nullable().describe("Null when the staff member's account is gone"),
  action: z.enum(staffActions),
  objectType: z.enum(auditObjectTypes),
  objectId: z.string(),
  before: z.unknown().describe("The changed values before the action (null when none)"),
  after: z.unknown().describe("The changed values after the action (null when none)"),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const historyQuerySchema = z
  .object({
    staffId: recordIdParamSchema
      .optional()
      .describe("Entries of this staff member (editors: only their own)"),
    action: z.enum(staffActions).optional(),
    objectType: z.enum(auditObjectTypes).optional(),
    objectId: textInput().trim().min(1).max(100).optional().describe("With `objectType`"),
    from: daySchema.optional().describe("First day, inclusive (Asia/Bishkek)"),
    to: daySchema.optional().describe("Last day, inclusive (Asia/Bishkek)"),
    order: dashboardListOrderSchema,
    cursor: cursorSchema,
    limit: limitSchema,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    message: "must not be before `from`",
  })
  .refine((query) => !query.objectId || query.objectType, {
    path: ["objectType"],
    message: "is required with `objectId`",
  });
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyPageSchema = z.object({
  items: z.array(auditEntrySchema).describe("Newest first"),
  nextCursor: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

// ---- users ---------------------------------------------------------------------------------------

export const dashboardUsersQuerySchema = z.object({
  q: textInput()
    .trim()
    .max(100)
    .optional()
    .describe("An id, a phone (any part of its digits), an email or a username (any part)"),
  order: dashboardListOrderSchema,
  cursor: cursorSchema,
  limit: limitSchema,
});
export type DashboardUsersQuery = z.infer<typeof dashboardUsersQuerySchema>;

export const dashboardUserRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable().describe("The main phone, E.164"),
  roles: z.array(roleSchema),
  blockedAt: z.iso.datetime().nullable(),
  deletedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type DashboardUserRow = z.infer<typeof dashboardUserRowSchema>;

export const dashboardUsersPageSchema = z.object({
  items: z.array(dashboardUserRowSchema).describe("Newest accounts first"),
  nextCursor: z.string().nullable(),
});
export type DashboardUsersPage = z.infer<typeof dashboardUsersPageSchema>;

export const dashboardSessionSchema = z.object({
  id: z.string(),
  deviceLabel: z.string(),
  source: z.string(),
  ip: z.string(),
  city: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  endReason: z.string().nullable(),
});
export type DashboardSession = z.infer<typeof dashboardSessionSchema>;

export const dashboardUserSchema = dashboardUserRowSchema.extend({
  phones: z.array(z.string()),
  avatar: z.string().nullable(),
  blockReason: z.string().nullable().describe("Why the account is blocked (set while blocked)"),
  ads: z.object({
    total: z.number().int(),
    active: z.number().int(),
    pending: z.number().int(),
  }),
  sessions: z.array(dashboardSessionSchema).describe("Live sessions first, then the last ended ones"),
  complaintsAgainst: z
    .object({ ads: z.number().int(), chats: z.number().int(), reviews: z.number().int() })
    .describe("Reports about the user's ads, chats with them and reviews they wrote"),
});
export type DashboardUser = z.infer<typeof dashboardUserSchema>;

export const dashboardUserParamsSchema = z.object({ id: recordIdParamSchema });

export const userBlockInputSchema = z.strictObject({
  reason: textInput().trim().min(3).max(blockReasonMax),
});
export type UserBlockInput = z.infer<typeof userBlockInputSchema>;

export const userRolesInputSchema = z.strictObject({
  roles: z
    .array(roleSchema)
    .max(3)
    .refine((list) => new Set(list).size === list.length, "must not repeat a role"),
});
export type UserRolesInput = z.infer<typeof userRolesInputSchema>;

// ---- payments ------------------------------------------------------------------------------------

export const dashboardPaymentsQuerySchema = z
  .object({
    kind: z.enum(ledgerEntryKinds).optional(),
    user: textInput()
      .trim()
      .max(100)
      .optional()
      .describe("The user: an id, a phone (any part of its digits) or an email (any part)"),
    providerRef: textInput().trim().max(100).optional().describe("Any part of a top-up's provider reference"),
    from: daySchema.optional().describe("First day, inclusive (Asia/Bishkek)"),
    to: daySchema.optional().describe("Last day, inclusive (Asia/Bishkek)"),
    order: dashboardListOrderSchema,
    cursor: cursorSchema,
    limit: limitSchema,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    message: "must not be before `from`",
  });
export type DashboardPaymentsQuery = z.infer<typeof dashboardPaymentsQuerySchema>;

export const dashboardPaymentRowSchema = z.object({
  id: z.number().int().describe("The ledger entry"),
  user: dashboardPersonSchema,
  kind: z.enum(ledgerEntryKinds),
  amount: z.number().int().describe("Tyiyn; negative when money left the balance"),
  balanceAfter: z.number().int(),
  reference: z.string().nullable().describe("What was bought or given back (`ad:12:vip`, `plan:pro`)"),
  provider: z.enum(paymentProviders).nullable().describe("Top-ups: the provider"),
  providerRef: z.string().nullable().describe("Top-ups: the provider's id of the payment"),
  status: z.enum(paymentStatuses).nullable().describe("Top-ups: the payment's status"),
  staff: dashboardPersonSchema.nullable().describe("Staff adjustments: who made it"),
  reason: z.string().nullable().describe("Staff adjustments and refunds: why"),
  refundable: z
    .number()
    .int()
    .nullable()
    .describe(
      "Purchases and plan renewals: tyiyn still refundable (what was paid minus what went back); null for other kinds",
    ),
  createdAt: z.iso.datetime(),
});
export type DashboardPaymentRow = z.infer<typeof dashboardPaymentRowSchema>;

export const dashboardPaymentsPageSchema = z.object({
  items: z.array(dashboardPaymentRowSchema).describe("Newest first"),
  nextCursor: z.string().nullable(),
});
export type DashboardPaymentsPage = z.infer<typeof dashboardPaymentsPageSchema>;

export const dashboardAdjustmentReasonMin = 5;

export const dashboardAdjustmentInputSchema = z.strictObject({
  userId: recordIdSchema,
  amount: z
    .number()
    .int()
    .min(-ledgerAmountMax)
    .max(ledgerAmountMax)
    .refine((amount) => amount !== 0, "must not be zero")
    .describe("Tyiyn: positive credits the balance, negative debits it (never below zero)"),
  reason: textInput().trim().min(dashboardAdjustmentReasonMin).max(adjustmentReasonMax),
});
export type DashboardAdjustmentInput = z.infer<typeof dashboardAdjustmentInputSchema>;

export const dashboardAdjustmentSchema = z.object({
  entryId: z.number().int(),
  balanceBefore: z.number().int(),
  balanceAfter: z.number().int(),
});
export type DashboardAdjustment = z.infer<typeof dashboardAdjustmentSchema>;

export const dashboardPaymentParamsSchema = z.object({
  entryId: recordIdParamSchema.describe("The purchase's (or plan renewal's) ledger entry"),
});

export const dashboardRefundInputSchema = z.strictObject({
  amount: z
    .number()
    .int()
    .min(1)
    .max(ledgerAmountMax)
    .describe("Tyiyn to give back, at most what is still refundable for the purchase"),
  reason: textInput().trim().min(dashboardAdjustmentReasonMin).max(adjustmentReasonMax),
});
export type DashboardRefundInput = z.infer<typeof dashboardRefundInputSchema>;

export const dashboardRefundSchema = z.object({
  entryId: z.number().int().describe("The `staff_refund` ledger entry"),
  refundable: z.number().int().describe("Tyiyn still refundable for the purchase after this refund"),
  balanceBefore: z.number().int(),
  balanceAfter: z.number().int(),
});
export type DashboardRefund = z.infer<typeof dashboardRefundSchema>;

// ---- subscribes ----------------------------------------------------------------------------------

export const dashboardPlanSchema = planSchema.extend({
  isActive: z.boolean().describe("On sale; a plan off sale still renews the subscriptions it has"),
});
export type DashboardPlan = z.infer<typeof dashboardPlanSchema>;

export const dashboardPlansSchema = z.object({
  items: z.array(dashboardPlanSchema).describe("Every plan, in the shop's order"),
});
export type DashboardPlans = z.infer<typeof dashboardPlansSchema>;

export const planNameMax = 60;
export const planRaiseCreditsMax = 1_000;
export const planAdLimitMax = 10_000;
const planName = textInput().trim().min(1).max(planNameMax);
const adLimit = z.number().int().min(0).max(planAdLimitMax);

export const dashboardPlanParamsSchema = z.object({
  code: textInput().regex(/^[a-z][a-z0-9-]{0,31}$/, "must be a plan code"),
});

export const dashboardPlanInputSchema = z.strictObject({
  names: z.strictObject({ ky: planName, ru: planName, en: planName }),
  price: z.number().int().min(100).max(ledgerAmountMax).describe("A month, in tyiyn (at least 1 som)"),
  adLimits: z.strictObject({ car: adLimit, commercial: adLimit, moto: adLimit, uslugi: adLimit }),
  raiseCredits: z.number().int().min(0).max(planRaiseCreditsMax),
  isActive: z.boolean(),
});
export type DashboardPlanInput = z.infer<typeof dashboardPlanInputSchema>;

export const dashboardSubscriptionsQuerySchema = z.object({
  plan: textInput()
    .regex(/^[a-z][a-z0-9-]{0,31}$/, "must be a plan code")
    .optional()
    .describe("Subscriptions to this plan"),
  order: dashboardListOrderSchema,
  cursor: cursorSchema,
  limit: limitSchema,
});
export type DashboardSubscriptionsQuery = z.infer<typeof dashboardSubscriptionsQuerySchema>;

export const dashboardSubscriptionRowSchema = z.object({
  id: z.number().int(),
  user: dashboardPersonSchema,
  plan: planSchema.pick({ code: true, names: true }),
  status: z.enum(subscriptionStatuses),
  autoRenew: z.boolean(),
  startedAt: z.iso.datetime(),
  paidUntil: z.iso.datetime().describe("Renews (auto-renew on) or ends (off) then"),
});
export type DashboardSubscriptionRow = z.infer<typeof dashboardSubscriptionRowSchema>;

export const dashboardSubscriptionsPageSchema = z.object({
  items: z
    .array(dashboardSubscriptionRowSchema)
    .describe("Current subscriptions (active or cancelled), newest first"),
  nextCursor: z.string().nullable(),
});
export type DashboardSubscriptionsPage = z.infer<typeof dashboardSubscriptionsPageSchema>;

export const dashboardSubscriptionParamsSchema = z.object({ id: recordIdParamSchema });

// ---- overview ------------------------------------------------------------------------------------

/** A count the caller's roles may see; null where its section is hidden from them. */
const countOrHidden = z.number().int().nullable();

export const dashboardOverviewSchema = z.object({
  queues: z.object({
    pendingAds: countOrHidden.describe("Ads and edits waiting for moderation (section `adds`)"),
    waitingPhotos: countOrHidden.describe("Ad photos not reviewed yet (section `photos`)"),
    adComplaints: countOrHidden.describe("Open complaints about ads (section `complaints`)"),
    chatReports: countOrHidden.describe("Open reports of chats (section `complaints`)"),
    reportedReviews: countOrHidden.describe("Reviews with open reports (section `complaints`)"),
  }),
  today: z
    .object({
      ads: z.number().int().describe("Ads created"),
      users: z.number().int().describe("Accounts created"),
      revenue: countOrHidden.describe("Purchases from balances, tyiyn (section `payments`)"),
    })
    .describe("Since midnight, Asia/Bishkek"),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

/**
 * Dashboard → settings (admins, decision 069): each site setting as the API describes it, so the
 * screen is built from the definitions. `enum` → a choice of `options`; `number` → a number;
 * `numbers` → a group of numbers named by `fields`; `string` → a text.
 */
export const settingKinds = ["enum", "number", "numbers", "string", "texts"] as const;
export type SettingKind = (typeof settingKinds)[number];

export const dashboardSettingSchema = z.object({
  key: z.string(),
  kind: z.enum(settingKinds),
  /** The choices of an `enum`, the members of a `numbers` or `texts` group; empty otherwise. */
  options: z.array(z.string()),
  value: z.unknown(),
  default: z.unknown(),
});
export type DashboardSetting = z.infer<typeof dashboardSettingSchema>;

export const dashboardSettingsSchema = z.object({ items: z.array(dashboardSettingSchema) });
export type DashboardSettings = z.infer<typeof dashboardSettingsSchema>;

export const settingKeyParamsSchema = z.object({ key: z.string().min(1).max(64) });

/** The new value; it is checked against the setting's own schema (400 with `value.*` field errors). */
export const settingValueInputSchema = z.strictObject({ value: z.unknown() });
export type SettingValueInput = z.infer<typeof settingValueInputSchema>;
