import { describe, expect, it } from "vitest";
import { adDaysLeft, canExtendAd, canRunAdAction, isAdExpiring } from "./ad-life-cycle.ts";

const now = new Date("2026-03-10T12:00:00Z");
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe("the ad life cycle", () => {
  it("[P4] follows the life cycle: publish drafts and archived ads, a rejected one only by an edit; archive live ones; sell active or archived", () => {
    const ad = (status: "draft" | "active" | "archived" | "rejected" | "sold" | "pending") => ({
      status,
      expiresAt: status === "active" ? inDays(20) : null,
      extendedAt: null,
    });
    expect(canRunAdAction(ad("draft"), "publish", now)).toBe(true);
    expect(canRunAdAction(ad("archived"), "publish", now)).toBe(true);
    expect(canRunAdAction(ad("rejected"), "publish", now)).toBe(false);
    expect(canRunAdAction(ad("rejected"), "update", now)).toBe(true);
    expect(canRunAdAction(ad("active"), "publish", now)).toBe(false);
    expect(canRunAdAction(ad("pending"), "archive", now)).toBe(true);
    expect(canRunAdAction(ad("sold"), "archive", now)).toBe(false);
    expect(canRunAdAction(ad("archived"), "sold", now)).toBe(true);
    expect(canRunAdAction(ad("draft"), "sold", now)).toBe(false);
  });

  it("[P4] warns in the last 3 days and offers the free extension once", () => {
    const active = { status: "active" as const, expiresAt: inDays(2.5), extendedAt: null };
    expect(isAdExpiring(active, now)).toBe(true);
    expect(adDaysLeft(active, now)).toBe(3);
    expect(canExtendAd(active, now)).toBe(true);
    expect(canExtendAd({ ...active, extendedAt: inDays(-20) }, now)).toBe(false);
    expect(isAdExpiring({ ...active, expiresAt: inDays(3.5) }, now)).toBe(false);
    expect(canRunAdAction({ ...active, expiresAt: inDays(10) }, "extend", now)).toBe(false);
    expect(adDaysLeft({ ...active, expiresAt: inDays(0.2) }, now)).toBe(1);
  });
});
