import type { CodeMessage, CodeSender } from "./code-sender.ts";

export interface OutboxLog {
  info(data: object, message: string): void;
}

/**
 * Development and tests: the message goes into the outbox table and the log instead of a phone
 * or a mailbox. `store` is the repository's insert.
 */
export function createOutboxSender(
  store: (message: CodeMessage) => Promise<void>,
  log: OutboxLog,
): CodeSender {
  return {
    kind: "outbox",
    async send(message) {
      await store(message);
      log.info(
        {
          outbox: { channel: message.channel, to: message.to, purpose: message.purpose, code: message.code },
        },
        `outbox: code ${message.code} for ${message.to} (${message.purpose})`,
      );
    },
  };
}
