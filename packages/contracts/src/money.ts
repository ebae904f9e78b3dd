/**
 * Money (issue 16; product.md section 6; decision 061): the user's wallet in KGS, its ledger, and
 * top-ups through a payment provider. Every amount is a whole number of tyiyn (1/100 som): no
 * floating point anywhere between the form and the database.
 */
import { z } from "zod";
import { recordIdParamSchema, recordIdSchema } from "./ids.ts";
import { textInput } from "./text.ts";

export const walletCurrency = "KGS";
/** Tyiyn in one som. */
export const tyiynPerSom = 100;

/**
 * What moves a balance. `adjustment` is staff's, with a reason; `service_refund` gives back the unused
 * part of paid services of an ad staff removed (decision 063); `staff_refund` is an admin's refund of
 * one purchase (decision 068, its reference `ledger:<purchase entry id>`); the sign of an amount is its
 * direction.
 */
export const ledgerEntryKinds = [
  "top_up",
  "purchase",
  "refund",
  "adjustment",
  "plan_renewal",
  "service_refund",
  "staff_refund",
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

/** The providers a top-up can go through: the built-in sandbox and Freedom Pay (PayBox). */
export const paymentProviders = ["sandbox", "freedompay"] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

export const paymentStatuses = ["pending", "paid", "failed", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Top-up limits and the form's presets, in tyiyn. */
export const topUpMin = 50 * tyiynPerSom;
export const topUpMax = 100_000 * tyiynPerSom;
export const topUpPresets = [200, 500, 1_000, 2_000, 5_000].map((som) => som * tyiynPerSom);
/** Unfinished top-ups one user may have at once (each is a provider call). */
export const pendingPaymentsMax = 5;
export const adjustmentReasonMax = 500;
/** The largest single movement (staff adjustments too): 10 million som. */
export const ledgerAmountMax = 1_000_000_000;
export const ledgerPageLimitDefault = 20;
export const ledgerPageLimitMax = 50;

const tyiyn = z.number().int().describe("Tyiyn (1/100 som)");

export const walletSchema = z.object({
  balance: tyiyn.min(0),
  currency: z.literal(walletCurrency),
});
export type Wallet = z.infer<typeof walletSchema>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(ledgerEntryKinds),
  amount: tyiyn.describe("Tyiyn; negative when money left the balance"),
  balanceAfter: tyiyn,
  paymentId: z.string().nullable().describe("The top-up's payment"),
  reference: z.string().nullable().describe("What was bought (`ad:12:vip`), for purchases and refunds"),
  reason: z.string().nullable().describe("Staff adjustments: why"),
  createdAt: z.iso.datetime({ offset: true }),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** A calendar day, `YYYY-MM-DD` (Asia/Bishkek). */
const daySchema = z.iso.date();

export const ledgerQuerySchema = z
  .object({
    kind: z.enum(ledgerEntryKinds).optional(),
    from: daySchema.optional().describe("First day, inclusive (Asia/Bishkek)"),
    to: daySchema.optional().describe("Last day, inclusive (Asia/Bishkek)"),
    cursor: textInput()
      .regex(/^\d{1,10}$/, "must be a `nextCursor`")
      .optional(),
    limit: z.coerce.number().int().min(1).max(ledgerPageLimitMax).default(ledgerPageLimitDefault),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    message: "must not be before `from`",
  });
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

export const ledgerPageSchema = z.object({
  items: z.array(ledgerEntrySchema).describe("Newest first"),
  nextCursor: z.string().nullable(),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  provider: z.enum(paymentProviders),
  amount: tyiyn,
  currency: z.literal(walletCurrency),
  status: z.enum(paymentStatuses),
  createdAt: z.iso.datetime({ offset: true }),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentIdParamsSchema = z.object({ id: z.uuid() });

export const topUpInputSchema = z.strictObject({
  amount: tyiyn.min(topUpMin).max(topUpMax).multipleOf(tyiynPerSom).describe("Tyiyn, whole som"),
  provider: z.enum(paymentProviders),
});
export type TopUpInput = z.infer<typeof topUpInputSchema>;

export const topUpResponseSchema = z.object({
  payment: paymentSchema,
  redirectUrl: z.string().describe("Where the payer goes to pay: the provider's checkout"),
});
export type TopUpResponse = z.infer<typeof topUpResponseSchema>;

export const paymentListQuerySchema = z.object({
  status: z.enum(paymentStatuses).optional(),
});

export const paymentListSchema = z.object({
  items: z.array(paymentSchema).describe("The newest 20, newest first"),
  providers: z.array(z.enum(paymentProviders)).describe("The providers a top-up can use now"),
});
export type PaymentList = z.infer<typeof paymentListSchema>;

// ---- The sandbox provider's checkout -------------------------------------------------------------

export const sandboxDecisions = ["pay", "decline"] as const;
export const sandboxDecisionInputSchema = z.strictObject({ decision: z.enum(sandboxDecisions) });
export const sandboxDecisionResponseSchema = z.object({
  returnUrl: z.string().describe("Where the checkout sends the payer back"),
});

// ---- Staff ---------------------------------------------------------------------------------------

export const adjustmentInputSchema = z.strictObject({
  userId: recordIdSchema,
  amount: tyiyn
    .min(-ledgerAmountMax)
    .max(ledgerAmountMax)
    .refine((amount) => amount !== 0, "must not be zero"),
  reason: textInput().trim().min(3).max(adjustmentReasonMax),
});
export type AdjustmentInput = z.infer<typeof adjustmentInputSchema>;

export const userLedgerParamsSchema = z.object({ userId: recordIdParamSchema });

export const userLedgerSchema = z.object({
  wallet: walletSchema,
  entries: ledgerPageSchema,
});
