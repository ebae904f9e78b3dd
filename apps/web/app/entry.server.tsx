import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";
import { contentSecurityPolicy, tileOrigin } from "@unaa/contracts";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { serverContext } from "#server-context";
import { SharedConfigContext } from "./lib/shared-config.ts";

export const streamTimeout = 5_000;

const SCRIPT_OPEN = "<script";
const SCRIPT_CLOSE = "</script>";

interface ScriptTag {
  /** What follows `<script` up to the tag's `>`. */
  attributes: string;
  /** The bytes of an inline script (a tag without `src`), up to the first `</script>`. */
  inlineBody: Buffer | null;
}

/**
 * The page's `<script>` tags, read from its bytes: a list page's HTML as a string costs more than
 * its render's React work (decoding 147 KB of UTF-8 took 1.9 ms here, flattening it for a search
 * another 1, encoding it back 0.4), while `indexOf` on the bytes finds the few tags in microseconds.
 */
function scriptTags(page: Buffer): ScriptTag[] {
  const tags: ScriptTag[] = [];
  let at = page.indexOf(SCRIPT_OPEN);
  while (at !== -1) {
    const nameEnd = at + SCRIPT_OPEN.length;
    const tagEnd = page.indexOf(">", nameEnd);
    if (tagEnd === -1) break;
    const attributes = page.toString("utf8", nameEnd, tagEnd);
    // `<script>` or `<script …>`, not `<scripts>`; an inline one's body ends at the first closing tag.
    const isTag = /^(?:\s|$)/.test(attributes);
    if (isTag && !/\bsrc=/.test(attributes)) {
      const close = page.indexOf(SCRIPT_CLOSE, tagEnd + 1);
      if (close === -1) break;
      tags.push({ attributes, inlineBody: page.subarray(tagEnd + 1, close) });
      at = page.indexOf(SCRIPT_OPEN, close + SCRIPT_CLOSE.length);
    } else {
      if (isTag) tags.push({ attributes, inlineBody: null });
      at = page.indexOf(SCRIPT_OPEN, nameEnd);
    }
  }
  return tags;
}

/** The hashes of inline script bodies, as the browser computes them: SHA-256 of their UTF-8 bytes. */
function hashesOf(tags: readonly ScriptTag[]): string[] {
  const hashes = new Set<string>();
  for (const { inlineBody } of tags) {
    if (inlineBody?.length)
      hashes.add(`'sha256-${createHash("sha256").update(inlineBody).digest("base64")}'`);
  }
  return [...hashes];
}

const EXTERNAL_ORIGIN = /\ssrc="(https:\/\/[^"/]+)/;

function originsOf(tags: readonly ScriptTag[]): string[] {
  const origins = tags.map(({ attributes }) => EXTERNAL_ORIGIN.exec(attributes)?.[1]);
  return [...new Set(origins)].filter((origin): origin is string => !!origin);
}

/** The hashes of the page's inline scripts: the only inline scripts its CSP lets run. */
export function inlineScriptHashes(page: Buffer): string[] {
  return hashesOf(scriptTags(page));
}

/** Origins of the page's third-party scripts (the configured analytics tag, if any). */
export function externalScriptOrigins(page: Buffer): string[] {
  return originsOf(scriptTags(page));
}

