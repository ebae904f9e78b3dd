/** The interface languages (spec S1.4): Russian is the default and has no URL prefix. */
export const locales = ["ru", "ky", "en"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "ru";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** The cookie remembering the chosen language (spec S9.1); the server reads it for "/". */
export const LOCALE_COOKIE = "i18n_redirected";
