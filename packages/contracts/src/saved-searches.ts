/**
 * Saved searches (issue 14, item 6; product.md section 5; decision 055): "Follow this search" on a
 * list page keeps its filters; the user is alerted about new ads that match, at once or in a daily
 * digest at a chosen hour (Asia/Bishkek), by the channels they pick. A saved search holds the filters
 * exactly as the ads search reads them (`adFilterSchemas`), so an alert means "this ad is in that
 * list now".
 */
import { z } from "zod";
import { adFilterSchemas } from "./ads/ad-api.ts";
import type { AdFilters } from "./ads/ad-schemas.ts";
import { recordIdParamSchema, recordIdSchema } from "./ids.ts";
import { textInput } from "./text.ts";
import { type Vertical, verticals } from "./verticals.ts";

/** The most saved searches one user keeps. */
export const savedSearchesMax = 30;
export const savedSearchLabelMax = 100;
/** The longest list query a search is saved from, in characters. */
export const savedSearchQueryMax = 2000;
/** The time zone of the digest hour. */
export const savedSearchTimeZone = "Asia/Bishkek";

/** `instant`: an alert per new ad; `daily`: one digest a day at `digestHour`; `off`: counts only. */
export const savedSearchModes = ["instant", "daily", "off"] as const;
export type SavedSearchMode = (typeof savedSearchModes)[number];

/** Parts of a list query that are no filter: the page, its order and size. */
const notFilters = new Set(["vertical", "sort", "cursor", "limit"]);

/** The filters of a search as saved: what the ads search reads, without its page, order and size. */
export type SavedSearchFilters = Omit<AdFilters, "sort" | "cursor" | "limit">;

/** A query string (`a=1&b=x,y`, `?` or not) as the record the filter schemas read; repeats are a list. */
export function queryRecordOf(query: string): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query.replace(/^\?/, ""))) {
    const before = record[key];
    record[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return record;
}

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).sort().join(",");
  return String(value);
}

/**
 * The one spelling of a filter set: keys in order, list values in order, the currency only when a
 * price bound is in USD. Two list pages showing the same ads (whatever their order of parameters, sort or page)
 * give the same text: it tells whether a search is already followed.
 */
export function savedSearchQueryOf(filters: SavedSearchFilters): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(filters).sort()) {
    const value = filters[key];
    if (value === undefined || notFilters.has(key)) continue;
    params.set(key, valueText(value));
  }
  return params.toString();
}

export type ReadSavedSearchQuery =
  | { success: true; filters: SavedSearchFilters; query: string }
  | { success: false; error: z.ZodError };

/**
 * Reads a list page's query (or stored filters) with the vertical's filter schema: the filters as the
 * search reads them, and their one spelling. A filter the vertical lacks or a bad value fails.
 */
export function readSavedSearchQuery(
  vertical: Vertical,
  query: string | Record<string, unknown>,
): ReadSavedSearchQuery {
  const record: Record<string, unknown> = typeof query === "string" ? queryRecordOf(query) : { ...query };
  for (const key of notFilters) delete record[key];
  // Stored filters are values already; the schema reads query text.
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === "boolean" || typeof value === "number") record[key] = String(value);
  }
  const parsed = adFilterSchemas[vertical].safeParse({ ...record, vertical });
  if (!parsed.success) return { success: false, error: parsed.error };
  const { sort: _sort, cursor: _cursor, limit: _limit, ...rest } = parsed.data as AdFilters;
  const filters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) filters[key] = value;
  // The currency names the price bounds' one; without them, or the default, it is no filter.
  if ((filters.priceFrom === undefined && filters.priceTo === undefined) || filters.currency === "KGS") {
    delete filters.currency;
  }
  const result = filters as SavedSearchFilters;
  return { success: true, filters: result, query: savedSearchQueryOf(result) };
}

// ---- Requests ------------------------------------------------------------------------------------

const channelsSchema = z.strictObject({
  inApp: z.boolean(),
  email: z.boolean(),
  push: z.boolean(),
});
export type SavedSearchChannels = z.infer<typeof channelsSchema>;

const digestHourSchema = z.number().int().min(0).max(23).describe(`0–23, ${savedSearchTimeZone}`);

export const savedSearchCreateInputSchema = z.strictObject({
  vertical: z.enum(verticals),
  query: textInput()
    .max(savedSearchQueryMax)
    .describe("The list page's query string (`mark=1&yearFrom=2015`); sort, cursor and limit are ignored"),
  label: textInput().trim().max(savedSearchLabelMax).default(""),
  mode: z.enum(savedSearchModes).default("instant"),
  digestHour: digestHourSchema.default(9),
  channels: channelsSchema.default({ inApp: true, email: false, push: false }),
});
export type SavedSearchCreateInput = z.input<typeof savedSearchCreateInputSchema>;

export const savedSearchUpdateInputSchema = z
  .strictObject({
    label: textInput().trim().max(savedSearchLabelMax).optional(),
    mode: z.enum(savedSearchModes).optional(),
    digestHour: digestHourSchema.optional(),
    channels: channelsSchema.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "nothing to change",
  });
export type SavedSearchUpdateInput = z.infer<typeof savedSearchUpdateInputSchema>;

export const savedSearchIdParamsSchema = z.object({ id: recordIdParamSchema });

// ---- Answers -------------------------------------------------------------------------------------

export const savedSearchSchema = z.object({
  id: recordIdSchema,
  vertical: z.enum(verticals),
  query: z.string().describe("The filters' one spelling: open `/<vertical list>?<query>`"),
  filters: z.record(z.string(), z.unknown()),
  label: z.string(),
  mode: z.enum(savedSearchModes),
  digestHour: z.number().int(),
  channels: channelsSchema,
  newCount: z.number().int().describe("Ads matched since the search was last opened"),
  createdAt: z.iso.datetime(),
  lastViewedAt: z.iso.datetime(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListResponseSchema = z.object({
  items: z.array(savedSearchSchema),
  max: z.number().int(),
});
export type SavedSearchListResponse = z.infer<typeof savedSearchListResponseSchema>;

/** Socket event `savedSearch:match`: a followed search has new ads. */
export interface SavedSearchMatchEvent {
  savedSearchId: number;
  newCount: number;
}
