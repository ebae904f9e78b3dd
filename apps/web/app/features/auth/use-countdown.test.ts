import { describe, expect, it } from "vitest";
import { formatCountdown } from "./use-countdown.ts";

describe("resend countdown", () => {
  it("shows minutes and two-digit seconds", () => {
    expect(formatCountdown(60)).toBe("1:00");
    expect(formatCountdown(59.2)).toBe("1:00");
    expect(formatCountdown(9)).toBe("0:09");
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(-3)).toBe("0:00");
  });
});
