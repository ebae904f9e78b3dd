/**
 * Seller plans (issue 16, item 4; product.md section 6; requirements P6.4; decision 064): monthly
 * plans bought from the balance with more active ads per vertical than the free limits, monthly
 * raise credits and business page extras; renewed by a job when the balance allows.
 */
import { z } from "zod";
import { verticals } from "./verticals.ts";

/**
 * What a plan lists besides its ad limits and raise credits. Shown as the plan's features; none of
 * them is enforced yet (decision 064): the business page and statistics issues wire them.
 */
export const planFeatures = [
  "statistics",
  "businessCover",
  "businessMorePhotos",
  "businessHighlight",
] as const;
export type PlanFeature = (typeof planFeatures)[number];

/** `active`: renews; `cancelled`: runs to `paidUntil`, then ends; `lapsed`: over. */
export const subscriptionStatuses = ["active", "cancelled", "lapsed"] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Days before the end of a paid month when the renewal notice goes out. */
export const planRenewalNoticeDays = 3;

const tyiyn = z.number().int().describe("Tyiyn (1/100 som)");
const perVertical = z.object({
  car: z.number().int().min(0),
  commercial: z.number().int().min(0),
  moto: z.number().int().min(0),
  uslugi: z.number().int().min(0),
}) satisfies z.ZodType<Record<(typeof verticals)[number], number>>;
export type AdLimits = z.infer<typeof perVertical>;

export const planSchema = z.object({
  code: z.string().describe("The plan's id in requests (`pro`)"),
  names: z.object({ ky: z.string(), ru: z.string(), en: z.string() }),
  price: tyiyn.min(1).describe("A month, in tyiyn"),
  adLimits: perVertical.describe("Active and waiting ads per vertical while the plan runs"),
  raiseCredits: z.number().int().min(0).describe("Free raises a month"),
  features: z.array(z.enum(planFeatures)),
});
export type Plan = z.infer<typeof planSchema>;

export const planListSchema = z.object({
  items: z.array(planSchema).describe("The plans on sale, cheapest first"),
  freeLimits: perVertical.describe("Active ads per vertical without a plan"),
});
export type PlanList = z.infer<typeof planListSchema>;

export const subscriptionSchema = z.object({
  id: z.number().int(),
  plan: planSchema,
  status: z.enum(subscriptionStatuses),
  autoRenew: z.boolean().describe("`status` is `active`: the next month is bought at `paidUntil`"),
  startedAt: z.iso.datetime({ offset: true }),
  periodStart: z.iso.datetime({ offset: true }).describe("Start of the paid month"),
  paidUntil: z.iso.datetime({ offset: true }),
  raiseCreditsLeft: z.number().int().min(0),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const adLimitUsageSchema = z.object({
  vertical: z.enum(verticals),
  used: z.number().int().describe("Active and waiting ads"),
  limit: z.number().int(),
});

export const mySubscriptionSchema = z.object({
  subscription: subscriptionSchema.nullable().describe("The current plan (active or cancelled), if any"),
  limits: z.array(adLimitUsageSchema),
});
export type MySubscription = z.infer<typeof mySubscriptionSchema>;

export const subscribeInputSchema = z.strictObject({
  plan: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,31}$/, "must be a plan code")
    .describe("The plan's code"),
});
export type SubscribeInput = z.infer<typeof subscribeInputSchema>;

export const subscriptionListQuerySchema = z.object({
  status: z.enum(subscriptionStatuses).optional(),
});

export const subscriptionListSchema = z.object({
  items: z
    .array(subscriptionSchema.extend({ userId: z.number().int() }))
    .describe("The newest 100, newest first"),
});
