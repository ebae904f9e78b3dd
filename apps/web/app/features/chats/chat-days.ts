/**
 * Dates in the chat, in the site's time zone: messages grouped by day under a "today" /
 * "yesterday" / date heading, the time on each message, and the inbox's short "when".
 */
import type { TFunction } from "i18next";
import { type LocalDay, localDay } from "../../lib/local-day.ts";

export interface DayGroup<M> {
  /** The local date, `YYYY-MM-DD`: a stable key. */
  key: string;
  day: LocalDay;
  messages: M[];
}

/** Messages (oldest first) in runs of the same local day, in order. */
export function groupByDay<M extends { createdAt: string }>(
  messages: readonly M[],
  timeZone: string,
): DayGroup<M>[] {
  const groups: DayGroup<M>[] = [];
  for (const message of messages) {
    const day = localDay(new Date(message.createdAt), timeZone);
    const last = groups.at(-1);
    if (last && last.day.dayNumber === day.dayNumber) last.messages.push(message);
    else {
      const key = `${day.year}-${String(day.month).padStart(2, "0")}-${String(day.day).padStart(2, "0")}`;
      groups.push({ key, day, messages: [message] });
    }
  }
  return groups;
}

/** A day's heading: "Today", "Yesterday", "12 March", "12 March 2025". */
export function dayHeading(t: TFunction, day: LocalDay, now: Date, timeZone: string): string {
  const today = localDay(now, timeZone);
  if (day.dayNumber === today.dayNumber) return t("chats.day.today");
  if (day.dayNumber === today.dayNumber - 1) return t("chats.day.yesterday");
  const month = t(`ads.date.month.${day.month}`);
  if (day.year === today.year) return t("ads.date.dayMonth", { day: day.day, month });
  return t("ads.date.dayMonthYear", { day: day.day, month, year: day.year });
}

/** The inbox's "when" of the last message: the time today, "yesterday", else the date. */
export function shortWhen(t: TFunction, iso: string, now: Date, timeZone: string): string {
  const day = localDay(new Date(iso), timeZone);
  const today = localDay(now, timeZone);
  if (day.dayNumber === today.dayNumber) return day.time;
  if (day.dayNumber === today.dayNumber - 1) return t("chats.day.yesterday");
  const month = t(`ads.date.month.${day.month}`);
  if (day.year === today.year) return t("ads.date.dayMonth", { day: day.day, month });
  return `${String(day.day).padStart(2, "0")}.${String(day.month).padStart(2, "0")}.${day.year}`;
}
