/**
 * WCAG 2.2 contrast arithmetic (success criteria 1.4.3 and 1.4.11), used by the theme to pick colours
 * that pass, so no page has to patch a colour by hand.
 */

/** Text and its background: 4.5:1 (AA, normal text). */
export const TEXT_CONTRAST = 4.5;
/** Boundaries of controls and large text: 3:1. */
export const UI_CONTRAST = 3;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const digits = hex.replace("#", "");
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
}

function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two `#rrggbb` colours, 1 … 21. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/** `color` mixed with `other`: `amount` 0 keeps it, 1 gives `other`. */
export function mix(color: string, other: string, amount: number): string {
  const a = parseHex(color);
  const b = parseHex(other);
  return toHex(a.map((v, i) => v + ((b[i] as number) - v) * amount) as Rgb);
}

/**
 * `color` itself when it already reaches `ratio` against `background`, else the nearest colour that
 * does: mixed towards black on a light background, towards white on a dark one, in 2 % steps.
 */
export function ensureContrast(color: string, background: string, ratio: number): string {
  const towards = relativeLuminance(background) > 0.18 ? "#000000" : "#ffffff";
  for (let amount = 0; amount <= 1; amount += 0.02) {
    const candidate = amount === 0 ? color.toLowerCase() : mix(color, towards, amount);
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return towards;
}
