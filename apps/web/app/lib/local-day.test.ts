import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localDay } from "./local-day.ts";

/** The wall clock of a zone straight from Intl, one formatToParts call per moment. */
function reference(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? "";
  return {
    year: Number(part("year")),
    month: Number(part("month")),
    day: Number(part("day")),
    time: `${part("hour")}:${part("minute")}`,
  };
}

// Whole-hour, half-hour and 45-minute offsets, with and without daylight saving (Lord Howe moves by 30 minutes).
const zones = [
  "Asia/Bishkek",
  "Europe/Berlin",
  "America/St_Johns",
  "Australia/Lord_Howe",
  "Asia/Kathmandu",
  "Pacific/Chatham",
  "UTC",
];

describe("localDay", () => {
  it("gives the zone's date and time of any moment, as Intl does", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1990-01-01T00:00:00Z"),
          max: new Date("2040-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        (date, zone) => {
          const { dayNumber, ...day } = localDay(date, zone);
          expect(day).toEqual(reference(date, zone));
          expect(dayNumber).toBe(Date.UTC(day.year, day.month - 1, day.day) / 86_400_000);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("reads the minutes around a daylight-saving change right (Berlin, 31 March 2024)", () => {
    expect(localDay(new Date("2024-03-31T00:59:59Z"), "Europe/Berlin").time).toBe("01:59");
    expect(localDay(new Date("2024-03-31T01:00:00Z"), "Europe/Berlin").time).toBe("03:00");
    expect(localDay(new Date("2024-10-27T00:59:00Z"), "Europe/Berlin").time).toBe("02:59");
    expect(localDay(new Date("2024-10-27T01:00:00Z"), "Europe/Berlin").time).toBe("02:00");
  });

  it("dates a moment after midnight in Bishkek (UTC+6) on the next day", () => {
    expect(localDay(new Date("2026-11-24T18:30:00Z"), "Asia/Bishkek")).toMatchObject({
      year: 2026,
      month: 11,
      day: 25,
      time: "00:30",
    });
  });
});