/** The shared policy (contracts) plus this page's inline scripts and analytics origin, and the map tiles' origin. */
export function pageContentSecurityPolicy(page: Buffer, mapTileUrl?: string): string {
  const tiles = mapTileUrl ? tileOrigin(mapTileUrl) : null;
  const tags = scriptTags(page);
  return contentSecurityPolicy({
    inlineScriptHashes: hashesOf(tags),
    thirdPartyOrigins: originsOf(tags),
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

const MANIFEST_START = "window.__reactRouterManifest = ";
const ROUTE_MODULES_START = "window.__reactRouterRouteModules = {";
const ROUTE_MANIFEST =
  /window\.__reactRouterManifest = (\{[\s\S]*?\});\n\s*window\.__reactRouterRouteModules = \{([^}]*)\}/;

/**
 * The route manifest React Router inlines into the page (the routes of this path and of its parent
 * paths), without its indentation and without repeating modules: each route's `imports` lose those
 * the entry or an earlier route of the page already lists. The page loads all of those anyway, and
 * the list React Router derives from the manifest (the entry's imports, then each route's module and
 * imports) keeps its order. Half the page's bytes of script on a page with little content.
 */
export function compactRouteManifest(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const at = page.indexOf(MANIFEST_START);
  const modulesAt = at === -1 ? -1 : page.indexOf(ROUTE_MODULES_START, at);
  const end = modulesAt === -1 ? -1 : page.indexOf("}", modulesAt + ROUTE_MODULES_START.length);
  if (end === -1) return page;
  const script = page.toString("utf8", at, end + 1);
  let compact = compactScripts.get(script);
  if (compact === undefined) {
    compact = compactManifestScript(script);
    if (compactScripts.size >= COMPACT_SCRIPTS_KEPT) compactScripts.clear();
    compactScripts.set(script, compact);
  }
  if (compact === script) return page;
  return Buffer.concat([page.subarray(0, at), Buffer.from(compact), page.subarray(end + 1)]);
}

/**
 * Compacted scripts by the script React Router wrote: it depends only on the build and the page's
 * routes, so each route's is worked out once (a parse and a write of its JSON, ~50 µs a page).
 */
const compactScripts = new Map<string, string>();
/** More than there are routes in both languages' tables: the map is cleared if it ever fills. */
const COMPACT_SCRIPTS_KEPT = 500;

/** `compactRouteManifest` on the script from the manifest to the route modules' list. */
function compactManifestScript(script: string): string {
  const found = ROUTE_MANIFEST.exec(script);
  if (!found) return script;
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
  const start = found.index + MANIFEST_START.length;
  return `${script.slice(0, start)}${JSON.stringify(manifest)}${script.slice(start + (found[1] ?? "").length)}`;
}

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const PAGE_STYLESHEET = Buffer.from('data-precedence="page"');
const HEAD_END = Buffer.from("</head>");
const HEAD_LINK = /<link rel="(modulepreload|stylesheet)" href="([^"#]+)#?"( data-precedence="page")?\/>/g;

/**
 * The page's head in the order a first paint wants, each file once:
 *
 * - Module preloads at the end of the head, after the stylesheets. React hoists those links
 *   (`<Scripts />` renders them in the body) ahead of the head's own children, so a browser found
 *   some hundred scripts to fetch before the stylesheets that block the first paint, and on HTTP/1.1
 *   (six connections) fetched them first.
 * - A page's own stylesheets (`preinit` with the precedence "page", routes/car.tsx) after the
 *   route's, as React Router's links would have put them: React writes them at the top of the head,
 *   where the shell's stylesheet, after them, would win their ties.
 * - A file the route's links name already (a page's module imports the shell too) is left out.
 *
 * Hoisted links are not hydrated by position, so hydration is unchanged.
 */
export function stylesheetsFirst(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = page.indexOf(HEAD_END);
  const preloadAt = page.indexOf(MODULE_PRELOAD);
  const pageStyleAt = page.indexOf(PAGE_STYLESHEET);
  if ((preloadAt === -1 || preloadAt > headEnd) && (pageStyleAt === -1 || pageStyleAt > headEnd)) return page;
  const named = new Set<string>();
  const preloads: string[] = [];
  const pageStylesheets: string[] = [];
  let lastStylesheetEnd = -1;
  let kept = "";
  let from = 0;
  const head = page.subarray(0, headEnd).toString("latin1");
  for (const link of head.matchAll(HEAD_LINK)) {
    const [tag, rel, href, isPageStylesheet] = link;
    if (rel === "stylesheet" && !isPageStylesheet) {
      named.add(href ?? "");
      lastStylesheetEnd = kept.length + (link.index - from) + tag.length;
      continue;
    }
    kept += head.slice(from, link.index);
    from = link.index + tag.length;
    (rel === "modulepreload" ? preloads : pageStylesheets).push(tag);
  }
  kept += head.slice(from);
  const once = (tags: string[]) =>
    tags.filter((tag) => {
      const href = /href="([^"#]+)/.exec(tag)?.[1] ?? "";
      if (named.has(href)) return false;
      named.add(href);
      return true;
    });
  const styles = once(pageStylesheets).join("");
  const at = lastStylesheetEnd === -1 ? kept.length : lastStylesheetEnd;
  const ordered = kept.slice(0, at) + styles + kept.slice(at) + once(preloads).join("");
  return Buffer.concat([Buffer.from(ordered, "latin1"), page.subarray(headEnd)]);
}

/**
 * The routes a parent path matches, by path, for each build's manifest: the same on every page below
 * it ("/" on all of them), and matching one costs ~0.1 ms (the route-pattern matcher compiles each
 * candidate's path again).
 */
const parentRoutesByBuild = new WeakMap<EntryContext["manifest"], Map<string, string[]>>();
/** Parent paths are the site's sections, marks and models; the map is cleared if it ever fills. */
const PARENT_PATHS_KEPT = 5_000;

/**
 * The page's router context as `ServerRouter` is to render it:
 *
 * - Only the routes the page uses: those it matched, and those of its parent paths ("/car" and "/"
 *   for "/car/toyota"), which are all React Router tells the browser of at first (its route
 *   discovery, `getPartialManifest`). `ServerRouter` builds a route object, then a data route, for
 *   every route of the manifest it is given, on every page: 160 of each from the whole table of both
 *   languages, ~6 % of a page without data's CPU, for a page that renders three.
 * - Without the route-pattern matcher's flag in what the browser is handed: the matcher is the
 *   server's alone (server.ts `loadServerBuild`), and a browser told of the flag refuses to hydrate
 *   without the matcher's code, which it does not load.
 */
export function pageRouterContext(context: EntryContext): EntryContext {
  const { matches, location, _match: match } = context.staticHandlerContext;
  const ids = new Set(matches.map((found) => found.route.id));
  const segments = location.pathname.split("/").filter(Boolean);
  let parentRoutes = parentRoutesByBuild.get(context.manifest);
  if (!parentRoutes) {
    parentRoutes = new Map();
    parentRoutesByBuild.set(context.manifest, parentRoutes);
  }
  for (let length = 0; length < segments.length; length++) {
    const path = `/${segments.slice(0, length).join("/")}`;
    let found = parentRoutes.get(path);
    if (!found) {
      found = (match(path) ?? []).map((parent) => parent.route.id);
      if (parentRoutes.size >= PARENT_PATHS_KEPT) parentRoutes.clear();
      parentRoutes.set(path, found);
    }
    for (const id of found) ids.add(id);
  }
  const routes: EntryContext["manifest"]["routes"] = {};
  for (const id of ids) routes[id] = context.manifest.routes[id];
  const handoff = context.serverHandoffString?.replace(/"unstable_routePatternMatching":true,?/, "");
  return {
    ...context,
    manifest: { ...context.manifest, routes },
    ...(handoff === undefined ? {} : { serverHandoffString: handoff }),
  };
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
      // The page is sent whole (below), so nothing is gained by React moving a large finished
      // Suspense boundary to the end of the document to paint the rest sooner: the part would stay
      // hidden until a script put it back, and a page without scripts would never show it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          const page = stylesheetsFirst(compactRouteManifest(Buffer.concat(chunks)));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set(
            "Content-Security-Policy",
            pageContentSecurityPolicy(page, sharedConfig.mapTiles.url),
          );
          resolve(new Response(page, { headers: responseHeaders, status }));
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
        <ServerRouter context={pageRouterContext(routerContext)} url={request.url} />
      </SharedConfigContext>,
      options,
    );
  });
}
