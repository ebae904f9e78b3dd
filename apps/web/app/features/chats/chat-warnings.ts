/**
 * The safety warnings shown to the receiver of a message (product.md section 7): the server marks
 * each message with the kinds it found (decision 052); the web says each in the reader's language.
 */
import { type ChatWarningKind, chatWarningKinds } from "@unaa/contracts";

/** The translation key of each warning kind; the record's type makes a new kind fail the build. */
export const warningTextKeys: Record<ChatWarningKind, string> = {
  prepayment: "chats.warning.prepayment",
  "card-number": "chats.warning.cardNumber",
  "payment-link": "chats.warning.paymentLink",
  messenger: "chats.warning.messenger",
  "phone-number": "chats.warning.phoneNumber",
};

/**
 * The texts to show for a message's warnings: each kind once, in the order of `chatWarningKinds`
 * (most serious first); kinds this build does not know are skipped rather than shown as keys.
 */
export function warningTexts(kinds: readonly string[]): string[] {
  const present = new Set(kinds);
  return chatWarningKinds.filter((kind) => present.has(kind)).map((kind) => warningTextKeys[kind]);
}
