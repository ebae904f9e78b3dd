import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { dayHeading, groupByDay, shortWhen } from "./chat-days.ts";

const zone = "Asia/Bishkek"; // UTC+6, no daylight saving
/** A stand-in for i18next that shows the key and its values. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key}${JSON.stringify(values)}` : key) as unknown as TFunction;

const message = (id: number, createdAt: string) => ({ id, createdAt });

describe("chat messages by day", () => {
  it("groups runs of the same local day, where the site's day starts (not UTC's)", () => {
    const groups = groupByDay(
      [
        message(1, "2026-11-24T17:59:00Z"), // 23:59 on the 24th in Bishkek
        message(2, "2026-11-24T18:00:00Z"), // 00:00 on the 25th
        message(3, "2026-11-25T10:00:00Z"),
        message(4, "2026-11-26T03:00:00Z"),
      ],
      zone,
    );
    expect(groups.map((group) => [group.key, group.messages.map((item) => item.id)])).toEqual([
      ["2026-11-24", [1]],
      ["2026-11-25", [2, 3]],
      ["2026-11-26", [4]],
    ]);
    expect(groupByDay([], zone)).toEqual([]);
  });

  it("heads days as today, yesterday, a date, and a date with its year", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    const [today, yesterday, earlier, lastYear] = groupByDay(
      [
        message(1, "2025-12-31T10:00:00Z"),
        message(2, "2026-03-12T10:00:00Z"),
        message(3, "2026-11-25T10:00:00Z"),
        message(4, "2026-11-26T10:00:00Z"),
      ],
      zone,
    ).reverse();
    expect(dayHeading(t, today!.day, now, zone)).toBe("chats.day.today");
    expect(dayHeading(t, yesterday!.day, now, zone)).toBe("chats.day.yesterday");
    expect(dayHeading(t, earlier!.day, now, zone)).toBe(
      'ads.date.dayMonth{"day":12,"month":"ads.date.month.3"}',
    );
    expect(dayHeading(t, lastYear!.day, now, zone)).toBe(
      'ads.date.dayMonthYear{"day":31,"month":"ads.date.month.12","year":2025}',
    );
  });

  it("gives the inbox the time today, yesterday, then the date", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    expect(shortWhen(t, "2026-11-26T03:05:00Z", now, zone)).toBe("09:05");
    expect(shortWhen(t, "2026-11-25T03:05:00Z", now, zone)).toBe("chats.day.yesterday");
    expect(shortWhen(t, "2025-01-02T03:05:00Z", now, zone)).toBe("02.01.2025");
  });
});
