import { describe, expect, it } from "vitest";
import { unusedAmount } from "./service-refunds.ts";
import { nextBishkekTime } from "./services.service.ts";

describe("[P6.2] the next auto-raise time", () => {
  it("is today's HH:MM in Bishkek (UTC+6) while it is still ahead, else tomorrow's", () => {
    // 02:00 UTC is 08:00 in Bishkek: 09:30 is still ahead today.
    expect(nextBishkekTime(new Date("2026-11-26T02:00:00Z"), "09:30").toISOString()).toBe(
      "2026-11-26T03:30:00.000Z",
    );
    expect(nextBishkekTime(new Date("2026-11-26T03:30:00Z"), "09:30").toISOString()).toBe(
      "2026-11-27T03:30:00.000Z",
    );
    // 20:00 UTC is already the next day (02:00) in Bishkek.
    expect(nextBishkekTime(new Date("2026-11-26T20:00:00Z"), "00:15").toISOString()).toBe(
      "2026-11-27T18:15:00.000Z",
    );
    expect(nextBishkekTime(new Date("2026-11-26T17:00:00Z"), "23:59").toISOString()).toBe(
      "2026-11-26T17:59:00.000Z",
    );
  });
});

describe("[P6.5] the unused part of a purchase", () => {
  const base = {
    id: 1,
    adId: 1,
    userId: 1,
    vertical: "car",
    days: 7,
    price: 100_000,
    startsAt: new Date("2026-11-20T00:00:00Z"),
    endsAt: new Date("2026-11-27T00:00:00Z"),
    raiseTime: null,
    nextRaiseAt: null,
    raisesLeft: null,
    refunded: 0,
    ledgerEntryId: null,
    createdAt: new Date("2026-11-20T00:00:00Z"),
  };
  it("is the unused share of a timed service, rounded down; all of one not started; none of one ended", () => {
    const at = new Date("2026-11-22T00:00:00Z");
    expect(unusedAmount({ ...base, service: "vip" }, at)).toBe(Math.floor((100_000 * 5) / 7));
    expect(
      unusedAmount(
        {
          ...base,
          service: "top",
          startsAt: new Date("2026-11-23T00:00:00Z"),
          endsAt: new Date("2026-11-24T00:00:00Z"),
        },
        at,
      ),
    ).toBe(100_000);
    expect(unusedAmount({ ...base, service: "urgent" }, new Date("2026-11-28T00:00:00Z"))).toBe(0);
  });
  it("is the raises left of an auto-raise, and nothing of a raise", () => {
    const at = new Date("2026-11-22T00:00:00Z");
    expect(unusedAmount({ ...base, service: "autoRaise", days: 4, price: 16_000, raisesLeft: 3 }, at)).toBe(
      12_000,
    );
    expect(unusedAmount({ ...base, service: "raise", days: null, price: 5_000 }, at)).toBe(0);
  });
});
