import type { MantineColorScheme, MantineColorSchemeManager } from "@mantine/core";

/** The spec's colour mode (S4.15): system, light or dark, kept in local storage under this key. */
export const COLOR_MODE_KEY = "unaa-color-mode";
export const colorModes = ["system", "light", "dark"] as const;
export type ColorMode = (typeof colorModes)[number];

export function isColorMode(value: unknown): value is ColorMode {
  return typeof value === "string" && (colorModes as readonly string[]).includes(value);
}

export function toMantineScheme(mode: ColorMode): MantineColorScheme {
  return mode === "system" ? "auto" : mode;
}

export function fromMantineScheme(scheme: MantineColorScheme): ColorMode {
  return scheme === "auto" ? "system" : scheme;
}

/** Mantine's colour scheme storage, speaking the spec's values ("system" where Mantine says "auto"). */
export function colorModeManager(): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | undefined;
  return {
    get(defaultValue) {
      // Mantine asks on the server too, on every page: no storage there (and a caught ReferenceError
      // costs its stack trace, ~40 µs a page).
      if (typeof window === "undefined") return defaultValue;
      try {
        const stored = window.localStorage.getItem(COLOR_MODE_KEY);
        return isColorMode(stored) ? toMantineScheme(stored) : defaultValue;
      } catch {
        return defaultValue;
      }
    },
    set(value) {
      try {
        window.localStorage.setItem(COLOR_MODE_KEY, fromMantineScheme(value));
      } catch (error) {
        console.warn("Could not save the colour mode", error);
      }
    },
    subscribe(onUpdate) {
      onStorage = (event) => {
        if (
          event.storageArea === window.localStorage &&
          event.key === COLOR_MODE_KEY &&
          isColorMode(event.newValue)
        ) {
          onUpdate(toMantineScheme(event.newValue));
        }
      };
      window.addEventListener("storage", onStorage);
    },
    unsubscribe() {
      if (onStorage) window.removeEventListener("storage", onStorage);
    },
    clear() {
      window.localStorage.removeItem(COLOR_MODE_KEY);
    },
  };
}

/**
 * A page may force light or dark; forcing "system" is refused with a warning (S4.17).
 * Returns the mode to force, or undefined.
 */
export function forcedColorMode(requested: unknown): "light" | "dark" | undefined {
  if (requested === undefined || requested === null) return undefined;
  if (requested === "light" || requested === "dark") return requested;
  console.warn(
    `A page cannot force the colour mode "${String(requested)}": only "light" or "dark" can be forced.`,
  );
  return undefined;
}

/**
 * Runs before the first paint (inline in <head>, allowed by its CSP hash): applies the stored or
 * the system mode, so a dark-mode visitor never sees a light flash.
 */
export function colorModeScript(forced?: "light" | "dark"): string {
  if (forced) return `document.documentElement.setAttribute("data-mantine-color-scheme","${forced}");`;
  return `try{var m=localStorage.getItem("${COLOR_MODE_KEY}");var d=m==="light"||m==="dark"?m:matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";document.documentElement.setAttribute("data-mantine-color-scheme",d)}catch(e){}`;
}
