import type { Locale } from "@unaa/contracts";
import { defaultLocale } from "@unaa/contracts";
import { type AuthUser, createClientState } from "./client-state.ts";
import { createHttpClient, type HttpClient, NetworkError } from "./http-client.ts";
import { translate } from "./i18n.ts";

/**
 * The browser's one client state, one toast list and one HTTP client (spec sections 3 and 7).
 * On the server these stay empty: nothing server-side signs in or calls the API through them.
 */
/** Where guest favourites live: the browser's localStorage, or null (server, storage disabled). */
export const guestStorage = typeof window === "undefined" ? null : safeLocalStorage();
export const clientState = createClientState({ storage: guestStorage });
export const toasts = clientState.toasts;

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export interface FatalError {
  status: number;
  messageKey: string;
}

let fatalError: FatalError | null = null;
const fatalListeners = new Set<() => void>();

/** A fatal error replaces the page with the error page (the 403 "blocked" case of S4.6). */
export const fatalErrorStore = {
  get: () => fatalError,
  set(next: FatalError | null) {
    fatalError = next;
    for (const listener of fatalListeners) listener();
  },
  subscribe(listener: () => void) {
    fatalListeners.add(listener);
    return () => {
      fatalListeners.delete(listener);
    };
  },
};

const runtime = { locale: defaultLocale as Locale, apiVersion: "1" };

/** Called by the root on start and on every language change. */
export function configureApi(next: { locale?: Locale; apiVersion?: string }): void {
  Object.assign(runtime, next);
}

export const api: HttpClient<AuthUser> = createHttpClient<AuthUser>({
  baseUrl: "",
  getLocale: () => runtime.locale,
  apiVersion: () => runtime.apiVersion,
  getAccessToken: () => clientState.getSnapshot().accessToken,
  onSessionRefreshed: ({ user, accessToken }) => clientState.setSession(user, accessToken),
  onSessionCleared: () => clientState.clearSession(),
  onBlocked: () => fatalErrorStore.set({ status: 403, messageKey: "error.blocked" }),
  onErrorToast: (title, error) => {
    // A request that got no answer has no API text: say so in the interface language.
    const text = error instanceof NetworkError ? translate(runtime.locale, "auth.error.network") : title;
    const id = toasts.add({ title: text, color: "red" });
    toasts.scheduleAutoClose(id);
  },
});
