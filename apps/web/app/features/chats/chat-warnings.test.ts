import { chatWarningKinds } from "@unaa/contracts";
import { describe, expect, it } from "vitest";
import en from "../../locales/en/chats.json" with { type: "json" };
import ky from "../../locales/ky/chats.json" with { type: "json" };
import ru from "../../locales/ru/chats.json" with { type: "json" };
import { warningTexts } from "./chat-warnings.ts";

/** The text at a dotted key of a locale file, or undefined. */
function textAt(messages: unknown, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
}

describe("safety warnings on messages", () => {
  it("maps each warning kind to its text once, most serious first, skipping unknown kinds", () => {
    expect(warningTexts(["messenger", "prepayment", "messenger", "future-kind"])).toEqual([
      "chats.warning.prepayment",
      "chats.warning.messenger",
    ]);
    expect(warningTexts([])).toEqual([]);
  });

  it("has a text for every warning kind in ky, ru and en", () => {
    const keys = warningTexts([...chatWarningKinds]);
    expect(keys).toHaveLength(chatWarningKinds.length);
    for (const [locale, messages] of Object.entries({ ky, ru, en })) {
      for (const key of keys) {
        const text = textAt(messages, key);
        expect(typeof text === "string" && text.length > 20, `${key} in ${locale}`).toBe(true);
      }
    }
    // Each language says it in its own words (a copied English text would pass the check above).
    expect(new Set(keys.map((key) => textAt(ru, key))).size).toBe(keys.length);
    expect(keys.map((key) => textAt(ru, key))).not.toEqual(keys.map((key) => textAt(en, key)));
    expect(keys.map((key) => textAt(ky, key))).not.toEqual(keys.map((key) => textAt(ru, key)));
  });
});
