// The server: Fastify with the API (/api), socket.io (/api/socket) and the React Router pages, in
// one process, or in several that share the port (decision 081, `config.processes`).
// `npm start` (scripts/start.ts) serves the production build with NODE_ENV=production; so does
// `NODE_ENV=production node apps/web/server.ts`. `--dev` runs Vite in middleware mode.
import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import middie from "@fastify/middie";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import {
  type Config,
  ConfigError,
  createApp,
  createStorage,
  type DatabaseHandle,
  defaultPublicOrigin,
  isDatabaseEmpty,
  loadConfig,
  openDatabase,
  seedDatabase,
} from "@unaa/api";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { type RouterContext, RouterContextProvider, type ServerBuild } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";
import type { RunnableDevEnvironment, ViteDevServer } from "vite";
import { serverContext as builtServerContext, type ServerContext } from "#server-context";
import { isPhoneRequest, pageCookies, pageResponses } from "./page-responses.ts";
import { COMPRESSIBLE } from "./precompress.ts";
import { serveInProcesses } from "./server-processes.ts";

const webRoot = path.dirname(fileURLToPath(import.meta.url));
/** How long a guest's page is kept, and how many pages at most (decision 041). */
const PAGE_CACHE_MS = 5_000;
const PAGE_CACHE_PAGES = 500;

export interface StartedServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config, options: { dev?: boolean } = {}): Promise<StartedServer> {
  const database: DatabaseHandle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const app = await createApp({ config, database });
  await seedIfNew(config, database, app.log);

  // Browsers ask for /favicon.ico whatever the page says; answer with the real icon.
  app.get("/favicon.ico", { schema: { hide: true } }, (_request, reply) =>
    reply.redirect("/favicon.svg", 301),
  );

  app.addHook("onSend", async (request, reply) => {
    // The build id file must never be cached: open tabs poll it to learn that a new version is out.
    if (request.url.startsWith("/builds/")) reply.header("cache-control", "no-cache");
    // Static text files go out in the build's brotli or gzip copy or as they are, by Accept-Encoding.
    if (COMPRESSIBLE.test(request.url.split("?")[0] ?? "") && !reply.hasHeader("vary")) {
      reply.header("vary", "accept-encoding");
    }
    // A page's own time on the server (its loaders and render, from the request's arrival), for
    // browsers' developer tools and `npm run bench`. Pages are React Router's catch-all route.
    if (request.routeOptions.url === "*") {
      reply.header("server-timing", `ssr;dur=${reply.elapsedTime.toFixed(1)}`);
    }
  });

  let vite: ViteDevServer | undefined;
  // Loaders see the context token of the module graph they run in: in production the built bundle
  // shares ours; in development Vite's runner has its own instance, renewed when files change.
  let contextToken = async (): Promise<RouterContext<ServerContext>> => builtServerContext;
  if (options.dev) {
    const { createServer } = await import("vite");
    vite = await createServer({
      root: webRoot,
      appType: "custom",
      server: { middlewareMode: true, hmr: { server: app.server } },
    });
    await app.register(middie);
    app.use(vite.middlewares);
    const ssr = vite.environments.ssr as RunnableDevEnvironment;
    contextToken = async () =>
      ((await ssr.runner.import("#server-context")) as { serverContext: RouterContext<ServerContext> })
        .serverContext;
  }

