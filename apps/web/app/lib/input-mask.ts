/**
 * Input masks (spec S5.1, S5.2). Pure string functions: an input component calls them on every change
 * and renders the result, so they must be idempotent (masking a masked value changes nothing).
 */
import { DEFAULT_LOCALE, getDecimalSeparator, groupThousands } from "./format.ts";

/** Pattern tokens: `#` digit, `@` letter (any script, Cyrillic included), `*` letter or digit. */
export const MASK_TOKENS = { "#": isDigit, "@": isLetter, "*": isLetterOrDigit } as const;

type MaskToken = keyof typeof MASK_TOKENS;

function isDigit(char: string): boolean {
  return char >= "0" && char <= "9";
}

function isLetter(char: string): boolean {
  return /^\p{L}$/u.test(char);
}

function isLetterOrDigit(char: string): boolean {
  return isDigit(char) || isLetter(char);
}

function isMaskToken(char: string): char is MaskToken {
  return Object.hasOwn(MASK_TOKENS, char);
}

interface MaskResult {
  masked: string;
  typed: string;
}

function runMask(input: string, pattern: string): MaskResult {
  // Code points, not UTF-16 units, so a letter outside the BMP counts as one character.
  const source = Array.from(input);
  const slots = Array.from(pattern);
  let masked = "";
  let typed = "";
  // Length of `masked` right after the last character taken from the input: literals the user has not
  // reached yet are cut off, so "123" on "###-###" stays "123" and deleting the dash works.
  let keptLength = 0;
  let cursor = 0;
  for (const slot of slots) {
    if (cursor >= source.length) break;
    if (isMaskToken(slot)) {
      const fits = MASK_TOKENS[slot];
      while (cursor < source.length && !fits(source[cursor] ?? "")) cursor++;
      const char = source[cursor];
      if (char === undefined) break;
      masked += char;
      typed += char;
      cursor++;
      keptLength = masked.length;
    } else {
      masked += slot;
      // A typed (or previously masked) literal is consumed, which makes the mask idempotent and lets a
      // user type a prefix such as "+996" digit by digit.
      if (source[cursor] === slot) {
        cursor++;
        keptLength = masked.length;
      }
    }
  }
  return { masked: masked.slice(0, keptLength), typed };
}

/**
 * Applies `pattern` to `input`: characters that do not fit the next token are skipped, literals are
 * inserted automatically, and the result stops at the pattern's end.
 * applyMask("555123456", "(###) ###-###") → "(555) 123-456".
 */
export function applyMask(input: string, pattern: string): string {
  return runMask(input, pattern).masked;
}

/** Only the characters that filled tokens: unmask("(555) 123-4", "(###) ###-###") → "5551234". */
export function unmask(value: string, pattern: string): string {
  return runMask(value, pattern).typed;
}

export interface NumberMaskOptions {
  /** Decides the decimal sign: "," for ru/ky, "." for en. Default "ru". */
  locale?: string;
  /** Maximum number of decimals; 0 (the default) allows integers only. */
  fractionDigits?: number;
  /** When true the minus sign is rejected. */
  unsigned?: boolean;
}

export interface NumberMask {
  /** Masks typed text (or formats a number) for display: "1250000" → "1 250 000". */
  format(input: string | number): string;
  /** The number behind a masked text, or null when it holds no digits. */
  parse(text: string): number | null;
}

interface NumberParts {
  negative: boolean;
  integer: string;
  hasDecimal: boolean;
  fraction: string;
}

/**
 * S5.2 number mask. Thousands are always separated by a space (S5.4); the decimal sign comes from the
 * locale. While typing, a trailing decimal sign ("12,") and a lone minus ("-") are kept so the user can
 * go on typing; decimals beyond `fractionDigits` are dropped, not rounded, because rounding would
 * change digits the user already typed.
 */
export function createNumberMask(options: NumberMaskOptions = {}): NumberMask {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const fractionDigits = Math.max(0, Math.trunc(options.fractionDigits ?? 0));
  const unsigned = options.unsigned ?? false;
  const decimal = getDecimalSeparator(locale);
  // Comma locales also accept "." because numeric keypads type a dot; in dot locales a "," is a
  // thousands separator the user may have pasted, so it is skipped.
  const decimalInputs = decimal === "." ? ["."] : [decimal, "."];

  function splitText(text: string): NumberParts {
    const parts: NumberParts = { negative: false, integer: "", hasDecimal: false, fraction: "" };
    for (const char of text) {
      if (isDigit(char)) {
        if (!parts.hasDecimal) parts.integer += char;
        else if (parts.fraction.length < fractionDigits) parts.fraction += char;
      } else if (char === "-" && !unsigned && !parts.negative && !parts.integer && !parts.hasDecimal) {
        parts.negative = true;
      } else if (decimalInputs.includes(char) && fractionDigits > 0 && !parts.hasDecimal) {
        parts.hasDecimal = true;
      }
    }
    // Leading zeros carry no value: "007" → "7", but "0" and "0,5" keep their zero.
    parts.integer = parts.integer.replace(/^0+(?=\d)/, "");
    if (parts.hasDecimal && !parts.integer) parts.integer = "0";
    return parts;
  }

  function splitNumber(value: number): NumberParts {
    const parts: NumberParts = { negative: false, integer: "", hasDecimal: false, fraction: "" };
    if (!Number.isFinite(value)) return parts;
    const plain = new Intl.NumberFormat("en-US", {
      useGrouping: false,
      maximumFractionDigits: fractionDigits,
      signDisplay: "negative",
    }).format(unsigned ? Math.abs(value) : value);
    const [integer = "", fraction = ""] = plain.replace("-", "").split(".");
    parts.negative = plain.startsWith("-");
    parts.integer = integer;
    parts.hasDecimal = fraction.length > 0;
    parts.fraction = fraction;
    return parts;
  }

  function joinParts(parts: NumberParts): string {
    const sign = parts.negative ? "-" : "";
    const integer = groupThousands(parts.integer);
    return parts.hasDecimal ? `${sign}${integer}${decimal}${parts.fraction}` : `${sign}${integer}`;
  }

  return {
    format(input) {
      return joinParts(typeof input === "number" ? splitNumber(input) : splitText(input));
    },
    parse(text) {
      const parts = splitText(text);
      if (!parts.integer) return null;
      const value = Number(`${parts.negative ? "-" : ""}${parts.integer}.${parts.fraction || "0"}`);
      if (!Number.isFinite(value)) return null;
      // Avoid handing out -0 for "-0".
      return value === 0 ? 0 : value;
    },
  };
}
