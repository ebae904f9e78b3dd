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

/**
 * Fetches one module into the browser's module map with `<link rel="modulepreload">`: one request,
 * nothing run. (An `import()` would also fetch every module it imports at once, outside the queue:
 * a list page's route pulls dozens.) The manifest lists those imports, so each gets its own turn.
 */
function fetchModule(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = url;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new Error(`Failed to preload ${url}`));
    };
    document.head.append(link);
  });
}

/** Warms the module cache with the route modules of a path, so navigating there is instant. */
export function preloadRoute(href: string): void {
  if (typeof window === "undefined") return;
  for (const url of routeModuleUrls(new URL(href, window.location.href).pathname)) {
    void queue.enqueue(url, () => fetchModule(url));
  }
}
