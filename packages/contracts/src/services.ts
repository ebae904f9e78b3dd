/**
 * Paid services for ads (issue 16; product.md section 6; requirements P6.2, P6.3, P6.5; decision
 * 063): what an owner can buy for an ad from the balance, at prices per vertical kept by admins.
 * Amounts are tyiyn (1/100 som), as everywhere in money.
 */
import { z } from "zod";
import { recordIdParamSchema } from "./ids.ts";
import { verticals } from "./verticals.ts";

/**
 * `raise`: once, to the top of the fresh sort; `autoRaise`: daily at a chosen time for N days;
 * `top`, `vip`, `premium` (the home page): promoted placements; `highlight`: a coloured card;
 * `urgent`: the badge and `/urgent`.
 */
export const paidServices = ["raise", "autoRaise", "top", "vip", "premium", "highlight", "urgent"] as const;
export type PaidService = (typeof paidServices)[number];

/** Services that hold for whole days and end at a time (the ad's `<service>_until`). */
export const timedServices = ["top", "vip", "premium", "highlight", "urgent"] as const;
export type TimedService = (typeof timedServices)[number];

/**
 * The durations each service is sold for, in days; `null`: one price (`raise`) or a price per day
 * (`autoRaise`, bought for 1..`autoRaiseDaysMax` days).
 */
export const serviceDurations: Record<PaidService, readonly number[] | null> = {
  raise: null,
  autoRaise: null,
  top: [1, 3, 7],
  vip: [1, 3, 7],
  premium: [2],
  highlight: [7],
  urgent: [7],
};
export const autoRaiseDaysMax = 30;

/** Every (service, days) a price exists for, in display order. */
export const servicePriceKeys: readonly { service: PaidService; days: number | null }[] =
  paidServices.flatMap((service) => (serviceDurations[service] ?? [null]).map((days) => ({ service, days })));

/** What an auto-raise time looks like: `HH:MM`, Asia/Bishkek. */
export const autoRaiseTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

const tyiyn = z.number().int().describe("Tyiyn (1/100 som)");
const vertical = z.enum(verticals);
const service = z.enum(paidServices);
const dateTime = z.iso.datetime({ offset: true });

export const servicePriceSchema = z.object({
  service,
  days: z
    .number()
    .int()
    .nullable()
    .describe("The duration; null: one raise, or a price per day of auto-raise"),
  price: tyiyn,
});
export type ServicePrice = z.infer<typeof servicePriceSchema>;

export const serviceParamsSchema = z.object({ type: vertical, id: recordIdParamSchema });

/** Expected extra views per day from comparable purchases (same vertical and service, last 30 days). */
export const serviceForecastSchema = z.object({
  service,
  /** Comparable purchases the range comes from. */
  samples: z.number().int().min(0),
  /** The p25–p75 range of extra views per day; null when fewer than `forecastSamplesMin` purchases. */
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type ServiceForecast = z.infer<typeof serviceForecastSchema>;
export const forecastSamplesMin = 5;

export const activeServiceSchema = z.object({
  service,
  endsAt: dateTime,
  /** Auto-raise: the next raise and the raises left. */
  nextRaiseAt: dateTime.nullable(),
  raisesLeft: z.number().int().nullable(),
});
export type ActiveService = z.infer<typeof activeServiceSchema>;

/** Views per day of an ad before, during and after a purchase that ended (the lift report). */
export const serviceLiftSchema = z.object({
  purchaseId: z.number().int(),
  service,
  startsAt: dateTime,
  endsAt: dateTime,
  before: z.number().describe("Views per day in the 7 days before"),
  during: z.number(),
  after: z.number().nullable().describe("Views per day in up to 7 days after; null on its last day"),
});
export type ServiceLift = z.infer<typeof serviceLiftSchema>;

export const adServicesSchema = z.object({
  ad: z.object({ id: z.number().int(), vertical, title: z.string(), status: z.string() }),
  balance: tyiyn,
  prices: z.array(servicePriceSchema),
  active: z.array(activeServiceSchema),
  forecasts: z.array(serviceForecastSchema),
  lift: z.array(serviceLiftSchema).describe("Ended purchases, newest first (at most 10)"),
});
export type AdServices = z.infer<typeof adServicesSchema>;

export const servicePurchaseInputSchema = z
  .strictObject({
    service,
    days: z.number().int().min(1).max(autoRaiseDaysMax).optional(),
    time: z
      .string()
      .regex(autoRaiseTimePattern, "must be HH:MM")
      .optional()
      .describe("Auto-raise: HH:MM, Bishkek"),
  })
  .superRefine((input, context) => {
    const durations = serviceDurations[input.service];
    if (durations && (input.days === undefined || !durations.includes(input.days))) {
      context.addIssue({ code: "custom", path: ["days"], message: `must be one of ${durations.join(", ")}` });
    }
    if (input.service === "raise" && input.days !== undefined) {
      context.addIssue({ code: "custom", path: ["days"], message: "a raise has no days" });
    }
    if (input.service === "autoRaise") {
      if (input.days === undefined) context.addIssue({ code: "custom", path: ["days"], message: "required" });
      if (input.time === undefined) context.addIssue({ code: "custom", path: ["time"], message: "required" });
    } else if (input.time !== undefined) {
      context.addIssue({ code: "custom", path: ["time"], message: "only for auto-raise" });
    }
  });
export type ServicePurchaseInput = z.infer<typeof servicePurchaseInputSchema>;

export const servicePurchaseSchema = z.object({
  id: z.number().int(),
  service,
  days: z.number().int().nullable(),
  price: tyiyn,
  startsAt: dateTime,
  endsAt: dateTime,
  balance: tyiyn.describe("The balance after the purchase"),
});
export type ServicePurchase = z.infer<typeof servicePurchaseSchema>;

// ---- Admins: prices (the dashboard screen comes with the dashboard issue) -----------------------

export const verticalServicePricesSchema = z.object({ vertical, prices: z.array(servicePriceSchema) });
export const servicePriceListSchema = z.object({ items: z.array(verticalServicePricesSchema) });
export type ServicePriceList = z.infer<typeof servicePriceListSchema>;

/** The largest price an admin may set: 1 million som. */
export const servicePriceMax = 100_000_000;

export const servicePricesInputSchema = z.strictObject({
  items: z
    .array(
      z
        .strictObject({
          vertical,
          service,
          days: z.number().int().min(1).max(autoRaiseDaysMax).nullable(),
          price: tyiyn.min(100).max(servicePriceMax).describe("Tyiyn, at least 1 som"),
        })
        .refine(
          (item) => servicePriceKeys.some((key) => key.service === item.service && key.days === item.days),
          { path: ["days"], message: "not a duration this service is sold for" },
        ),
    )
    .min(1)
    .max(verticals.length * servicePriceKeys.length),
});
export type ServicePricesInput = z.infer<typeof servicePricesInputSchema>;
