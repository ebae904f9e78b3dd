import type { ErrorCode } from "./error-codes.ts";
import type { Locale } from "./locales.ts";

const modules: Record<Locale, () => Promise<{ messages: Record<ErrorCode, string> }>> = {
  ru: () => import("./error-messages/ru.ts"),
  ky: () => import("./error-messages/ky.ts"),
  en: () => import("./error-messages/en.ts"),
};

/**
 * One locale's error messages (`errorMessages[locale]`), loaded on demand: a bundler makes each
 * language its own chunk, so a browser fetches only the language it shows, and only when needed.
 */
export async function loadErrorMessages(locale: Locale): Promise<Record<ErrorCode, string>> {
  return (await modules[locale]()).messages;
}
