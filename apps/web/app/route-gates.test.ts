import { describe, expect, it } from "vitest";
import { gateModule, gateModules } from "./route-gates.ts";

describe("route gates", () => {
  it("[S6.2] registers the spec's three gates by name", () => {
    expect(Object.keys(gateModules).sort()).toEqual(["auth", "dashboard", "guest"]);
    expect(gateModule("auth")).toBe("gates/auth.tsx");
  });

  it("[S6.3] an unregistered gate name raises 'Unknown route middleware'", () => {
    expect(() => gateModule("admin")).toThrow("Unknown route middleware");
    expect(() => gateModule("toString")).toThrow("Unknown route middleware");
  });
});
