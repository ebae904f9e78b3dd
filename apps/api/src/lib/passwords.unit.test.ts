import { describe, expect, it } from "vitest";
import { checkPasswordRules, hashPassword, isCommonPassword, verifyPassword } from "./passwords.ts";

const codes = (password: string, identities: string[] = []) =>
  checkPasswordRules(password, identities).map((error) => error.code);

describe("password rules", () => {
  it("wants 8 characters or more (counted as characters, not bytes)", () => {
    expect(codes("Ала-Тоо7")).toEqual([]);
    expect(codes("short12")).toEqual(["too_short"]);
  });

  it("refuses about a thousand common passwords, in any case", () => {
    for (const common of [
      "12345678",
      "password",
      "Qwerty123",
      "iloveyou",
      "1q2w3e4r",
      "bishkek123",
      "parol123",
    ]) {
      expect(isCommonPassword(common), common).toBe(true);
    }
    expect(isCommonPassword("steppe-horse-42")).toBe(false);
    expect(codes("PASSWORD1")).toEqual(["common"]);
  });

  it("refuses one repeated character and whitespace-only passwords", () => {
    expect(codes("aaaaaaaa")).toEqual(["repetitive"]);
    expect(codes("        ")).toEqual(["repetitive"]);
    expect(codes(" \t \u00a0 \t  ")).toEqual(["repetitive"]);
    expect(codes("ЖЖЖЖЖЖЖЖЖЖ")).toEqual(["repetitive"]);
    expect(codes("aaaaaaab")).toEqual([]);
  });

  it("refuses the account's phone in any spelling, its email and its username", () => {
    const identities = ["+996700123456", "aibek@mail.kg", "aibek_99"];
    for (const same of [
      "+996700123456",
      "0700123456",
      "996700123456",
      "700 123 456",
      "AIBEK@mail.kg",
      "Aibek_99",
    ]) {
      expect(codes(same, identities), same).toContain("equals_login");
    }
    expect(codes("aibek_99-long-enough", identities)).toEqual([]);
  });

  it("puts the field errors on the path it is given", () => {
    expect(checkPasswordRules("abc", [], "newPassword")[0]).toMatchObject({
      path: "newPassword",
      code: "too_short",
    });
  });
});

describe("argon2id hashes", () => {
  it("verify the right password only, and never a missing hash", async () => {
    const hashed = await hashPassword("steppe-horse-42");
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    expect(await verifyPassword(hashed, "steppe-horse-42")).toBe(true);
    expect(await verifyPassword(hashed, "steppe-horse-43")).toBe(false);
    expect(await verifyPassword(null, "anything")).toBe(false);
    expect(await verifyPassword("not a hash", "anything")).toBe(false);
  });
});
