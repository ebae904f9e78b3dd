import { type ChatWarningKind, chatWarningKinds } from "@unaa/contracts";
import { cardNumberCandidate, negationWindow, safetyPatterns } from "./safety-patterns.ts";

/** The Luhn checksum every payment card number passes (and most random digit runs fail). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function hasCardNumber(text: string): boolean {
  for (const match of text.matchAll(cardNumberCandidate)) {
    const digits = match[0].replace(/[ -]/g, "");
    // Cards are 16 digits nearly always (13–19 allowed); a phone or a year range is shorter.
    if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits) && !/^(\d)\1+$/.test(digits))
      return true;
  }
  return false;
}

/**
 * The warning kinds of a message text (decision 052), in the contracts' order, each once. Computed
 * when a message is sent and stored with it, so a later change of the patterns does not rewrite
 * what a receiver was shown.
 */
export function findMessageWarnings(text: string): ChatWarningKind[] {
  const found = new Set<ChatWarningKind>();
  if (hasCardNumber(text)) found.add("card-number");
  for (const { kind, pattern, unless } of safetyPatterns) {
    if (found.has(kind)) continue;
    const global = new RegExp(
      pattern.source,
      pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`,
    );
    for (const match of text.matchAll(global)) {
      if (unless) {
        const start = Math.max(0, match.index - negationWindow);
        const around = text.slice(start, match.index + match[0].length + negationWindow);
        if (unless.test(around)) continue;
      }
      found.add(kind);
      break;
    }
  }
  return chatWarningKinds.filter((kind) => found.has(kind));
}
