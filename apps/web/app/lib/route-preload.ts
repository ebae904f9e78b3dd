import { type DataRouteObject, matchRoutes } from "react-router";
import { createPreloadQueue, MAX_PARALLEL_PRELOADS } from "./preload-queue.ts";

interface ManifestRoute {
  module?: string;
  imports?: string[];
}

declare global {
  interface Window {
    __reactRouterManifest?: { routes: Record<string, ManifestRoute | undefined> };
    __reactRouterDataRouter?: { routes: DataRouteObject[] };
  }
}

// One queue for the whole page: at most 5 route preloads run at once (spec S2.12, S9.3).
const queue = createPreloadQueue(MAX_PARALLEL_PRELOADS);

/** Warms the module cache with the route modules of a path, so navigating there is instant. */
export function preloadRoute(href: string): void {
  if (typeof window === "undefined") return;
  const manifest = window.__reactRouterManifest;
  const router = window.__reactRouterDataRouter;
  if (!manifest || !router) return;
  const pathname = new URL(href, window.location.href).pathname;
  for (const match of matchRoutes(router.routes, pathname) ?? []) {
    const entry = manifest.routes[match.route.id];
    if (!entry?.module) continue;
    for (const url of [entry.module, ...(entry.imports ?? [])]) {
      void queue.enqueue(url, () => import(/* @vite-ignore */ url));
    }
  }
}
