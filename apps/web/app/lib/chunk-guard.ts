import type { ClientInstrumentation } from "react-router";
import { fatalErrorStore } from "./app-state.ts";
import { shouldReloadAfterChunkError } from "./chunk-reload.ts";
import { routeModuleUrls } from "./route-preload.ts";

/**
 * A failed chunk load causes a full reload, at most once per path within 10 seconds (spec S4.20).
 * React Router reloads the current page on any failed route module, without a limit; so before each
 * client navigation this loads the target's modules itself: when one fails, it loads the target
 * page afresh (once per path in 10 s) or, when that was already tried, shows the error page.
 */
export const chunkLoadGuard: ClientInstrumentation = {
  router({ instrument }) {
    instrument({
      async navigate(_navigate, info) {
        if (typeof info.to !== "string") return;
        const target = new URL(info.to, new URL(info.currentUrl, window.location.href));
        const modules = routeModuleUrls(target.pathname);
        const results = await Promise.allSettled(modules.map((url) => import(/* @vite-ignore */ url)));
        const failure = results.find((result) => result.status === "rejected");
        if (!failure) return;
        console.error(`Failed to load the page ${target.pathname}`, failure.reason);
        if (shouldReloadAfterChunkError(target.pathname, window.sessionStorage)) {
          window.location.assign(target.href);
        } else {
          fatalErrorStore.set({ status: 500, messageKey: "error.500" });
        }
        // Never hand over to the router: it would reload again, without a limit.
        await new Promise(() => {});
      },
    });
  },
};
