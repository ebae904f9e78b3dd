/**
 * What a payment provider does for a top-up (decision 061): start a payment and say where the payer
 * goes, tell its outcome later in a signed notice (each provider's own route reads and verifies it),
 * and answer a status query (the reconciliation job asks about payments whose notice never came).
 */
import type { PaymentProvider } from "@unaa/contracts";

/** An outcome a provider reports; always checked against our payment before it moves money. */
export interface ProviderEvent {
  paymentId: string;
  status: "paid" | "failed" | "refunded";
  /** Tyiyn. */
  amount: number;
  currency: string;
  providerPaymentId?: string | undefined;
}

export interface PaymentToStart {
  id: string;
  userId: number;
  /** Tyiyn. */
  amount: number;
  currency: string;
  description: string;
}

export interface PaymentAtProvider {
  id: string;
  provider: string;
  providerPaymentId: string | null;
  sandboxDecision: string | null;
}

export interface PaymentProviderAdapter {
  readonly name: PaymentProvider;
  /** Starts the payment at the provider: where the payer goes to pay, and the provider's own id. */
  createPayment(payment: PaymentToStart): Promise<{ redirectUrl: string; providerPaymentId?: string }>;
  /** What the provider says of the payment now. */
  queryStatus(payment: PaymentAtProvider): Promise<ProviderEvent["status"] | "pending">;
}

/** A provider's notice we refuse: the reason goes to the log (never a secret or a signature). */
export class RejectedNotice extends Error {
  override name = "RejectedNotice";
}

/**
 * A decimal amount as a provider writes it ("250", "250.5", "250.00") in tyiyn, by its digits (no
 * floating point); null when it is not one.
 */
export function tyiynOfDecimal(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Tyiyn as the provider's decimal text: "250" or "250.50". */
export function decimalOfTyiyn(tyiyn: number): string {
  const som = Math.trunc(tyiyn / 100);
  const rest = tyiyn % 100;
  return rest === 0 ? String(som) : `${som}.${String(rest).padStart(2, "0")}`;
}
