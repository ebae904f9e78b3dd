import { describe, expect, it } from "vitest";
import { applySectionGate, dashboardSectionOf } from "./dashboard-sections.ts";
import type { GateViewer } from "./gates.ts";

const editor: GateViewer = { roles: ["editor"], codeAccess: false };

describe("the dashboard's section gate", () => {
  it("names the section of a page's path, with or without a locale", () => {
    expect(dashboardSectionOf("/ky/dashboard/stats")).toBe("stats");
    expect(dashboardSectionOf("/dashboard")).toBe("index");
    expect(dashboardSectionOf("/dashboard/nothing")).toBeNull();
  });

  it("opens a section on a client-side navigation's data request (`.data`) as on the page itself", () => {
    for (const path of ["/dashboard/stats", "/dashboard/stats.data", "/en/dashboard/stats.data"]) {
      const request = new Request(`http://localhost${path}?_routes=routes%2Fdashboard%2Fstats`);
      expect(applySectionGate(editor, request)).toEqual({ section: "stats", access: "R" });
    }
  });

  it("gives the 404 page for a section the viewer's roles do not open", () => {
    expect(() => applySectionGate(editor, new Request("http://localhost/dashboard/payments.data"))).toThrow();
  });
});
