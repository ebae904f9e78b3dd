/**
 * Requests and answers of the dashboard's codes log, code access and regions dictionary (issue 17,
 * decision 067): `/api/dashboard/codes`, `/api/dashboard/code-access`, `/api/dashboard/regions`.
 */
import { z } from "zod";
import { codeChannels, signPurposes } from "./auth-rules.ts";
import {
  dashboardListOrderSchema,
  dashboardPageLimitDefault,
  dashboardPageLimitMax,
} from "./dashboard-api.ts";
import { recordIdParamSchema } from "./ids.ts";
import { textInput } from "./text.ts";
import { roleSchema } from "./user.ts";

// ---- codes ---------------------------------------------------------------------------------------

/** outbox: waiting for the sender; sent; failed (with `deliveryError`). */
export const codeDeliveryStatuses = ["outbox", "sent", "failed"] as const;
export type CodeDeliveryStatus = (typeof codeDeliveryStatuses)[number];

export const codeLogQuerySchema = z.object({
  purpose: z.enum(signPurposes).optional(),
  channel: z.enum(codeChannels).optional(),
  status: z.enum(codeDeliveryStatuses).optional(),
  recipient: textInput()
    .trim()
    .min(3)
    .max(254)
    .optional()
    .describe("An exact phone (any format, +996 assumed) or email; `invalid_format` when neither"),
  order: dashboardListOrderSchema,
  cursor: textInput()
    .regex(/^\d{1,19}$/, "must be a `nextCursor`")
    .optional()
    .describe("`nextCursor` of the previous page"),
  limit: z.coerce.number().int().min(1).max(dashboardPageLimitMax).default(dashboardPageLimitDefault),
});
export type CodeLogQuery = z.infer<typeof codeLogQuerySchema>;

export const codeLogEntrySchema = z.object({
  id: z.number().int(),
  purpose: z.enum(signPurposes),
  channel: z.enum(codeChannels),
  recipient: z
    .string()
    .describe("The full phone or email for staff granted in code-access, else masked (admins not granted)"),
  masked: z.boolean().describe("Whether `recipient` is masked"),
  deliveryStatus: z.enum(codeDeliveryStatuses),
  deliveryError: z.string().nullable(),
  attempts: z.number().int(),
  used: z.boolean(),
  expiresAt: z.iso.datetime(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type CodeLogEntry = z.infer<typeof codeLogEntrySchema>;

export const codeLogPageSchema = z.object({
  items: z.array(codeLogEntrySchema).describe("Newest first; never the code or its hash"),
  nextCursor: z.string().nullable(),
});
export type CodeLogPage = z.infer<typeof codeLogPageSchema>;

// ---- code access ---------------------------------------------------------------------------------

export const codeAccessMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  roles: z.array(roleSchema),
  grantedAt: z.iso.datetime().nullable().describe("When the codes log was granted; null: not granted"),
});
export type CodeAccessMember = z.infer<typeof codeAccessMemberSchema>;

export const codeAccessListSchema = z.object({
  items: z.array(codeAccessMemberSchema).describe("Moderators and admins, by username"),
});
export type CodeAccessList = z.infer<typeof codeAccessListSchema>;

export const codeAccessParamsSchema = z.object({ id: recordIdParamSchema });
export const codeAccessInputSchema = z.object({ granted: z.boolean() });
export type CodeAccessInput = z.infer<typeof codeAccessInputSchema>;

// ---- regions -------------------------------------------------------------------------------------

export const placeNameMax = 80;
export const townSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const placeName = textInput().trim().min(1).max(placeNameMax);
export const placeNamesSchema = z.object({ ky: placeName, ru: placeName, en: placeName });
export type PlaceNames = z.infer<typeof placeNamesSchema>;

export const dashboardTownSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: z.string(),
  name: z.object({ ky: z.string(), ru: z.string(), en: z.string() }),
  position: z.number().int(),
  hidden: z.boolean(),
});
export type DashboardTown = z.infer<typeof dashboardTownSchema>;

export const dashboardRegionSchema = dashboardTownSchema.omit({ kind: true }).extend({
  towns: z.array(dashboardTownSchema),
});
export type DashboardRegion = z.infer<typeof dashboardRegionSchema>;

export const dashboardRegionsSchema = z.object({
  items: z.array(dashboardRegionSchema).describe("Every region and town, hidden ones too, in order"),
});
export type DashboardRegions = z.infer<typeof dashboardRegionsSchema>;

export const placeParamsSchema = z.object({ id: recordIdParamSchema });

/** A region's or town's names, order and visibility. */
export const placeEditSchema = z.object({
  name: placeNamesSchema,
  position: z.number().int().min(0).max(10_000),
  hidden: z.boolean(),
});
export type PlaceEdit = z.infer<typeof placeEditSchema>;

export const townKinds = ["city", "city-district", "town", "village"] as const;

export const townAddSchema = z.object({
  slug: textInput()
    .trim()
    .min(1)
    .max(60)
    .regex(townSlugPattern, "latin lower-case letters, digits and dashes"),
  kind: z.enum(townKinds),
  name: placeNamesSchema,
  position: z.number().int().min(0).max(10_000).default(0),
});
export type TownAdd = z.infer<typeof townAddSchema>;
