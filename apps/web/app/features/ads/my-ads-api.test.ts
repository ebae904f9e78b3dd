import { describe, expect, it } from "vitest";
import { canExtend, canRun, daysLeft, isExpiring } from "./my-ads-api.ts";

const now = new Date("2026-03-10T12:00:00Z");
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe("what the owner may do with an ad in My ads", () => {
  it("[P4] follows the life cycle: publish drafts, archived and rejected; archive live ones; sell active or archived", () => {
    const ad = (status: "draft" | "active" | "archived" | "rejected" | "sold" | "pending") => ({
      status,
      expiresAt: status === "active" ? inDays(20) : null,
      extendedAt: null,
    });
    expect(canRun(ad("draft"), "publish", now)).toBe(true);
    expect(canRun(ad("rejected"), "publish", now)).toBe(true);
    expect(canRun(ad("active"), "publish", now)).toBe(false);
    expect(canRun(ad("pending"), "archive", now)).toBe(true);
    expect(canRun(ad("sold"), "archive", now)).toBe(false);
    expect(canRun(ad("archived"), "sold", now)).toBe(true);
    expect(canRun(ad("draft"), "sold", now)).toBe(false);
  });

  it("[P4] warns in the last 3 days and offers the free extension once", () => {
    const active = { status: "active" as const, expiresAt: inDays(2.5), extendedAt: null };
    expect(isExpiring(active, now)).toBe(true);
    expect(daysLeft(active, now)).toBe(3);
    expect(canExtend(active, now)).toBe(true);
    expect(canExtend({ ...active, extendedAt: inDays(-20) }, now)).toBe(false);
    expect(isExpiring({ ...active, expiresAt: inDays(3.5) }, now)).toBe(false);
    expect(canRun({ ...active, expiresAt: inDays(10) }, "extend", now)).toBe(false);
    expect(daysLeft({ ...active, expiresAt: inDays(0.2) }, now)).toBe(1);
  });
});
