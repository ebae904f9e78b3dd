import { describe, expect, it } from "vitest";
import { maskDestination, normalizePhone, parseLogin } from "./login.ts";

describe("logins", () => {
  it("normalises Kyrgyz phones in any spelling to E.164 (+996 when no country code)", () => {
    for (const spelling of [
      "0700 123 456",
      "700123456",
      "+996 (700) 123-456",
      "996700123456",
      "00996700123456",
    ]) {
      expect(normalizePhone(spelling), spelling).toBe("+996700123456");
    }
  });

  it("keeps other country codes and refuses what is not a phone", () => {
    expect(normalizePhone("+7 701 123 45 67")).toBe("+77011234567");
    expect(normalizePhone("+1 202 555 0143")).toBe("+12025550143");
    for (const bad of ["12345", "+996 12", "phone", "0700-12a-456", "+999 123 456 789"]) {
      expect(normalizePhone(bad), bad).toBeNull();
    }
  });

  it("tells phones from emails and lower-cases emails", () => {
    expect(parseLogin(" A.Bek@Mail.KG ")).toEqual({
      channel: "email",
      kind: "email",
      value: "a.bek@mail.kg",
    });
    expect(parseLogin("0555 123 456")).toEqual({ channel: "sms", kind: "phone", value: "+996555123456" });
    expect(parseLogin("a@b")).toBeNull();
    expect(parseLogin("hello")).toBeNull();
  });

  it("masks destinations so they are recognisable but not reusable", () => {
    expect(maskDestination("sms", "+996700123456")).toBe("+996 *** *** 456");
    expect(maskDestination("sms", "+77011234567")).toBe("+7 *** *** 567");
    expect(maskDestination("email", "aigerim@mail.kg")).toBe("a***@mail.kg");
  });
});
