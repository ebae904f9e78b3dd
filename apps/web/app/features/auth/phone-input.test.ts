import { describe, expect, it } from "vitest";
import { isEmailLike, isPhoneComplete, maskPhoneInput, phoneToE164 } from "./phone-input.ts";

describe("phone input", () => {
  it("[S5.1] masks Kyrgyz numbers as +996 ### ### ###, whatever the user starts with", () => {
    expect(maskPhoneInput("555123456")).toBe("+996 555 123 456");
    expect(maskPhoneInput("0555 12-34-56")).toBe("+996 555 123 456");
    expect(maskPhoneInput("996555123456")).toBe("+996 555 123 456");
    expect(maskPhoneInput("+996555123456")).toBe("+996 555 123 456");
    expect(maskPhoneInput("+996 555 123 456 789")).toBe("+996 555 123 456");
    expect(maskPhoneInput("5")).toBe("+996 5");
    // Pasted after the prefilled "+996 ".
    expect(maskPhoneInput("+996 0555123456")).toBe("+996 555 123 456");
  });

  it('[S5.1] a whole number typed or pasted into the prefilled "+996 " replaces the prefix', () => {
    expect(maskPhoneInput("+996 +996700000001")).toBe("+996 700 000 001");
    expect(maskPhoneInput("+996 996700000001")).toBe("+996 700 000 001");
    expect(maskPhoneInput("+996 +7 701 234 56 78")).toBe("+770 123 456 78");
    // Typed key by key after the prefix: each step keeps what the next key builds on.
    let value = "+996 ";
    for (const key of "+996700000001") value = maskPhoneInput(value + key);
    expect(value).toBe("+996 700 000 001");
    value = "+996 ";
    for (const key of "996700000001") value = maskPhoneInput(value + key);
    expect(value).toBe("+996 700 000 001");
  });

  it("[S5.1] is idempotent and lets the user delete back to nothing", () => {
    for (const value of ["+996 555 123 456", "+996 55", "+996 ", "+99", "+", "", "+7 701 234 56 78"]) {
      expect(maskPhoneInput(maskPhoneInput(value))).toBe(maskPhoneInput(value));
    }
    expect(maskPhoneInput("+996 ")).toBe("+996 ");
    expect(maskPhoneInput("+9")).toBe("+9");
    expect(maskPhoneInput("")).toBe("");
  });

  it("[S5.3] keeps other country codes, grouped by three", () => {
    expect(maskPhoneInput("+77012345678")).toBe("+770 123 456 78");
    expect(maskPhoneInput("+7 (701) 234")).toBe("+770 123 4");
  });

  it("sends E.164 and knows when a number is complete", () => {
    expect(phoneToE164("+996 555 123 456")).toBe("+996555123456");
    expect(phoneToE164("")).toBe("");
    expect(isPhoneComplete("+996 555 123 456")).toBe(true);
    expect(isPhoneComplete("+996 555 123 45")).toBe(false);
    expect(isPhoneComplete("+770 123 456 78")).toBe(true);
    expect(isEmailLike("a@mail.kg")).toBe(true);
    expect(isEmailLike("a@mail")).toBe(false);
  });
});
