/**
 * The sandbox provider (development, tests, the demo; decision 061): a checkout page in the app
 * (`/sandbox-pay/{id}`) where the payer picks "pay" or "decline", then — like a real provider — a
 * notice signed with HMAC-SHA256, sent by the job queue to our webhook and retried until answered
 * with a 2xx. The signature covers a timestamp and the exact body: `t=<unix s>,v1=<hex>` of
 * `HMAC(secret, "<t>.<body>")`; a notice older than five minutes is refused (a retry signs anew).
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { type PaymentProviderAdapter, type ProviderEvent, RejectedNotice } from "./payment-provider.ts";

export const sandboxSignatureHeader = "unaa-sandbox-signature";
export const sandboxWebhookPath = "/api/payments/webhooks/sandbox";
/** The job that delivers a sandbox notice (`SandboxNoticeJob`). */
export const sandboxNoticeJob = "payment-sandbox-notice";
const toleranceSeconds = 300;

export interface SandboxNoticeJob {
  paymentId: string;
  status: ProviderEvent["status"];
  amount: number;
  currency: string;
}

const noticeSchema = z.object({
  id: z.string().max(100),
  paymentId: z.string().max(100),
  status: z.enum(["paid", "failed", "refunded"]),
  amount: z.number().int(),
  currency: z.string().max(10),
});

export function signSandboxBody(secret: string, body: string, at = new Date()): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const digest = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${digest}`;
}

/** The body of a notice, as the sandbox sends it. */
export function sandboxNoticeBody(notice: SandboxNoticeJob): string {
  return JSON.stringify({ id: randomUUID(), ...notice });
}

/** Verifies a notice's signature over its exact body, then reads it. */
export function readSandboxNotice(
  secret: string,
  body: string,
  signature: string | undefined,
  now = new Date(),
): ProviderEvent {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(signature ?? "");
  if (!match) throw new RejectedNotice("signature missing or malformed");
  const timestamp = Number(match[1]);
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds)
    throw new RejectedNotice("signature too old");
  const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();
  const given = Buffer.from(match[2] ?? "", "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new RejectedNotice("signature mismatch");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new RejectedNotice("body is not JSON");
  }
  const notice = noticeSchema.safeParse(parsed);
  if (!notice.success) throw new RejectedNotice("body is not a notice");
  const { paymentId, status, amount, currency } = notice.data;
  return { paymentId, status, amount, currency };
}

export function createSandboxProvider(): PaymentProviderAdapter {
  return {
    name: "sandbox",
    async createPayment(payment) {
      return { redirectUrl: `/sandbox-pay/${payment.id}`, providerPaymentId: `sandbox-${payment.id}` };
    },
    // The checkout's choice is the sandbox's own record of the payment.
    async queryStatus(payment) {
      if (payment.sandboxDecision === "pay") return "paid";
      if (payment.sandboxDecision === "decline") return "failed";
      return "pending";
    },
  };
}

/** How the sandbox reaches our webhook: through the app's own HTTP pipeline (`app.inject`). */
export type SandboxSend = (request: {
  method: "POST";
  url: string;
  headers: Record<string, string>;
  payload: string;
}) => Promise<{ statusCode: number }>;

/** The job's run: signs the notice now and sends it; anything but a 2xx fails the job (retried). */
export async function deliverSandboxNotice(
  send: SandboxSend,
  secret: string,
  notice: SandboxNoticeJob,
): Promise<void> {
  const body = sandboxNoticeBody(notice);
  const response = await send({
    method: "POST",
    url: sandboxWebhookPath,
    headers: { "content-type": "application/json", [sandboxSignatureHeader]: signSandboxBody(secret, body) },
    payload: body,
  });
  if (response.statusCode < 200 || response.statusCode >= 300) {
    throw new Error(`sandbox notice answered ${response.statusCode}`);
  }
}
