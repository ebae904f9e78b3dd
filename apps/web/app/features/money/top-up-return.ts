/**
 * The way back after a top-up started from an ad's services page: the path is kept in this tab's
 * session storage (the provider's checkout returns to the balance page, whatever page sent the payer).
 */
const key = "unaa.topUpReturn";

/** Remembers the services page (`/services/{type}/{id}`, without a language prefix) a top-up starts from. */
export function rememberTopUpReturn(path: string): void {
  try {
    window.sessionStorage.setItem(key, path);
  } catch {
    // Storage refused (private mode): the balance page simply offers no way back.
  }
}

/** The services page to go back to, if a top-up started from one in this tab. */
export function readTopUpReturn(): string | null {
  try {
    const path = window.sessionStorage.getItem(key);
    return path && /^\/services\/[a-z]+\/\d+$/.test(path) ? path : null;
  } catch {
    return null;
  }
}
