import type { CodeChannel, Locale, SignPurpose } from "@unaa/contracts";

/** One code to deliver, with its text already written in the reader's language. */
export interface CodeMessage {
  channel: CodeChannel;
  /** E.164 phone or email address. */
  to: string;
  code: string;
  purpose: SignPurpose;
  subject: string;
  text: string;
}

/** Delivers codes. Throws when the message was not accepted; the caller records the error. */
export interface CodeSender {
  /** `outbox` (kept locally) or `sent` (handed to a real gateway). */
  readonly kind: "outbox" | "sent";
  send(message: CodeMessage): Promise<void>;
}

export class CodeDeliveryError extends Error {
  override name = "CodeDeliveryError";
}

/** Live delivery: email through one sender, SMS through another. */
export function createChannelSender(byChannel: Record<CodeChannel, CodeSender>): CodeSender {
  return {
    kind: "sent",
    send: (message) => byChannel[message.channel].send(message),
  };
}

const texts: Record<Locale, { text: (code: string) => string; subject: (code: string) => string }> = {
  ru: {
    text: (code) => `Unaa: код ${code}. Действует 10 минут. Никому не сообщайте его.`,
    subject: (code) => `Код Unaa: ${code}`,
  },
  ky: {
    text: (code) => `Unaa: код ${code}. 10 мүнөт жарактуу. Аны эч кимге айтпаңыз.`,
    subject: (code) => `Unaa коду: ${code}`,
  },
  en: {
    text: (code) => `Unaa: your code is ${code}. It is valid for 10 minutes. Do not share it.`,
    subject: (code) => `Unaa code: ${code}`,
  },
};

/** The message for `code` in the language of the request that asked for it. */
export function writeCodeMessage(
  locale: Locale,
  fields: Pick<CodeMessage, "channel" | "to" | "code" | "purpose">,
): CodeMessage {
  const text = texts[locale];
  return { ...fields, subject: text.subject(fields.code), text: text.text(fields.code) };
}
