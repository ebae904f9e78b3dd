/**
 * Input masks (spec S5.1; numbers, S5.2, are typed through Mantine's NumberInput in forms and
 * `number-text.ts` in list filters). Pure string functions: an input component calls them on every
 * change and renders the result, so they must be idempotent (masking a masked value changes nothing).
 */

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
