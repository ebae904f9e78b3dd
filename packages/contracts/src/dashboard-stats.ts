/**
 * The dashboard's statistics, `/api/dashboard/stats` and `stats.csv` (issue 17, decision 073): per
 * Asia/Bishkek day, new ads by vertical, sign-ups, chats started and what balances paid for paid
 * services and plans; plus the active ads now.
 */
import { z } from "zod";
import { paidServices } from "./services.ts";
import { type Vertical, verticals } from "./verticals.ts";

export const statsDaysDefault = 30;
export const statsDaysMax = 366;
/** The periods the page offers in one click. */
export const statsPeriods = [7, 30, 90] as const;

/** What revenue is split by: each paid service, and plans (purchases and renewals). */
export const statsRevenueKeys = [...paidServices, "plans"] as const;
export type StatsRevenueKey = (typeof statsRevenueKeys)[number];

/** A calendar day, `YYYY-MM-DD` (Asia/Bishkek). */
const daySchema = z.iso.date();

/** How many days `from`..`to` holds, both inclusive. */
export function statsDaySpan(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
}

export const statsQuerySchema = z
  .object({
    from: daySchema
      .optional()
      .describe(`First day, inclusive (Asia/Bishkek); default ${statsDaysDefault} days up to \`to\``),
    to: daySchema.optional().describe("Last day, inclusive (Asia/Bishkek); default today"),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    message: "must not be before `from`",
  })
  .refine((query) => !query.from || !query.to || statsDaySpan(query.from, query.to) <= statsDaysMax, {
    path: ["from"],
    message: `must be at most ${statsDaysMax} days before \`to\``,
  });
export type StatsQuery = z.infer<typeof statsQuerySchema>;

const countSchema = z.number().int().min(0);
const byVertical = z.object(
  Object.fromEntries(verticals.map((vertical) => [vertical, countSchema])) as Record<
    Vertical,
    typeof countSchema
  >,
);
const byRevenueKey = z.object(
  Object.fromEntries(statsRevenueKeys.map((key) => [key, countSchema])) as Record<
    StatsRevenueKey,
    typeof countSchema
  >,
);

export const statsDaySchema = z.object({
  day: daySchema,
  ads: byVertical.describe("Ads created, by vertical"),
  signUps: countSchema.describe("Accounts created"),
  chats: countSchema.describe("Chats started"),
  revenue: byRevenueKey.describe("What balances paid, tyiyn: per paid service, and plans"),
});
export type StatsDay = z.infer<typeof statsDaySchema>;

export const dashboardStatsSchema = z.object({
  from: daySchema,
  to: daySchema,
  days: z.array(statsDaySchema).describe("Every day from `from` to `to`, oldest first, zeros filled"),
  activeAds: byVertical.describe("Active ads now, by vertical"),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
