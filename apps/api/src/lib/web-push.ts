import path from "node:path";
import webPush from "web-push";
import type { Config } from "../config.ts";
import { keptFile } from "./kept-file.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who runs the site, for the push services: an https: URL or a mailto: address. */
  subject: string;
}

/** A browser's subscription as stored. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome = "sent" | "gone";

export class PushDeliveryError extends Error {
  override name = "PushDeliveryError";
}

/** The subject when VAPID_SUBJECT is unset: the public address when it is https, else a mailto. */
function defaultSubject(publicOrigin: string): string {
  const url = new URL(publicOrigin);
  return url.protocol === "https:" ? url.origin : `mailto:push@${url.hostname}`;
}

/**
 * The VAPID keys that sign web push requests. Production sets VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY; development and tests generate a pair on the first start and keep it in
 * DATA_DIR/vapid.json (like the auth secret), so browsers' subscriptions survive restarts.
 */
export function resolveVapidKeys(config: Pick<Config, "vapid" | "dataDir" | "publicOrigin">): VapidKeys {
  const subject = config.vapid.subject ?? defaultSubject(config.publicOrigin);
  if (config.vapid.publicKey && config.vapid.privateKey) {
    return { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey, subject };
  }
  const file = path.join(config.dataDir, "vapid.json");
  const text = keptFile(file, () => `${JSON.stringify(webPush.generateVAPIDKeys())}\n`);
  let stored: Partial<VapidKeys> = {};
  try {
    stored = JSON.parse(text) as Partial<VapidKeys>;
  } catch {
    // Told below, with what to do.
  }
  if (!stored.publicKey || !stored.privateKey) {
    throw new Error(`${file} holds no key pair: remove it, or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`);
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}

/**
 * Sends one web push message: web-push encrypts the payload (aes128gcm) and signs the VAPID JWT;
 * the request goes out with fetch. `gone` when the push service no longer knows the subscription
 * (404, 410): the caller deletes it. Other failures throw (the job retries).
 */
export async function sendWebPush(
  keys: VapidKeys,
  target: PushTarget,
  payload: string,
  fetchImpl: typeof fetch = fetch,
): Promise<PushOutcome> {
  const details = webPush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: keys,
      TTL: 24 * 3600,
      contentEncoding: "aes128gcm",
      urgency: "normal",
    },
  );
  let response: Response;
  try {
    response = await fetchImpl(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : null,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new PushDeliveryError(`push service unreachable: ${(error as Error).message}`, { cause: error });
  }
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) return "gone";
  if (!response.ok) throw new PushDeliveryError(`push service answered ${response.status}`);
  return "sent";
}
