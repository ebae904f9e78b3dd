import type { TFunction } from "i18next";

/** A moment as a date and time in a time zone (the site's), for "today" / "yesterday" / date texts. */
export interface LocalDay {
  year: number;
  month: number;
  day: number;
  time: string;
  /** Days since 1970 of the local date, to compare days across month ends. */
  dayNumber: number;
}

/** One formatter per time zone: making one costs far more than using it (a list page dates 28 cards). */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, format);
  }
  return format;
}

export function localDay(date: Date, timeZone: string): LocalDay {
  const parts = formatFor(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? "0";
  const year = Number(part("year"));
  const month = Number(part("month"));
  const day = Number(part("day"));
  return {
    year,
    month,
    day,
    time: `${part("hour")}:${part("minute")}`,
    dayNumber: Date.UTC(year, month - 1, day) / 86_400_000,
  };
}

/** The site's time zone (product.md: Asia/Bishkek). */
export const siteTimeZone = "Asia/Bishkek";

/** "25 ноября 2026": the day of a moment on the site's clock, with the site's month names. */
export function formatSiteDay(t: TFunction, iso: string): string {
  const { day, month, year } = localDay(new Date(iso), siteTimeZone);
  return t("ads.date.dayMonthYear", { day, month: t(`ads.date.month.${month}`), year });
}
