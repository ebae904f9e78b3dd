import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";
import { contentSecurityPolicy, tileOrigin } from "@unaa/contracts";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { serverContext } from "#server-context";
import { SharedConfigContext } from "./lib/shared-config.ts";

export const streamTimeout = 5_000;

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?:\s[^>]*)?>([\s\S]*?)<\/script>/g;

/** The hashes of the page's inline scripts: the only inline scripts its CSP lets run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? "";
    if (body.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return [...hashes];
}

const EXTERNAL_SCRIPT = /<script[^>]*\ssrc="(https:\/\/[^"/]+)[^"]*"/g;

/** Origins of the page's third-party scripts (the configured analytics tag, if any). */
export function externalScriptOrigins(html: string): string[] {
  return [...new Set([...html.matchAll(EXTERNAL_SCRIPT)].map((match) => match[1] ?? ""))].filter(Boolean);
}

/** The shared policy (contracts) plus this page's inline scripts and analytics origin, and the map tiles' origin. */
export function pageContentSecurityPolicy(html: string, mapTileUrl?: string): string {
  const tiles = mapTileUrl ? tileOrigin(mapTileUrl) : null;
  return contentSecurityPolicy({
    inlineScriptHashes: inlineScriptHashes(html),
    thirdPartyOrigins: externalScriptOrigins(html),
    ...(tiles ? { imageOrigins: [tiles] } : {}),
  });
}

interface ManifestRoute {
  module?: string;
  clientActionModule?: string;
  clientLoaderModule?: string;
  hydrateFallbackModule?: string;
  imports?: string[];
}

const ROUTE_MANIFEST =
  /window\.__reactRouterManifest = (\{[\s\S]*?\});\n\s*window\.__reactRouterRouteModules = \{([^}]*)\}/;

/**
 * The route manifest React Router inlines into the page (the routes of this path and of its parent
 * paths), without its indentation and without repeating modules: each route's `imports` lose those
 * the entry or an earlier route of the page already lists. The page loads all of those anyway, and
 * the list React Router derives from the manifest (the entry's imports, then each route's module and
 * imports) keeps its order. Half the page's bytes of script on a page with little content.
 */
export function compactRouteManifest(html: string): string {
  const found = ROUTE_MANIFEST.exec(html);
  if (!found) return html;
  const manifest = JSON.parse(found[1] ?? "") as {
    entry: { module: string; imports: string[] };
    routes: Record<string, ManifestRoute>;
  };
  const pageRoutes = [...(found[2] ?? "").matchAll(/"([^"]+)":route\d+/g)].map((match) => match[1] ?? "");
  const loaded = new Set(manifest.entry.imports);
  const ownImports = (route: ManifestRoute) => route.imports?.filter((url) => !loaded.has(url));
  for (const id of pageRoutes) {
    const route = manifest.routes[id];
    if (!route) continue;
    const modules = [
      route.module,
      route.clientActionModule,
      route.clientLoaderModule,
      route.hydrateFallbackModule,
    ];
    for (const url of modules) if (url) loaded.add(url);
    const imports = ownImports(route);
    for (const url of route.imports ?? []) loaded.add(url);
    route.imports = imports;
  }
  for (const [id, route] of Object.entries(manifest.routes)) {
    if (!pageRoutes.includes(id)) route.imports = ownImports(route);
  }
  const start = found.index + "window.__reactRouterManifest = ".length;
  return `${html.slice(0, start)}${JSON.stringify(manifest)}${html.slice(start + (found[1] ?? "").length)}`;
}

/**
 * The page's router context without the route-pattern matcher's flag in what the browser is handed:
 * the matcher is the server's alone (server.ts `loadServerBuild`), and a browser told of the flag
 * refuses to hydrate without the matcher's code, which it does not load.
 */
function withoutServerMatcher(context: EntryContext): EntryContext {
  const handoff = context.serverHandoffString?.replace(/"unstable_routePatternMatching":true,?/, "");
  return handoff === undefined ? context : { ...context, serverHandoffString: handoff };
}

/**
 * Renders the whole page before answering (no streaming), so the CSP header can list the hash of
 * every inline script the page carries (hydration data, scroll restoration, colour mode). The shared
 * configuration comes from the server's own copy: the browser loads it by its address, not with
 * the page.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const sharedConfig = await loadContext.get(serverContext).services.configService.getPublicConfig();
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const options: RenderToPipeableStreamOptions = {
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          const html = compactRouteManifest(Buffer.concat(chunks).toString("utf8"));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set(
            "Content-Security-Policy",
            pageContentSecurityPolicy(html, sharedConfig.mapTiles.url),
          );
          resolve(new Response(html, { headers: responseHeaders, status }));
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    };
    const { pipe, abort } = renderToPipeableStream(
      <SharedConfigContext value={sharedConfig}>
        <ServerRouter context={withoutServerMatcher(routerContext)} url={request.url} />
      </SharedConfigContext>,
      options,
    );
  });
}
