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

/** One formatter per time zone: making one costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * A zone's offset from UTC changes only at moments that are whole quarter hours of UTC (offsets are
 * multiples of 15 minutes and changes happen at whole local minutes of them), so one offset serves a
 * quarter hour. `formatToParts` costs a few microseconds a call; a list page dates dozens of cards.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new Map<string, Map<number, number>>();
const MAX_OFFSETS_PER_ZONE = 50_000;

/** Milliseconds to add to a UTC moment to read the zone's wall clock with UTC getters. */
function zoneOffset(time: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  const quarter = Math.floor(time / QUARTER_HOUR_MS);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const at = quarter * QUARTER_HOUR_MS;
    const parts = formatFor(timeZone).formatToParts(at);
    const part = (type: Intl.DateTimeFormatPartTypes) =>
      Number(parts.find((item) => item.type === type)?.value);
    offset =
      Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second")) -
      at;
    if (zone.size >= MAX_OFFSETS_PER_ZONE) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

export function localDay(date: Date, timeZone: string): LocalDay {
  const wall = new Date(date.getTime() + zoneOffset(date.getTime(), timeZone));
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + 1;
  const day = wall.getUTCDate();
  return {
    year,
    month,
    day,
    time: `${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`,
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
