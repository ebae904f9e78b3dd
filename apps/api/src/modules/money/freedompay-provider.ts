/**
 * Freedom Pay (PayBox) merchant protocol (decision 061). Every request and answer carries `pg_salt`
 * (random) and `pg_sig`: the MD5 hex of the script's name (the last part of the address:
 * `init_payment.php`, `get_status2.php`, or our result URL's last segment), the values of every other
 * parameter in the order of their names, and the merchant's secret key, joined with `;`. Requests
 * are form posts; answers are flat XML `<response>` documents.
 */
import { createHash, randomBytes } from "node:crypto";
import type { FreedomPayConfig } from "../../config.ts";
import {
  decimalOfTyiyn,
  type PaymentProviderAdapter,
  type ProviderEvent,
  RejectedNotice,
  tyiynOfDecimal,
} from "./payment-provider.ts";

export const freedomPayResultPath = "/api/payments/webhooks/freedompay/result";
const requestTimeoutMs = 15_000;

export type PgParams = Record<string, string>;

/** The name a signature starts with: the last segment of a script's path. */
export function scriptNameOf(pathOrUrl: string): string {
  const path = pathOrUrl.replace(/^[a-z]+:\/\/[^/]+/i, "").split("?")[0] ?? "";
  return path.split("/").filter(Boolean).at(-1) ?? "";
}

/** `pg_sig` of the parameters (all but `pg_sig`) for the script. */
export function signPg(scriptName: string, params: PgParams, secretKey: string): string {
  const values = Object.keys(params)
    .filter((key) => key !== "pg_sig")
    .sort()
    .map((key) => params[key] ?? "");
  return createHash("md5")
    .update([scriptName, ...values, secretKey].join(";"))
    .digest("hex");
}

export function hasValidPgSig(scriptName: string, params: PgParams, secretKey: string): boolean {
  const given = params.pg_sig ?? "";
  return /^[0-9a-f]{32}$/i.test(given) && given.toLowerCase() === signPg(scriptName, params, secretKey);
}

export function newSalt(): string {
  return randomBytes(8).toString("hex");
}

/** The elements of a flat XML answer (`<response><pg_status>ok</pg_status>…`). */
export function readFlatXml(xml: string): PgParams {
  const params: PgParams = {};
  const body = /<response>([\s\S]*)<\/response>/.exec(xml)?.[1] ?? "";
  for (const [, name, value] of body.matchAll(/<([a-z_0-9]+)>([^<]*)<\/\1>/gi)) {
    if (name) params[name] = unescapeXml(value ?? "");
  }
  return params;
}

const xmlEntities: Record<string, string> = {
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&apos;": "'",
  "&amp;": "&",
};
function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (entity) => xmlEntities[entity] ?? entity);
}
function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A signed flat XML answer. */
export function writeFlatXml(scriptName: string, params: PgParams, secretKey: string): string {
  const signed = { ...params, pg_salt: newSalt() };
  const all = { ...signed, pg_sig: signPg(scriptName, signed, secretKey) };
  const elements = Object.entries(all)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join("");
  return `<?xml version="1.0" encoding="utf-8"?>\n<response>${elements}</response>`;
}

/** Reads the provider's result notice (a form post to our result URL), its signature checked. */
export function readFreedomPayResult(config: FreedomPayConfig, params: PgParams): ProviderEvent {
  if (!hasValidPgSig(scriptNameOf(freedomPayResultPath), params, config.secretKey)) {
    throw new RejectedNotice("pg_sig mismatch");
  }
  if (params.pg_merchant_id !== undefined && params.pg_merchant_id !== config.merchantId) {
    throw new RejectedNotice("another merchant");
  }
  const amount = tyiynOfDecimal(params.pg_amount ?? "");
  if (amount === null || !params.pg_order_id || !params.pg_currency)
    throw new RejectedNotice("fields missing");
  const status = params.pg_result === "1" ? "paid" : params.pg_result === "0" ? "failed" : null;
  if (!status) throw new RejectedNotice("pg_result is neither 1 nor 0");
  return {
    paymentId: params.pg_order_id,
    status,
    amount,
    currency: params.pg_currency,
    providerPaymentId: params.pg_payment_id,
  };
}

/** How `get_status2.php` names a payment's state, as our statuses. */
const remoteStatuses: Record<string, ProviderEvent["status"]> = {
  success: "paid",
  error: "failed",
  failed: "failed",
  incomplete: "failed",
  revoked: "refunded",
  refunded: "refunded",
};

export function createFreedomPayProvider(
  config: FreedomPayConfig,
  publicOrigin: string,
  fetchImpl: typeof fetch = fetch,
): PaymentProviderAdapter {
  async function call(script: string, params: PgParams): Promise<PgParams> {
    const signed = { ...params, pg_merchant_id: config.merchantId, pg_salt: newSalt() };
    const body = new URLSearchParams({ ...signed, pg_sig: signPg(script, signed, config.secretKey) });
    const response = await fetchImpl(`${config.apiUrl}/${script}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    const answer = readFlatXml(await response.text());
    if (!response.ok || !hasValidPgSig(script, answer, config.secretKey)) {
      throw new Error(`freedompay ${script}: HTTP ${response.status}, answer unsigned or badly signed`);
    }
    if (answer.pg_status !== "ok") {
      throw new Error(
        `freedompay ${script}: ${answer.pg_error_code ?? "?"} ${answer.pg_error_description ?? ""}`,
      );
    }
    return answer;
  }

  return {
    name: "freedompay",
    async createPayment(payment) {
      const back = `${publicOrigin}/settings/balance?payment=${payment.id}`;
      const answer = await call("init_payment.php", {
        pg_order_id: payment.id,
        pg_amount: decimalOfTyiyn(payment.amount),
        pg_currency: payment.currency,
        pg_description: payment.description,
        pg_user_id: String(payment.userId),
        pg_result_url: `${publicOrigin}${freedomPayResultPath}`,
        pg_request_method: "POST",
        pg_success_url: back,
        pg_failure_url: back,
        pg_testing_mode: config.testingMode ? "1" : "0",
      });
      if (!answer.pg_redirect_url || !/^https?:\/\//.test(answer.pg_redirect_url)) {
        throw new Error("freedompay init_payment.php: no redirect URL");
      }
      return {
        redirectUrl: answer.pg_redirect_url,
        ...(answer.pg_payment_id ? { providerPaymentId: answer.pg_payment_id } : {}),
      };
    },
    async queryStatus(payment) {
      const answer = await call("get_status2.php", {
        pg_order_id: payment.id,
        ...(payment.providerPaymentId ? { pg_payment_id: payment.providerPaymentId } : {}),
      });
      return remoteStatuses[answer.pg_payment_status ?? ""] ?? "pending";
    },
  };
}
