import { describe, expect, it } from "vitest";
import { dashboardSectionNames, dashboardSections, historyOwnOnly, sectionAccess } from "./dashboard.ts";

describe("dashboard access matrix", () => {
  it("[S2.8] lists the spec's 16 sections, content and the catalogue", () => {
    expect(dashboardSectionNames).toHaveLength(18);
    expect(new Set(dashboardSectionNames).size).toBe(18);
  });

  it("hides every section from users and guests", () => {
    for (const held of [[], null, undefined, ["user"]]) {
      expect(dashboardSections(held)).toEqual([]);
      expect(sectionAccess(held, "index")).toBeNull();
    }
  });

  it("gives editors the content sections and their own history only", () => {
    expect(dashboardSections(["editor"])).toEqual([
      "index",
      "advertising",
      "notification",
      "regions",
      "history",
      "stats",
      "content",
      "catalogue",
    ]);
    expect(sectionAccess(["editor"], "regions")).toBe("W");
    expect(sectionAccess(["editor"], "history")).toBe("R");
    expect(sectionAccess(["editor"], "adds")).toBeNull();
    expect(sectionAccess(["editor"], "services")).toBeNull();
    expect(historyOwnOnly(["editor"])).toBe(true);
  });

  it("gives moderators moderation and users, money read-only, codes only when granted", () => {
    expect(sectionAccess(["moderator"], "adds")).toBe("W");
    expect(sectionAccess(["moderator"], "users")).toBe("W");
    expect(sectionAccess(["moderator"], "payments")).toBe("R");
    expect(sectionAccess(["moderator"], "subscribes")).toBe("R");
    expect(sectionAccess(["moderator"], "settings")).toBeNull();
    expect(sectionAccess(["moderator"], "code-access")).toBeNull();
    expect(sectionAccess(["moderator"], "codes")).toBeNull();
    expect(sectionAccess(["moderator"], "codes", { codeAccess: true })).toBe("R");
    expect(sectionAccess(["editor"], "codes", { codeAccess: true })).toBeNull();
    expect(dashboardSections(["moderator"])).not.toContain("codes");
    expect(dashboardSections(["moderator"], { codeAccess: true })).toContain("codes");
    expect(historyOwnOnly(["moderator"])).toBe(false);
  });

  it("gives admins every section", () => {
    expect(dashboardSections(["admin"])).toEqual([...dashboardSectionNames]);
    expect(sectionAccess(["admin"], "payments")).toBe("W");
    expect(sectionAccess(["admin"], "codes")).toBe("R");
  });

  it("takes the highest access of several roles", () => {
    expect(sectionAccess(["editor", "moderator"], "payments")).toBe("R");
    expect(sectionAccess(["moderator", "admin"], "payments")).toBe("W");
    expect(sectionAccess(["admin", "moderator"], "payments")).toBe("W");
    expect(historyOwnOnly(["editor", "moderator"])).toBe(false);
  });
});
