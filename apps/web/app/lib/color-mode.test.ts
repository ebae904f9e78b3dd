import { afterEach, describe, expect, it, vi } from "vitest";
import {
  COLOR_MODE_KEY,
  colorModeManager,
  colorModeScript,
  forcedColorMode,
  fromMantineScheme,
  toMantineScheme,
} from "./color-mode.ts";

function fakeWindow() {
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  vi.stubGlobal("window", { localStorage, addEventListener() {}, removeEventListener() {} });
  return items;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("colour mode", () => {
  it("[S4.15] stores the spec's values under the colour-mode key (system, not Mantine's auto)", () => {
    const items = fakeWindow();
    const manager = colorModeManager();
    expect(manager.get("auto")).toBe("auto");
    manager.set("auto");
    expect(items.get(COLOR_MODE_KEY)).toBe("system");
    manager.set("dark");
    expect(items.get(COLOR_MODE_KEY)).toBe("dark");
    expect(manager.get("light")).toBe("dark");
    items.set(COLOR_MODE_KEY, "purple");
    expect(manager.get("auto")).toBe("auto");
    expect(toMantineScheme("system")).toBe("auto");
    expect(fromMantineScheme("auto")).toBe("system");
  });

  it("[S4.16] in system mode the head script follows the OS setting; a stored choice wins", () => {
    const script = colorModeScript();
    expect(script).toContain(`localStorage.getItem("${COLOR_MODE_KEY}")`);
    expect(script).toContain('matchMedia("(prefers-color-scheme: dark)")');
  });

  it("[S4.17] a page may force light or dark; forcing system is refused with a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(forcedColorMode("dark")).toBe("dark");
    expect(forcedColorMode(undefined)).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    expect(forcedColorMode("system")).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(colorModeScript("dark")).toBe(
      'document.documentElement.setAttribute("data-mantine-color-scheme","dark");',
    );
  });
});
