/** One email with its text already written in the reader's language (notifications). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends emails other than codes; the same outbox (development, tests) or SMTP as the codes. */
export interface MailSender {
  readonly kind: "outbox" | "sent";
  /** Throws when the message was not accepted (a job then retries it). */
  send(message: MailMessage): Promise<void>;
}

/** Development and tests: the email goes to the outbox table and the log. */
export function createOutboxMailSender(
  store: (message: MailMessage) => Promise<void>,
  log: { info(data: object, message: string): void },
): MailSender {
  return {
    kind: "outbox",
    async send(message) {
      await store(message);
      log.info({ outbox: { channel: "email", to: message.to } }, `outbox: email "${message.subject}"`);
    },
  };
}
