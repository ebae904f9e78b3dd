import { createHash } from "node:crypto";
import { contentSecurityDirectives, contentSecurityPolicy } from "@unaa/contracts";
import fc from "fast-check";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  type EntryContext,
  Outlet,
  type RouteObject,
  Scripts,
  ServerRouter,
  type StaticHandlerContext,
} from "react-router";
import { describe, expect, it } from "vitest";
import {
  compactRouteManifest,
  externalScriptOrigins,
  inlineScriptHashes,
  pageContentSecurityPolicy,
  pageRouterContext,
  stylesheetsFirst,
} from "./entry.server.tsx";

describe("page CSP", () => {
  it("allows exactly the page's inline scripts, by hash", () => {
    const inline = 'window.__x = {"a":1};';
    const html = `<head><script>${inline}</script><script type="module" src="/assets/a.js"></script><script type="module">import("/b.js")</script></head>`;
    const expected = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([expected(inline), expected('import("/b.js")')]);
    const csp = pageContentSecurityPolicy(Buffer.from(html));
    expect(csp).toContain(`script-src 'self' ${expected(inline)}`);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp.split("; ").find((part) => part.startsWith("script-src"))).not.toContain("unsafe-inline");
  });

  it("finds the same inline scripts as the plain definition, whatever the markup around them", () => {
    // The definition: `<script>` or `<script …>` without a `src`, its body up to the first `</script>`.
    const definition = (html: string) => [
      ...new Set(
        [...html.matchAll(/<script(?![^>]*\bsrc=)(?:\s[^>]*)?>([\s\S]*?)<\/script>/g)]
          .map((match) => match[1] ?? "")
          .filter((body) => body.length > 0)
          .map((body) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`),
      ),
    ];
    const piece = fc.constantFrom(
      "<script>",
      "<script ",
      "<scripts>",
      '<script type="module">',
      '<script src="/a.js">',
      '<script data-src="x">',
      '<script type="module" src="/b.js">',
      "</script>",
      ">",
      "<",
      "src=",
      " ",
      "\n",
      "window.a = 1;",
      '{"k":"<\\/script>"}',
      'window.t = "Камри · Бишкек";',
      "<p>text</p>",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const html = pieces.join("");
        expect(inlineScriptHashes(Buffer.from(html))).toEqual(definition(html));
      }),
      { numRuns: 2000 },
    );
  });

  it("[S7.31] allows the origin of a configured analytics tag, and nothing else", () => {
    const page =
      '<script async src="https://mc.example.org/tag.js"></script><script src="/assets/a.js"></script>';
    expect(externalScriptOrigins(Buffer.from(page))).toEqual(["https://mc.example.org"]);
    const csp = pageContentSecurityPolicy(Buffer.from(page));
    expect(csp).toContain("script-src 'self' https://mc.example.org");
    expect(csp).toContain("connect-src 'self' https://mc.example.org;");
    expect(externalScriptOrigins(Buffer.from('<script src="/assets/a.js"></script>'))).toEqual([]);
  });

  it("lets scripts connect only to the site's own origin (no ws: or wss: to any host)", () => {
    const connect = contentSecurityPolicy()
      .split("; ")
      .find((part) => part.startsWith("connect-src"));
    expect(connect).toBe("connect-src 'self'");
  });

  it("comes from the same directives as the API's policy, adding only the page's own script sources", () => {
    // A page without scripts gets exactly the policy every API response carries (http-hardening.ts).
    expect(pageContentSecurityPolicy(Buffer.from("<p>no scripts</p>"))).toBe(contentSecurityPolicy());
    const inline = "window.a = 1;";
    const hash = `'sha256-${createHash("sha256").update(inline).digest("base64")}'`;
    const origin = "https://mc.example.org";
    const policy = pageContentSecurityPolicy(
      Buffer.from(`<script>${inline}</script><script src="${origin}/t.js"></script>`),
    );
    const page = new Map(policy.split("; ").map((part) => [part.split(" ")[0], part.split(" ").slice(1)]));
    const added: Record<string, string[]> = {
      "script-src": [origin, hash],
      "img-src": [origin],
      "connect-src": [origin],
    };
    expect([...page.keys()]).toEqual(Object.keys(contentSecurityDirectives));
    for (const [directive, shared] of Object.entries(contentSecurityDirectives)) {
      expect(page.get(directive), directive).toEqual([...shared, ...(added[directive] ?? [])]);
    }
  });
});

describe("compactRouteManifest", () => {
  const page = (manifest: object, modules: string) =>
    `<script type="module">import * as route0 from "/r.js";\n  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n  window.__reactRouterRouteModules = {${modules}};\n\nimport("/e.js");</script>`;
  const manifestOf = (html: string) =>
    JSON.parse(/__reactRouterManifest = ([\s\S]*?);\n\s*window/.exec(html)?.[1] ?? "null") as {
      entry: { imports: string[] };
      routes: Record<string, { module: string; imports: string[] }>;
    };
  /** The modules React Router preloads for the page's routes, in order (its getModuleLinkHrefs). */
  const preloads = (html: string, ids: string[]) => {
    const manifest = manifestOf(html);
    return [
      ...new Set([
        ...manifest.entry.imports,
        ...ids.flatMap((id) => [manifest.routes[id]?.module, ...(manifest.routes[id]?.imports ?? [])]),
      ]),
    ];
  };

  it("drops the indentation and the imports an earlier module list has, keeping the page's preloads", () => {
    const manifest = {
      entry: { module: "/e.js", imports: ["/react.js", "/i18n.js"] },
      routes: {
        root: { id: "root", module: "/root.js", imports: ["/react.js", "/i18n.js", "/mantine.js"] },
        "routes/favorites": {
          id: "routes/favorites",
          module: "/fav.js",
          imports: ["/react.js", "/mantine.js", "/card.js"],
        },
        "routes/home": {
          id: "routes/home",
          module: "/home.js",
          imports: ["/mantine.js", "/card.js", "/hero.js"],
        },
      },
      version: "1",
    };
    const html = page(manifest, '"root":route0,"routes/favorites":route1');
    const compact = compactRouteManifest(Buffer.from(html)).toString();
    expect(compact.length).toBeLessThan(html.length);
    expect(compact).toContain('window.__reactRouterManifest = {"entry":');
    const routes = manifestOf(compact).routes;
    expect(routes.root?.imports).toEqual(["/mantine.js"]);
    expect(routes["routes/favorites"]?.imports).toEqual(["/card.js"]);
    // A route the page does not show keeps what the page does not load.
    expect(routes["routes/home"]?.imports).toEqual(["/hero.js"]);
    const ids = ["root", "routes/favorites"];
    expect(preloads(compact, ids)).toEqual(preloads(html, ids));
    expect(
      compact.endsWith(
        'window.__reactRouterRouteModules = {"root":route0,"routes/favorites":route1};\n\nimport("/e.js");</script>',
      ),
    ).toBe(true);
  });

  it("leaves a page without a manifest as it is", () => {
    const page = Buffer.from("<p>no scripts</p>");
    expect(compactRouteManifest(page)).toBe(page);
  });
});

describe("stylesheetsFirst", () => {
  it("moves the head's module preloads after its stylesheets, in their order, and keeps everything else in place", () => {
    const head =
      '<head><meta charSet="utf-8"/><link rel="preload" as="image" href="/a.webp"/>' +
      '<link rel="modulepreload" href="/e.js"/><link rel="modulepreload" href="/shell.js"/>' +
      '<script>colour()</script><link rel="stylesheet" href="/shell.css"/><link rel="stylesheet" href="/page.css"/></head>';
    const body = '<body><p>Ссылка</p><link rel="modulepreload" href="/later.js"/></body>';
    const page = stylesheetsFirst(Buffer.from(head + body)).toString();
    expect(page).toBe(
      '<head><meta charSet="utf-8"/><link rel="preload" as="image" href="/a.webp"/>' +
        '<script>colour()</script><link rel="stylesheet" href="/shell.css"/><link rel="stylesheet" href="/page.css"/>' +
        '<link rel="modulepreload" href="/e.js"/><link rel="modulepreload" href="/shell.js"/></head>' +
        body,
    );
  });

  it("keeps one link of a module the head preloads twice, the first", () => {
    const head =
      '<head><link rel="modulepreload" href="/shell.js"/><link rel="modulepreload" href="/page.js"/>' +
      '<link rel="stylesheet" href="/shell.css"/><link rel="modulepreload" href="/shell.js"/></head>';
    expect(stylesheetsFirst(Buffer.from(`${head}<body></body>`)).toString()).toBe(
      '<head><link rel="stylesheet" href="/shell.css"/>' +
        '<link rel="modulepreload" href="/shell.js"/><link rel="modulepreload" href="/page.js"/></head><body></body>',
    );
  });

  it("puts a page's own stylesheets after the route's, without the files the route links already", () => {
    const head =
      '<head><link rel="stylesheet" href="/page.css" data-precedence="page"/>' +
      '<link rel="stylesheet" href="/shell.css" data-precedence="page"/><meta name="x"/>' +
      '<link rel="stylesheet" href="/shell.css#"/><link rel="stylesheet" href="/route.css#"/>' +
      '<link rel="modulepreload" href="/page.js"/><script>colour()</script></head>';
    expect(stylesheetsFirst(Buffer.from(`${head}<body></body>`)).toString()).toBe(
      '<head><meta name="x"/><link rel="stylesheet" href="/shell.css#"/><link rel="stylesheet" href="/route.css#"/>' +
        '<link rel="stylesheet" href="/page.css" data-precedence="page"/>' +
        '<script>colour()</script><link rel="modulepreload" href="/page.js"/></head><body></body>',
    );
  });

  it("leaves a page without module preloads, or without a head, as it is", () => {
    const plain = Buffer.from('<head><link rel="stylesheet" href="/s.css"/></head><body></body>');
    expect(stylesheetsFirst(plain)).toBe(plain);
    const fragment = Buffer.from('<link rel="modulepreload" href="/e.js"/>');
    expect(stylesheetsFirst(fragment)).toBe(fragment);
  });
});

describe("pageRouterContext", () => {
  // A route table as the build gives it: the manifest (what the browser may be told) and the modules.
  const table: { id: string; parentId?: string; path?: string; index?: true }[] = [
    { id: "root", path: "" },
    { id: "home", parentId: "root", index: true },
    { id: "about", parentId: "root", path: "about" },
    { id: "catalog", parentId: "root", path: "catalog/:mark" },
    { id: "car", parentId: "root", path: "car" },
    { id: "car-index", parentId: "car", index: true },
    { id: "mark", parentId: "car", path: ":mark" },
    { id: "mark-index", parentId: "mark", index: true },
    { id: "model", parentId: "mark", path: ":model" },
    { id: "not-found", parentId: "root", path: "*" },
  ];
  const manifest: EntryContext["manifest"] = {
    entry: { module: "/entry.js", imports: ["/react.js"] },
    url: "/manifest.js",
    version: "1",
    routes: Object.fromEntries(
      table.map((route) => [
        route.id,
        {
          ...route,
          module: `/${route.id}.js`,
          imports: [],
          css: [],
          hasAction: false,
          hasLoader: false,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: false,
          clientActionModule: undefined,
          clientLoaderModule: undefined,
          clientMiddlewareModule: undefined,
          hydrateFallbackModule: undefined,
        },
      ]),
    ),
  };
  const routeModules: EntryContext["routeModules"] = Object.fromEntries(
    table.map(({ id }) => [
      id,
      {
        default:
          id === "root"
            ? () => (
                <html lang="en">
                  <body>
                    <Outlet />
                    <Scripts />
                  </body>
                </html>
              )
            : () => (
                <section id={id}>
                  <Outlet />
                </section>
              ),
      },
    ]),
  );
  const tree = (parentId?: string): RouteObject[] =>
    table
      .filter((route) => route.parentId === parentId)
      .map(({ id, path, index }) =>
        index ? { id, index } : { id, ...(path === undefined ? {} : { path }), children: tree(id) },
      );

  async function entryContext(url: string): Promise<EntryContext> {
    const handled = await createStaticHandler(tree()).query(new Request(url));
    return {
      manifest,
      routeModules,
      staticHandlerContext: handled as StaticHandlerContext,
      future: {},
      ssr: true,
      isSpaMode: false,
      routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
      serverHandoffString: '{"future":{"unstable_routePatternMatching":true,"v9":false}}',
      branches: [],
    };
  }
  const render = (context: EntryContext, url: string) =>
    renderToString(<ServerRouter context={context} url={url} />);

  it("renders a page as the whole table does, from its routes and its parent paths' alone", async () => {
    for (const [url, kept] of [
      ["http://site/car/toyota/camry", ["root", "home", "car", "car-index", "mark", "mark-index", "model"]],
      ["http://site/about", ["root", "home", "about"]],
      ["http://site/no/such/page", ["root", "home", "not-found"]],
      ["http://site/", ["root", "home"]],
    ] as const) {
      const context = await entryContext(url);
      const page = pageRouterContext(context);
      expect(Object.keys(page.manifest.routes).sort()).toEqual([...kept].sort());
      // What the browser is told of (the manifest's routes for this path and its parents) and the
      // markup are the same; only the server's flag is left out of the handoff.
      const html = render(page, url);
      expect(html).toContain(`<section id="${kept.at(-1)}">`);
      expect(html).toBe(render(context, url).replace('"unstable_routePatternMatching":true,', ""));
    }
  });
});
