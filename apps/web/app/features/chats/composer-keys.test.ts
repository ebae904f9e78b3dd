import { describe, expect, it } from "vitest";
import { isSendKey } from "./composer-keys.ts";

const key = (key: string, change: Partial<Parameters<typeof isSendKey>[0]> = {}) =>
  isSendKey({
    key,
    shiftKey: false,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    nativeEvent: { isComposing: false },
    ...change,
  });

describe("the composer's keys", () => {
  it("sends on Enter alone; Shift+Enter (a new line), modifiers and an input method composing do not", () => {
    expect(key("Enter")).toBe(true);
    expect(key("Enter", { shiftKey: true })).toBe(false);
    expect(key("Enter", { ctrlKey: true })).toBe(false);
    expect(key("Enter", { altKey: true })).toBe(false);
    expect(key("Enter", { metaKey: true })).toBe(false);
    expect(key("Enter", { nativeEvent: { isComposing: true } })).toBe(false);
    expect(key("a")).toBe(false);
  });
});