  // A first visit fetches dozens of hashed assets: a log line each would drown the rest at `info`.
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/assets/")) route.logLevel = "warn";
  });

  await app.register(fastifyReactRouter, {
    devServer: vite,
    // The server build as a module, imported once: React Router derives its routes and request
    // handler from it once, here. (Given only the path, the adapter would hand React Router a
    // loader function, and the routes and handler would be derived again on every request.)
    // Development loads it from Vite on each request instead, to pick up edits.
    build: vite ? undefined : await loadServerBuild(),
    clientBuildDirectory: path.join(webRoot, "build/client"),
    // Hashed file names never change content: cache them for a year. Other files: 10 minutes.
    assetCacheControl: "public, max-age=31536000, immutable",
    fileCacheControl: "public, max-age=600",
    // The build's own brotli and gzip copies (scripts/web-build.ts), sent as they are.
    staticOptions: { preCompressed: true },
    // Pages buffered and compressed once; guests' pages kept for a few seconds (not in development,
    // where an edit must show at once).
    routeOptions: pageResponses({ ttlMs: vite ? 0 : PAGE_CACHE_MS, maxPages: PAGE_CACHE_PAGES }),
    async getLoadContext(request) {
      const context = new RouterContextProvider();
      // The signed-in viewer by the `unaa_session` cookie, for the page gates (null for guests);
      // pages see only the cookies that key the page cache.
      const viewer = await app.services.resolveViewer(request.cookies);
      context.set(await contextToken(), {
        services: app.services,
        requestId: request.id,
        viewer,
        cookies: pageCookies(request.cookies),
        isPhone: isPhoneRequest(request.headers),
      });
      return context;
    },
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  // PORT=0 without PUBLIC_ORIGIN: the default origin names the port the server really got.
  if (config.publicOrigin === defaultPublicOrigin(0)) config.publicOrigin = defaultPublicOrigin(port);

  let isClosing = false;
  return {
    app,
    url,
    async close() {
      if (isClosing) return;
      isClosing = true;
      // Stop accepting, let in-flight requests finish, close sockets (preClose), then the database.
      await app.close();
      await vite?.close();
      await database.close();
    },
  };
}

/** A new database gets the reference data, and the demo data when SEED_DEMO says so. */
async function seedIfNew(
  config: Config,
  database: DatabaseHandle,
  log: Pick<FastifyBaseLogger, "info" | "warn">,
): Promise<void> {
  if (!(await isDatabaseEmpty(database.db))) return;
  if (config.seedDemo) {
    log.warn(
      "new database: seeding reference and demo data, demo accounts included (their password is in the README; SEED_DEMO=false for a site without them)",
    );
  } else {
    log.info("new database: seeding reference data");
  }
  await seedDatabase(
    database.db,
    { info: (message) => log.info(message) },
    config.seedDemo ? { demoUsers: true, demoAds: { storage: createStorage(config) } } : {},
  );
}

/**
 * The production server build, matching addresses with React Router's route-pattern matcher: it
 * compiles the route table once, where the default matcher compiles a pattern per route each time
 * it matches (three times a request, over every page with and without the locale prefix, 0.39 ms
 * a match against 0.10 ms). Only the server's matching changes: the browser keeps its own.
 */
async function loadServerBuild(): Promise<ServerBuild> {
  const build = (await import(
    pathToFileURL(path.join(webRoot, "build/server/index.js")).href
  )) as ServerBuild;
  unstable_preloadRoutePattern();
  // The build's type knows only the framework's future flags; its static handler reads the router's.
  const future: ServerBuild["future"] = Object.assign({}, build.future, {
    unstable_routePatternMatching: true,
  });
  return { ...build, future };
}

function isMain(): boolean {
  const entry = process.argv[1];
  return entry !== undefined && path.resolve(entry) === fileURLToPath(import.meta.url);
}

/** How long a stopping server keeps answering on open connections, each answer closing its own. */
const SHUTDOWN_DRAIN_MS = 1000;

/** Starts the server as configured by the environment, and stops it on SIGTERM and SIGINT. */
export async function serve(options: { dev: boolean } = { dev: false }): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (!options.dev && config.processes > 1 && cluster.isPrimary) {
    // Several processes (decision 081): this one migrates and seeds, then runs the copies that serve.
    await serveInProcesses(config, async (log) => {
      const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
      try {
        await seedIfNew(config, database, log);
      } finally {
        await database.close();
      }
    });
    return;
  }
  const server = await startServer(config, options);
  if (!options.dev && !config.isProduction) {
    server.app.log.warn(
      "NODE_ENV is not production: React renders every page with its development build, several times slower (`npm start` sets it)",
    );
  }
  server.app.log.info(`Unaa is ready at ${server.url}`);
  let isStopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    // Once: a terminal's Ctrl+C reaches every process of several, and the first one forwards it too.
    process.on(signal, () => {
      if (isStopping) return;
      isStopping = true;
      server.app.log.info(`${signal}: shutting down`);
      const forceExit = setTimeout(() => process.exit(1), 10_000);
      forceExit.unref();
      // Requests already on their way over kept-alive connections are answered (and their
      // connections closed) rather than reset; then the server stops.
      server.app
        .drainConnections(SHUTDOWN_DRAIN_MS)
        .then(() => server.close())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            console.error(error);
            process.exit(1);
          },
        );
    });
  }
}

if (isMain()) await serve({ dev: process.argv.includes("--dev") });
