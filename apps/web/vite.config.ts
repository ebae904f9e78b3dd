import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Modules the server entry shares with the production SSR bundle: kept external so both load one
 * instance and context tokens match. (In development the server entry loads it through Vite.)
 */
const sharedWithServer = ["#server-context"];

/**
 * Gives every build an id: compiled into the client as `__BUILD_ID__` and written to
 * `build/client/builds/latest.json`, which open tabs poll to learn that a new version is out.
 */
function buildInfo(): Plugin {
  const id = process.env.NODE_ENV === "development" ? "dev" : randomUUID();
  return {
    name: "unaa-build-info",
    config: () => ({ define: { __BUILD_ID__: JSON.stringify(id) } }),
    writeBundle(options) {
      if (this.environment.name !== "client" || !options.dir) return;
      const dir = path.join(options.dir, "builds");
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "latest.json"), `${JSON.stringify({ id, timestamp: Date.now() })}\n`);
    },
  };
}

const THEME_CSS = "virtual:theme.css";

/**
 * `virtual:theme.css`: the theme's CSS variables and breakpoint classes (theme.ts), made once per
 * build and bundled with the root's stylesheet instead of written into every page.
 */
function themeCss(): Plugin {
  return {
    name: "unaa-theme-css",
    resolveId: (source) => (source === THEME_CSS ? `\0${THEME_CSS}` : undefined),
    async load(id) {
      if (id !== `\0${THEME_CSS}`) return;
      const themeModule = new URL("./app/theme.ts", import.meta.url).href;
      const { themeStylesheet } = (await import(themeModule)) as typeof import("./app/theme.ts");
      return themeStylesheet();
    },
  };
}

const PAGE_CHUNKS = "virtual:page-chunks";

/**
 * `virtual:page-chunks`: for each module the client loads with `import()`, by its path under `app/`,
 * the files that import fetches — its chunk and every chunk it imports statically (`js`), and their
 * stylesheets (`css`) — as URL paths. The client build (React Router builds it before the server)
 * collects them; the server build gets them, so a page can link the stylesheets and preload the
 * chunk its data needs (routes/car.tsx); the client gets an empty map. Also written to
 * `build/page-chunks.json` for the first-load budgets.
 */
function pageChunks(): Plugin {
  let chunks: Record<string, { js: string[]; css: string[] }> | undefined;
  const appDir = path.join(import.meta.dirname, "app");
  return {
    name: "unaa-page-chunks",
    resolveId: (source) => (source === PAGE_CHUNKS ? `\0${PAGE_CHUNKS}` : undefined),
    load(id) {
      if (id !== `\0${PAGE_CHUNKS}`) return;
      if (this.environment.name === "client") return "export default {};";
      if (!chunks && this.environment.mode === "build") {
        throw new Error(`${PAGE_CHUNKS}: the client build must run before the server build`);
      }
      return `export default ${JSON.stringify(chunks ?? {})};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const closure = (fileName: string, seen: Set<string>) => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === "chunk") for (const imported of chunk.imports) closure(imported, seen);
        return seen;
      };
      chunks = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.isDynamicEntry || !chunk.facadeModuleId?.startsWith(appDir))
          continue;
        const source = path.relative(appDir, chunk.facadeModuleId).split(path.sep).join("/");
        const files = [...closure(chunk.fileName, new Set())];
        const css = files.flatMap((file) => {
          const imported = bundle[file];
          return imported?.type === "chunk" ? [...(imported.viteMetadata?.importedCss ?? [])] : [];
        });
        chunks[source] = {
          js: files.map((file) => `/${file}`),
          css: [...new Set(css)].map((file) => `/${file}`),
        };
      }
    },
    writeBundle(options) {
      if (this.environment.name !== "client" || !options.dir || !chunks) return;
      writeFileSync(path.join(options.dir, "..", "page-chunks.json"), `${JSON.stringify(chunks, null, 2)}\n`);
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), buildInfo(), themeCss(), pageChunks()],
  environments: {
    ssr: { build: { rolldownOptions: { external: sharedWithServer } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: "shell", test: /\/app\/(root|hydrate)\.tsx/, priority: 10 }],
            },
          },
        },
      },
    },
  },
  build: {
    assetsInlineLimit: 0,
    // Browsers with native `light-dark()`: for older targets the minifier rewrites it into variables
    // keyed on a literal `color-scheme`, but Mantine sets `color-scheme: var(--mantine-color-scheme)`,
    // so every light-dark() colour vanished (borders, backgrounds). Native, it follows Mantine's scheme.
    cssTarget: ["chrome123", "edge123", "firefox120", "safari17.5"],
  },
});
