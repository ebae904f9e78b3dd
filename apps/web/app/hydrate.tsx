import { isLocale } from "@unaa/contracts";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { chunkLoadGuard } from "./lib/chunk-guard.ts";
import { ensureLocale } from "./lib/i18n.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";
import { loadSharedConfig, SharedConfigContext } from "./lib/shared-config.ts";

/**
 * Hydrates the server's page. The page's texts (with its route's own areas) and the shared
 * configuration (loaded once, at start: S2.13) must be there first, or the first render would differ
 * from the HTML. Bundled with the root's code (the `shell` chunk) but started by `entry.client.tsx`,
 * which React Router's page script imports only after it has registered the page's route modules:
 * started when the shell is evaluated, hydration could run before them (a route module waiting for
 * its texts kept the registration back, and the router found none).
 */
export async function hydrate(): Promise<void> {
  const lang = document.documentElement.lang;
  const [, sharedConfig] = await Promise.all([
    ensureLocale(isLocale(lang) ? lang : "ru"),
    loadSharedConfig(document),
  ]);

  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <SharedConfigContext value={sharedConfig}>
          <HydratedRouter instrumentations={[chunkLoadGuard]} />
        </SharedConfigContext>
      </StrictMode>,
    );
  });

  registerServiceWorker();
}
