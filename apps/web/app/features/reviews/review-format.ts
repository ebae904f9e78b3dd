import type { Locale } from "@unaa/contracts";

const intlLocales: Record<Locale, string> = { ru: "ru-RU", ky: "ky-KG", en: "en-GB" };
const formats = new Map<Locale, Intl.DateTimeFormat>();

/** "12 ноября 2026": the day a review or reply was written, in the site's time zone. */
export function formatReviewDate(iso: string, locale: Locale): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocales[locale], {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Asia/Bishkek",
    });
    formats.set(locale, format);
  }
  return format.format(new Date(iso));
}

/** The page of an ad: `/car/123` (the ads feature's rule, which features may not import). */
export function reviewAdPath(ad: { vertical: string; id: number }): string {
  return `/${ad.vertical}/${ad.id}`;
}
