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

/** The JavaScript modules of the routes a path matches (those the router knows of so far). */
export function routeModuleUrls(pathname: string): string[] {
  if (typeof window === "undefined") return [];
  const manifest = window.__reactRouterManifest;
  const router = window.__reactRouterDataRouter;
  if (!manifest || !router) return [];
  return (matchRoutes(router.routes, pathname) ?? []).flatMap((match) => {
    const entry = manifest.routes[match.route.id];
    return entry?.module ? [entry.module, ...(entry.imports ?? [])] : [];
  });
}

/** Warms the module cache with the route modules of a path, so navigating there is instant. */
export function preloadRoute(href: string): void {
  if (typeof window === "undefined") return;
  for (const url of routeModuleUrls(new URL(href, window.location.href).pathname)) {
    void queue.enqueue(url, () => import(/* @vite-ignore */ url));
  }
}
