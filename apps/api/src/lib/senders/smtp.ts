import nodemailer from "nodemailer";
import type { SmtpConfig } from "../../config.ts";
import { CodeDeliveryError, type CodeSender } from "./code-sender.ts";
import type { MailSender } from "./mail-sender.ts";

/** Email through an SMTP server (nodemailer). STARTTLS when the server offers it; TLS on port 465. */
export function createSmtpSender(config: SmtpConfig): CodeSender & { close(): void } {
  const mailer = createSmtpMailSender(config);
  return {
    kind: "sent",
    async send(message) {
      if (message.channel !== "email") throw new CodeDeliveryError("the SMTP sender only sends email");
      await mailer.send({ to: message.to, subject: message.subject, text: message.text });
    },
    close: () => mailer.close(),
  };
}

/** Any email (codes, notifications) through the SMTP server. */
export function createSmtpMailSender(config: SmtpConfig): MailSender & { close(): void } {
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.port === 465,
    ...(config.user ? { auth: { user: config.user, pass: config.password ?? "" } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: "sent",
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: config.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
        if (info.rejected.length > 0) throw new CodeDeliveryError(`rejected: ${info.response}`);
      } catch (error) {
        if (error instanceof CodeDeliveryError) throw error;
        throw new CodeDeliveryError(`SMTP: ${(error as Error).message}`, { cause: error });
      }
    },
    close: () => transport.close(),
  };
}
