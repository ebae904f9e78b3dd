/**
 * Typed numbers without a number widget (spec S5.2: locale, fraction digits, unsigned): what a field
 * shows for a value, the value of what was typed, and where the caret goes after the text is
 * regrouped. A value is a plain decimal string ("2020", "3.5", "3." while the fraction is being
 * typed); the text uses the locale's decimal sign and, when grouped, groups thousands (S5.4).
 */
import { groupThousands } from "./format.ts";

export interface NumberTextFormat {
  /** The locale's decimal sign ("," for ru and ky, "." for en). */
  decimalSeparator: string;
  /** Digits allowed after the decimal sign: 0 for whole numbers. */
  decimals: number;
  /** Thousands grouped ("1 250 000"). */
  grouped: boolean;
}

/** The text a field shows for a value: "1250000" → "1 250 000", "3.5" → "3,5". */
export function numberText(value: string, format: NumberTextFormat): string {
  const [whole = "", fraction] = value.split(".");
  const shownWhole = format.grouped ? groupThousands(whole) : whole;
  return fraction === undefined ? shownWhole : `${shownWhole}${format.decimalSeparator}${fraction}`;
}

/**
 * The value of a typed text: its digits, with the first decimal sign ("," or ".", whichever the
 * keyboard has) as "." when fractions are allowed, cut to the allowed fraction digits. A minus, a
 * letter, a space or a second sign are dropped.
 */
export function numberValue(text: string, format: Pick<NumberTextFormat, "decimals">): string {
  let whole = "";
  let fraction: string | undefined;
  for (const char of text) {
    if (char >= "0" && char <= "9") {
      if (fraction === undefined) whole += char;
      else if (fraction.length < format.decimals) fraction += char;
    } else if ((char === "," || char === ".") && format.decimals > 0 && fraction === undefined) {
      fraction = "";
    }
  }
  return fraction === undefined ? whole : `${whole}.${fraction}`;
}

/** How many characters of a value (digits and the decimal sign) the first `end` characters of a text hold. */
export function valueCharsBefore(text: string, end: number): number {
  let count = 0;
  for (const char of text.slice(0, end)) if (/[\d.,]/.test(char)) count += 1;
  return count;
}

/** The caret's place in a text after its first `count` value characters (see `valueCharsBefore`). */
export function caretAfterValueChars(text: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (/[\d.,]/.test(text[index] ?? "")) seen += 1;
    if (seen === count) return index + 1;
  }
  return text.length;
}
