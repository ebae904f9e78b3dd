import type { Locale } from "@unaa/contracts";
import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import { api, clientState } from "./app-state.ts";
import { ensureLocale, localeCookie, preloadLocales } from "./i18n.ts";

/**
 * Switching the language: load the texts first; only when they arrived, remember the choice in
 * the locale cookie (spec S9.1) and go to the page in that language. A failed load is logged and
 * ignored (S4.18): the page stays in its language and the cookie unchanged. A signed-in user's
 * account remembers the choice too: their notification emails are written in it (decision 059).
 */
export function useSwitchLocale(): (event: MouseEvent, locale: Locale, href: string) => void {
  const navigate = useNavigate();
  return (event, locale, href) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void ensureLocale(locale).then((isLoaded) => {
      if (!isLoaded) return;
      // biome-ignore lint/suspicious/noDocumentCookie: the spec's locale cookie must be readable by the server.
      document.cookie = localeCookie(locale);
      if (clientState.getSnapshot().accessToken) {
        api.patch("/api/user/locale", { locale }, { silent: true }).catch(() => undefined);
      }
      navigate(href);
    });
  };
}

/** Link handlers that load a language's texts on intent (hover, focus, touch), before the click. */
export function preloadLocaleOnIntent(locale: Locale) {
  const preload = () => preloadLocales([locale]);
  return { onMouseEnter: preload, onFocus: preload, onTouchStart: preload };
}
