import { describe, expect, it } from "vitest";
import { readGoogleReturn } from "./google-sign-in.ts";

function storageWith(value: unknown) {
  const items = new Map<string, string>([["unaa-google-state", JSON.stringify(value)]]);
  return {
    getItem: (key: string) => items.get(key) ?? null,
    removeItem: (key: string) => {
      items.delete(key);
    },
    items,
  };
}

describe("Google sign-in return", () => {
  const pending = { state: "abc", returnTo: "/en/login?redirect=%2Fen%2Fsettings" };

  it("[S7.18] accepts an ID token whose state matches, once", () => {
    const storage = storageWith(pending);
    expect(readGoogleReturn("#state=abc&id_token=jwt.value.sig&authuser=0", storage)).toEqual({
      kind: "token",
      idToken: "jwt.value.sig",
      returnTo: pending.returnTo,
    });
    expect(storage.items.size).toBe(0);
  });

  it("[S7.18] refuses a forged state and reports Google's refusal", () => {
    expect(readGoogleReturn("#state=other&id_token=x", storageWith(pending))).toEqual({
      kind: "error",
      returnTo: pending.returnTo,
    });
    expect(readGoogleReturn("#state=abc&error=access_denied", storageWith(pending))).toEqual({
      kind: "error",
      returnTo: pending.returnTo,
    });
  });

  it("ignores fragments that are not Google's answer", () => {
    expect(readGoogleReturn("", storageWith(pending))).toBeNull();
    expect(readGoogleReturn("#section", storageWith(pending))).toBeNull();
  });
});
