import type { CodeChannel } from "@unaa/contracts";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/** A login as the API keeps it: a phone in E.164 or a lower-cased email. */
export type ParsedLogin =
  | { channel: "sms"; kind: "phone"; value: string }
  | { channel: "email"; kind: "email"; value: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * A phone in any format, to E.164. Without a country code the number is taken as Kyrgyz (+996):
 * "0700 123 456", "700123456" and "+996 700 123-456" are the same phone.
 */
export function normalizePhone(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^[+\d\s()\-.]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  if (digits.length < 6 || digits.length > 15) return null;
  const international = trimmed.startsWith("+") || trimmed.startsWith("00");
  const parsed = international
    ? parsePhoneNumberFromString(trimmed.startsWith("00") ? `+${digits.slice(2)}` : trimmed)
    : // "996700123456" typed without the plus is also common.
      digits.startsWith("996") && digits.length === 12
      ? parsePhoneNumberFromString(`+${digits}`)
      : parsePhoneNumberFromString(trimmed, "KG");
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

export function normalizeEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? email : null;
}

/** A phone or an email; null when it is neither. */
export function parseLogin(raw: string): ParsedLogin | null {
  if (raw.includes("@")) {
    const email = normalizeEmail(raw);
    return email ? { channel: "email", kind: "email", value: email } : null;
  }
  const phone = normalizePhone(raw);
  return phone ? { channel: "sms", kind: "phone", value: phone } : null;
}

/** "+996 *** *** 456" for phones, "a***@mail.kg" for emails: enough to recognise, not to reuse. */
export function maskDestination(channel: CodeChannel, value: string): string {
  if (channel === "email") {
    const at = value.lastIndexOf("@");
    return `${value.slice(0, 1)}***${value.slice(at)}`;
  }
  const parsed = parsePhoneNumberFromString(value);
  const country = parsed ? `+${parsed.countryCallingCode}` : value.slice(0, 4);
  return `${country} *** *** ${value.slice(-3)}`;
}

/** The country of an E.164 phone ("KG", "RU"…), or "unknown". */
export function phoneCountry(e164: string): string {
  return parsePhoneNumberFromString(e164)?.country ?? "unknown";
}
