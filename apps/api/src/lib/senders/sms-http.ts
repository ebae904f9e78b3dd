import { CodeDeliveryError, type CodeSender } from "./code-sender.ts";

export interface SmsGatewayConfig {
  url: string;
  key: string;
}

/**
 * SMS through an HTTP gateway: `POST <url>` with JSON `{ to, text }` and `Authorization: Bearer
 * <key>`. Any 2xx is accepted; anything else (or no answer in 10 s) is a delivery error.
 */
export function createSmsHttpSender(config: SmsGatewayConfig, fetchImpl: typeof fetch = fetch): CodeSender {
  return {
    kind: "sent",
    async send(message) {
      if (message.channel !== "sms") throw new CodeDeliveryError("the SMS sender only sends SMS");
      let response: Response;
      try {
        response = await fetchImpl(config.url, {
          method: "POST",
          headers: {
            authorization: `Bearer ${config.key}`,
            "content-type": "application/json",
            accept: "application/json",
          },
          body: JSON.stringify({ to: message.to, text: message.text }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new CodeDeliveryError(`SMS gateway unreachable: ${(error as Error).message}`, { cause: error });
      }
      if (!response.ok) {
        const detail = (await response.text().catch(() => "")).slice(0, 200);
        throw new CodeDeliveryError(`SMS gateway answered ${response.status}${detail ? `: ${detail}` : ""}`);
      }
      await response.body?.cancel();
    },
  };
}
