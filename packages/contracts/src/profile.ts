import { z } from "zod";
import { adPageQuerySchema } from "./ads/ad-api.ts";
import { sellerRatingSchema } from "./reviews.ts";
import { type Vertical, verticals } from "./verticals.ts";

/** The tabs of `/profile/{id}` (spec S2.5): default (vehicles), adds (every ad), uslugi (services). */
export const profileTabs = ["default", "adds", "uslugi"] as const;
export type ProfileTab = (typeof profileTabs)[number];

/** The verticals each profile tab lists. */
export const profileTabVerticals: Record<ProfileTab, readonly Vertical[]> = {
  default: ["car", "commercial", "moto"],
  adds: verticals,
  uslugi: ["uslugi"],
};

/**
 * How response rate and time are measured (requirements P8): chats others opened with the user in
 * the last `windowDays`, answered when the user's first reply came within `replyWithinHours` of the
 * first message; both shown only from `minChats` such chats on.
 */
export const responseStatsRules = { windowDays: 90, replyWithinHours: 24, minChats: 5 } as const;

/**
 * Another user as anyone may see them (`GET /api/user/{id}`, spec S7.8): the trust card. Never a
 * phone or an email: `hasConfirmedPhone` only says one was confirmed by a code.
 */
export const publicProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable().describe("URL of the 512 px square WebP, or null"),
  createdAt: z.iso.datetime().describe("Member since"),
  hasConfirmedPhone: z.boolean().describe("The verified phone badge: a phone confirmed by a code"),
  activeAds: z.number().int().describe("Active ads across verticals"),
  tabCounts: z
    .record(z.enum(profileTabs), z.number().int())
    .describe("Active ads each profile tab lists (default: vehicles; adds: all; uslugi: services)"),
  responseRate: z
    .number()
    .int()
    .min(0)
    .max(100)
    .nullable()
    .describe("Percent of chats others opened in the last 90 days answered within 24 h; null below 5 chats"),
  responseMinutes: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe("Median minutes to the first reply over the same chats; null below 5 chats"),
  rating: sellerRatingSchema.describe("The seller's rating from visible reviews (decision 058)"),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** `GET /api/users/{id}/ads`: one profile tab's active ads, newest first (keyset pages). */
export const profileAdsQuerySchema = adPageQuerySchema.extend({
  tab: z.enum(profileTabs).default("default"),
});
export type ProfileAdsQuery = z.infer<typeof profileAdsQuerySchema>;
