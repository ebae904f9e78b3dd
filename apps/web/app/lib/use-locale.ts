import type { Locale } from "@unaa/contracts";
import { useLocation } from "react-router";
import { localeFromPath } from "./i18n.ts";

/** The interface locale of the current page, from its URL prefix (none = Russian). */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}
