/**
 * Display formatting (spec S5.3, S5.4). Plain functions, no React: the same output on the server and
 * in the browser, so hydration never sees a different string.
 */

export type PriceCurrency = "KGS" | "USD";

export const DEFAULT_LOCALE = "ru";

/**
 * S5.4: the thousands separator is always a space, whatever the locale says (en would use ","): the
 * narrow no-break space, so "1 250 000" never breaks across lines.
 */
export const THOUSANDS_SEPARATOR = "\u202f";

/** Between a number and its unit ("120 000 км", "3,5 л"): a no-break space. */
export const UNIT_SPACE = "\u00a0";

/** A number with its unit, never broken between them: "120 000 км". */
export function withUnit(quantity: string | number, unit: string): string {
  return `${quantity}${UNIT_SPACE}${unit}`;
}

const decimalSeparatorCache = new Map<string, string>();

/**
 * The decimal sign of a locale: "," for ru and ky, "." for en. Unknown or malformed locales fall back to
 * the Russian default rather than throwing, because a bad cookie value must not break rendering.
 */
const ownDecimalSeparators: Record<string, string> = { ru: ",", ky: ",", en: "." };

export function getDecimalSeparator(locale: string = DEFAULT_LOCALE): string {
  const cached = decimalSeparatorCache.get(locale);
  if (cached !== undefined) return cached;
  let separator = ",";
  // Our own languages are fixed here: some browsers ship without Kyrgyz number data and would
  // fall back to English ("4.6" instead of "4,6").
  const own = ownDecimalSeparators[locale.slice(0, 2)];
  if (own) {
    decimalSeparatorCache.set(locale, own);
    return own;
  }
  try {
    const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal");
    if (part) separator = part.value;
  } catch {
    // RangeError for an invalid language tag: keep the default.
  }
  decimalSeparatorCache.set(locale, separator);
  return separator;
}

/** Groups a string of digits by three from the right: "1250000" → "1 250 000". */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS_SEPARATOR);
}

/**
 * S5.3: phone digits in groups of three from the left, remainder last, separated by spaces.
 * "+996555123456" → "+996 555 123 456"; a leading "+" is kept; any other non-digit is dropped.
 */
export function formatPhone(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, "");
  const groups = digits.match(/\d{1,3}/g) ?? [];
  const grouped = groups.join(" ");
  return trimmed.startsWith("+") && grouped ? `+${grouped}` : grouped;
}

// Locale-neutral digits; separators are applied by hand so S5.4 holds for every locale.
const plainFormatters = new Map<number, Intl.NumberFormat>();

function getPlainFormatter(fractionDigits: number): Intl.NumberFormat {
  let formatter = plainFormatters.get(fractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", {
      useGrouping: false,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      // "negative" keeps -0.4 rounded to 0 from showing as "-0".
      signDisplay: "negative",
    });
    plainFormatters.set(fractionDigits, formatter);
  }
  return formatter;
}

/**
 * S5.4: 1250000 → "1 250 000", -5000 → "-5 000", (1234.5, 1) → "1 234,5" (ru) or "1 234.5" (en).
 * Exactly `fractionDigits` decimals (rounded half away from zero); non-finite numbers give "".
 */
export function formatNumber(n: number, fractionDigits = 0, locale: string = DEFAULT_LOCALE): string {
  if (!Number.isFinite(n)) return "";
  const digits = Math.min(Math.max(Math.trunc(fractionDigits), 0), 20);
  // A whole number (every price and mileage of a list's cards) is its own digits: `Intl` only to round.
  const plain = digits === 0 && Number.isSafeInteger(n) ? String(n) : getPlainFormatter(digits).format(n);
  const negative = plain.startsWith("-");
  const unsigned = negative ? plain.slice(1) : plain;
  const [integerPart = "0", fractionPart] = unsigned.split(".");
  const grouped = groupThousands(integerPart);
  const withFraction = fractionPart ? `${grouped}${getDecimalSeparator(locale)}${fractionPart}` : grouped;
  return negative ? `-${withFraction}` : withFraction;
}

export interface FormatPriceOptions {
  locale?: string;
  /** Translated currency label (e.g. the `currency.KGS.label` translation); used for KGS only. */
  label?: string;
  fractionDigits?: number;
}

const defaultSomLabels: Record<string, string> = { ru: "сом", ky: "сом", en: "som" };

/**
 * A price for display: KGS as "1 250 000 сом" (label after the number, no-break spaces; pass the translated label as
 * `label`, otherwise "сом" for ru/ky and "som" for en), USD as "$12 500" (sign before the number,
 * "-$500" when negative). Whole units by default because listing prices are whole.
 */
export function formatPrice(
  amount: number,
  currency: PriceCurrency,
  options: FormatPriceOptions = {},
): string {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const number = formatNumber(Math.abs(amount), options.fractionDigits ?? 0, locale);
  if (!number) return "";
  const sign = amount < 0 && /[1-9]/.test(number) ? "-" : "";
  if (currency === "USD") return `${sign}$${number}`;
  const language = locale.split("-")[0] ?? DEFAULT_LOCALE;
  const label = options.label ?? defaultSomLabels[language] ?? "сом";
  return withUnit(`${sign}${number}`, label);
}

/** An amount in tyiyn (1/100 som) as som: "1 250 сом", or "1 250,50 сом" when it has tyiyn. */
export function formatTyiyn(tyiyn: number, options: Omit<FormatPriceOptions, "fractionDigits"> = {}): string {
  return formatPrice(tyiyn / 100, "KGS", { ...options, fractionDigits: tyiyn % 100 === 0 ? 0 : 2 });
}

/** A typical reply delay as the trust card words it: a unit and a count (rounded up, at least 1). */
export function responseTimeUnit(minutes: number): { unit: "minutes" | "hours" | "days"; count: number } {
  if (minutes < 60) return { unit: "minutes", count: Math.max(1, Math.ceil(minutes)) };
  if (minutes < 24 * 60) return { unit: "hours", count: Math.ceil(minutes / 60) };
  return { unit: "days", count: Math.ceil(minutes / (24 * 60)) };
}
