/**
 * The moderators' dashboard sections `adds`, `photos` and `complaints` (issue 17 item 3,
 * decision 066): their queries, rows and actions.
 */
import { z } from "zod";
import { adCoverSchema } from "./ads/ad-photos.ts";
import { adRejectReasons, adStatuses } from "./ads/ad-rules.ts";
import { recordIdParamSchema, recordIdSchema } from "./ids.ts";
import { textInput } from "./text.ts";
import { verticals } from "./verticals.ts";

export const moderationListLimitDefault = 20;
export const moderationListLimitMax = 50;
/** The most rows one bulk action takes. */
export const moderationBulkMax = 50;
export const moderationNoteMax = 500;

const limitSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(moderationListLimitMax)
  .default(moderationListLimitDefault);
const cursorSchema = z.string().max(200).optional().describe("`nextCursor` of the previous page");
const noteSchema = textInput().trim().max(moderationNoteMax).default("");
const personSchema = z.object({
  id: z.number().int(),
  username: z.string().describe("`deleted-<id>` for a deleted account"),
});

// ---- adds ----

/** `queue`: ads waiting for a decision (pending, or an edit waiting), oldest first; `search`: all, newest first. */
export const dashboardAdTabs = ["queue", "search"] as const;
export const dashboardAdsQuerySchema = z.object({
  tab: z.enum(dashboardAdTabs).default("queue"),
  q: textInput().trim().max(100).optional().describe("An ad id, or words of the title or description"),
  sellerId: recordIdParamSchema.optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?\d{6,15}$/, "a phone number")
    .optional()
    .describe("The seller's phone, digits with or without +"),
  status: z.enum(adStatuses).optional(),
  vertical: z.enum(verticals).optional(),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type DashboardAdsQuery = z.infer<typeof dashboardAdsQuerySchema>;

export const dashboardAdRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  vertical: z.enum(verticals),
  status: z.enum(adStatuses),
  seller: personSchema,
  createdAt: z.iso.datetime({ offset: true }),
  waitingSince: z.iso.datetime({ offset: true }).describe("Last change: when it joined the queue"),
  cover: adCoverSchema.nullable(),
  duplicatePhotos: z.number().int().describe("Its photos that copy a photo of another seller's ad"),
  hasPendingChanges: z.boolean().describe("An edit waits for moderation while the live version shows"),
  complaints: z.number().int().describe("Open complaints about it"),
});
export type DashboardAdRow = z.infer<typeof dashboardAdRowSchema>;

export const dashboardAdsResponseSchema = z.object({
  items: z.array(dashboardAdRowSchema),
  nextCursor: z.string().nullable(),
});
export type DashboardAdsResponse = z.infer<typeof dashboardAdsResponseSchema>;

/** A photo in the dashboard, and the photo of another seller's ad it copies, if any. */
export const duplicateMatchSchema = z.object({
  photoId: z.number().int(),
  cover: adCoverSchema,
  adId: z.number().int().nullable().describe("The ad showing the original; null once it lost it"),
  vertical: z.enum(verticals).nullable(),
  title: z.string().nullable(),
  seller: personSchema,
});
export type DuplicateMatch = z.infer<typeof duplicateMatchSchema>;

export const dashboardAdPhotoSchema = z.object({
  id: z.number().int(),
  cover: adCoverSchema,
  duplicateOf: duplicateMatchSchema.nullable(),
});

export const dashboardAdChangeSchema = z.object({
  field: z.string().describe("The changed field: `title`, `price`, `photos`, `fields.mileage`, …"),
  before: z.unknown(),
  after: z.unknown(),
});
export type DashboardAdChange = z.infer<typeof dashboardAdChangeSchema>;

export const dashboardComplaintEntrySchema = z.object({
  id: z.number().int(),
  reporter: personSchema,
  reason: z.string(),
  text: z.string(),
  status: z.enum(["new", "resolved"]),
  createdAt: z.iso.datetime({ offset: true }),
});
export type DashboardComplaintEntry = z.infer<typeof dashboardComplaintEntrySchema>;

export const dashboardAdDetailSchema = dashboardAdRowSchema.extend({
  description: z.string(),
  price: z.number().int(),
  currency: z.string(),
  rejectReason: z.enum(adRejectReasons).nullable(),
  rejectNote: z.string().nullable(),
  changes: z.array(dashboardAdChangeSchema).describe("The waiting edit, field by field; empty without one"),
  photos: z.array(dashboardAdPhotoSchema),
  complaintList: z.array(dashboardComplaintEntrySchema),
});
export type DashboardAdDetail = z.infer<typeof dashboardAdDetailSchema>;

