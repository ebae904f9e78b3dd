import type { Locale } from "@unaa/contracts";
import { translate } from "./i18n.ts";

/**
 * A country by its lower-case ISO code in the page's language ("Жапония"), from our own translations
 * (`countries.*`); the code in capitals when there is none. Not `Intl.DisplayNames`: browsers without
 * Kyrgyz data answer in English, and the page would then differ from the server's (React error #418).
 */
export function countryName(locale: Locale, code: string): string {
  return translate(locale, `countries.${code.toLowerCase()}`, { defaultValue: code.toUpperCase() });
}
