import { describe, expect, it } from "vitest";
import { applyGate, signedInTarget } from "./gates.ts";

function outcome(run: () => void): { status: number; location?: string | null } | "pass" {
  try {
    run();
    return "pass";
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") };
    const init = (thrown as { init?: { status?: number } } | null)?.init;
    if (init?.status) return { status: init.status };
    throw thrown;
  }
}

const request = (path: string) => new Request(`http://localhost${path}`);
const user = { roles: [] as string[] };
const editor = { roles: ["editor"] };

describe("gates", () => {
  it("[S6.2] auth: a guest goes to /login with the page as redirect target, in the same language", () => {
    expect(outcome(() => applyGate("auth", null, request("/settings/profile?tab=1")))).toEqual({
      status: 302,
      location: "/login?redirect=%2Fsettings%2Fprofile%3Ftab%3D1",
    });
    expect(outcome(() => applyGate("auth", null, request("/en/create")))).toEqual({
      status: 302,
      location: "/en/login?redirect=%2Fen%2Fcreate",
    });
    expect(outcome(() => applyGate("auth", user, request("/create")))).toBe("pass");
  });

  it("[S6.2] guest: a signed-in user goes to the redirect target, or home", () => {
    expect(outcome(() => applyGate("guest", null, request("/login")))).toBe("pass");
    expect(outcome(() => applyGate("guest", user, request("/login?redirect=/favorites")))).toEqual({
      status: 302,
      location: "/favorites",
    });
    expect(outcome(() => applyGate("guest", user, request("/ky/login")))).toEqual({
      status: 302,
      location: "/ky",
    });
  });

  it("[S1.4][S6.2] guest: the redirect target opens in the language of the guest page", () => {
    expect(outcome(() => applyGate("guest", user, request("/en/login?redirect=/settings")))).toEqual({
      status: 302,
      location: "/en/settings",
    });
    expect(
      outcome(() => applyGate("guest", user, request("/login?redirect=%2Fen%2Fcar%3Fyear_from%3D2015"))),
    ).toEqual({
      status: 302,
      location: "/car?year_from=2015",
    });
    expect(signedInTarget({ pathname: "/ky/login", search: "?redirect=%2Fen%2Ffavorites%23top" })).toBe(
      "/ky/favorites#top",
    );
    expect(signedInTarget({ pathname: "/ky/reset-password", search: "?redirect=%2F%2Fevil.example" })).toBe(
      "/ky",
    );
    expect(signedInTarget({ pathname: "/en/login", search: "?redirect=%2Fen" })).toBe("/en");
  });

  it("[S6.2] dashboard: only staff; everyone else gets the 404 page", () => {
    expect(outcome(() => applyGate("dashboard", null, request("/dashboard")))).toEqual({ status: 404 });
    expect(outcome(() => applyGate("dashboard", user, request("/dashboard")))).toEqual({ status: 404 });
    expect(outcome(() => applyGate("dashboard", editor, request("/dashboard")))).toBe("pass");
  });

  it("sends a signed-in visitor only to same-site paths: no TAB trick, no 500 for odd characters", () => {
    for (const target of [
      "%2F%09%2Fevil.example",
      "%2F%0A%2Fx",
      "%2F%0D%2Fx",
      "%2F%00%2Fx",
      "%2F%5Cx",
      "https%3Ax",
    ]) {
      expect(
        outcome(() => applyGate("guest", user, request(`/login?redirect=${target}`))),
        target,
      ).toEqual({
        status: 302,
        location: "/",
      });
    }
    expect(outcome(() => applyGate("guest", user, request("/en/login?redirect=%2Fcar%2F%D0%B6")))).toEqual({
      status: 302,
      location: "/en/car/%D0%B6",
    });
  });
});