export const moderationBulkInputSchema = z.object({
  ids: z.array(recordIdSchema).min(1).max(moderationBulkMax),
});
export const moderationBulkResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      code: z.string().nullable().describe("Null: done; otherwise the error code (`AD_NOT_FOUND`, …)"),
    }),
  ),
});
export type ModerationBulkResult = z.infer<typeof moderationBulkResultSchema>;

// ---- photos ----

export const photoRejectReasons = [
  "not-the-vehicle",
  "stolen",
  "contacts",
  "offensive",
  "quality",
  "other",
] as const;
export type PhotoRejectReason = (typeof photoRejectReasons)[number];

export const dashboardPhotosQuerySchema = z.object({ cursor: cursorSchema, limit: limitSchema });
export const dashboardPhotoRowSchema = z.object({
  id: z.number().int(),
  cover: adCoverSchema,
  createdAt: z.iso.datetime({ offset: true }),
  ad: z.object({
    id: z.number().int(),
    vertical: z.enum(verticals),
    title: z.string(),
    status: z.enum(adStatuses),
  }),
  seller: personSchema,
  duplicateOf: duplicateMatchSchema.nullable(),
});
export type DashboardPhotoRow = z.infer<typeof dashboardPhotoRowSchema>;
export const dashboardPhotosResponseSchema = z.object({
  items: z.array(dashboardPhotoRowSchema),
  nextCursor: z.string().nullable(),
});
export type DashboardPhotosResponse = z.infer<typeof dashboardPhotosResponseSchema>;
export const photoRejectInputSchema = z
  .object({ reason: z.enum(photoRejectReasons), note: noteSchema })
  .refine((input) => input.reason !== "other" || input.note.length > 0, {
    path: ["note"],
    message: "a note is needed for another reason",
  });
export type PhotoRejectInput = z.infer<typeof photoRejectInputSchema>;

// ---- complaints ----

/** What was reported: an ad (`ad_complaints`), a chat (`chat_reports`), a review (`review_reports`). */
export const complaintKinds = ["ad", "chat", "review"] as const;
export type ComplaintKind = (typeof complaintKinds)[number];
export const complaintStatuses = ["new", "resolved"] as const;
/**
 * A moderator's outcome: `dismiss` (nothing wrong), `warn` (a notice to the owner or author),
 * `remove` (the ad or review is taken down; a chat has nothing to remove), `block` (the offender's
 * account is blocked and their sessions end).
 */
export const complaintOutcomes = ["dismiss", "warn", "remove", "block"] as const;
export type ComplaintOutcome = (typeof complaintOutcomes)[number];

export const dashboardComplaintsQuerySchema = z.object({
  kind: z.enum(complaintKinds).optional(),
  status: z.enum(complaintStatuses).default("new"),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type DashboardComplaintsQuery = z.infer<typeof dashboardComplaintsQuerySchema>;

export const complaintGroupSchema = z.object({
  kind: z.enum(complaintKinds),
  objectId: z.number().int(),
  title: z
    .string()
    .describe("The ad's title, the review's first words, or the chat's subject ad title (may be empty)"),
  link: z.string().nullable().describe("Where staff see the object on the site"),
  offender: personSchema
    .nullable()
    .describe("The ad's seller, the review's author, the chat's member the latest report is about"),
  count: z.number().int(),
  latestReason: z.string(),
  latestText: z.string(),
  latestAt: z.iso.datetime({ offset: true }),
  reporters: z.array(personSchema).describe("Up to 5, latest first"),
});
export type ComplaintGroup = z.infer<typeof complaintGroupSchema>;
export const dashboardComplaintsResponseSchema = z.object({
  items: z.array(complaintGroupSchema),
  nextCursor: z.string().nullable(),
});
export type DashboardComplaintsResponse = z.infer<typeof dashboardComplaintsResponseSchema>;

export const complaintObjectParamsSchema = z.object({
  kind: z.enum(complaintKinds),
  objectId: recordIdParamSchema,
});
export const complaintResolveInputSchema = z.object({
  outcome: z.enum(complaintOutcomes),
  note: noteSchema.describe("Shown to the warned owner or author; kept in the audit entry"),
});
export type ComplaintResolveInput = z.infer<typeof complaintResolveInputSchema>;
export const complaintResolutionSchema = z.object({
  kind: z.enum(complaintKinds),
  objectId: z.number().int(),
  outcome: z.enum(complaintOutcomes),
  resolved: z.number().int().describe("Complaints closed"),
});
export type ComplaintResolution = z.infer<typeof complaintResolutionSchema>;

/** The notices moderation sends (notification kind `moderationNotice`). */
export const moderationNoticeTopics = ["photoRejected", "adRemoved", "warned", "complaintResolved"] as const;
export type ModerationNoticeTopic = (typeof moderationNoticeTopics)[number];
