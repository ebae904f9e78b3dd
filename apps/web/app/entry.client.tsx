import { isLocale } from "@unaa/contracts";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { chunkLoadGuard } from "./lib/chunk-guard.ts";
import { ensureLocale } from "./lib/i18n.ts";

// The page's texts must be loaded before hydration, or the first render would differ from the HTML.
const lang = document.documentElement.lang;
await ensureLocale(isLocale(lang) ? lang : "ru");

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter instrumentations={[chunkLoadGuard]} />
    </StrictMode>,
  );
});
