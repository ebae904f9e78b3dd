import type { Locale } from "@unaa/contracts";

/** S9.3: a language's icon that has not arrived after this long is given up; its code is shown instead. */
export const LOCALE_ICON_TIMEOUT_MS = 1500;

export function localeIconUrl(locale: Locale): string {
  return `/locale-icons/${locale}.svg`;
}

type Fetch = (url: string, init: { signal: AbortSignal }) => Promise<Response>;

/**
 * Fetches a language's icon and answers an object URL for an `<img>`, or null when it failed or took
 * longer than `timeoutMs` (the caller then shows the language's code as text).
 */
export async function fetchLocaleIcon(
  locale: Locale,
  fetchIcon: Fetch = fetch,
  timeoutMs = LOCALE_ICON_TIMEOUT_MS,
): Promise<string | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchIcon(localeIconUrl(locale), { signal: controller.signal });
    if (!response.ok) return null;
    return URL.createObjectURL(await response.blob());
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

const loaded = new Map<Locale, Promise<string | null>>();

/** The icon of a language, fetched once per page load. */
export function loadLocaleIcon(locale: Locale): Promise<string | null> {
  let icon = loaded.get(locale);
  if (!icon) {
    icon = fetchLocaleIcon(locale);
    loaded.set(locale, icon);
  }
  return icon;
}
