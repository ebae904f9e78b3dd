import { isLocale } from "@unaa/contracts";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { chunkLoadGuard } from "./lib/chunk-guard.ts";
import { ensureLocale } from "./lib/i18n.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";
import { loadSharedConfig, SharedConfigContext } from "./lib/shared-config.ts";

// The page's texts and the shared configuration (loaded once, at start: S2.13) must be there before
// hydration, or the first render would differ from the HTML.
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
