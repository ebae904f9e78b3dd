/**
 * Registers the site's service worker (`public/sw.js`) once the page has loaded, for every visitor:
 * it makes the site installable with an offline page (decision 072) and carries web push
 * (decision 054). Not in development, where Vite serves the modules.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
      console.warn("The service worker was not registered", error);
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
