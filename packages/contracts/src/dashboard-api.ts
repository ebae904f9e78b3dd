/**
 * Requests and answers of the staff dashboard's own endpoints, `/api/dashboard/*` (issue 17,
 * decision 065): the audit history, users, the overview. Who may call each is product.md's matrix
 * (`dashboard.ts`).
 */
import { z } from "zod";
import { auditObjectTypes, staffActions } from "./dashboard.ts";
import { recordIdParamSchema } from "./ids.ts";
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

// ---- overview ------------------------------------------------------------------------------------

/** A count the caller's roles may see; null where its section is hidden from them. */
const countOrHidden = z.number().int().nullable();

export const dashboardOverviewSchema = z.object({
  queues: z.object({
    pendingAds: countOrHidden.describe("Ads and edits waiting for moderation (section `adds`)"),
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
