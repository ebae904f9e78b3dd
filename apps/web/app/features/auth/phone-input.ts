/**
 * Phone and code input helpers. Kyrgyz numbers get the mask `+996 ### ### ###`; a number typed with
 * another country code ("+7 …") is kept and grouped by three (spec S5.3), because the API accepts
 * any country.
 */
import { formatPhone } from "../../lib/format.ts";
import { applyMask } from "../../lib/input-mask.ts";

export const KG_PHONE_MASK = "+996 ### ### ###";
export const CODE_MASK = "######";
/** E.164 allows at most 15 digits. */
const MAX_PHONE_DIGITS = 15;

/** Masks what the user typed into a phone field; idempotent, so it can run on every change. */
export function maskPhoneInput(raw: string): string {
  // A "+" after the start begins a whole number typed or pasted into the prefilled "+996 ": it
  // replaces what was there ("+996 +996700000001" is "+996700000001").
  const text = raw.slice(Math.max(0, raw.lastIndexOf("+"))).trimStart();
  const digits = text.replace(/\D/g, "");
  if (!digits) return text.startsWith("+") ? "+" : "";
  if (text.startsWith("+")) {
    // "+9", "+99", "+996…" are on their way to the Kyrgyz mask; any other code is international.
    if (digits.length <= 3 && "996".startsWith(digits)) return applyMask(text, KG_PHONE_MASK);
    // A national number never starts with 0: "+996 0555…" is a local number pasted after the prefix.
    if (digits.startsWith("996")) return applyMask(`+996${nationalPart(digits.slice(3))}`, KG_PHONE_MASK);
    return formatPhone(`+${digits.slice(0, MAX_PHONE_DIGITS)}`);
  }
  // Typed without "+": a local number ("0555 12 34 56", "555123456") or the code without its plus.
  return applyMask(`+996${nationalPart(digits)}`, KG_PHONE_MASK);
}

/**
 * The 9 national digits of what follows "+996" (or what was typed without a plus): a repeated
 * country code ("996 700 000 001" after the prefix) and the trunk zeros ("0555…") are dropped.
 */
function nationalPart(digits: string): string {
  const national = digits.length > 9 && digits.startsWith("996") ? digits.slice(3) : digits;
  return national.replace(/^0+/, "");
}

/** The value sent to the API: "+996 555 123 456" → "+996555123456". */
export function phoneToE164(masked: string): string {
  const digits = masked.replace(/\D/g, "");
  return digits ? `+${digits}` : "";
}

/** Whether a masked phone is complete enough to send: 9 national digits for +996, 8+ otherwise. */
export function isPhoneComplete(masked: string): boolean {
  const digits = masked.replace(/\D/g, "");
  if (digits.startsWith("996")) return digits.length === 12;
  return digits.length >= 8 && digits.length <= MAX_PHONE_DIGITS;
}

/** A cheap shape check; the API decides for real. */
export function isEmailLike(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
