import { describe, expect, it } from "vitest";
import { type ClientManifest, firstLoadFiles, weighPages } from "./js-budget.ts";

/** root → layout → page, an entry with its own import, a sibling page that must not count. */
const manifest: ClientManifest = {
  entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
  routes: {
    root: { module: "/assets/root.js", imports: ["/assets/react.js", "/assets/ui.js"] },
    layout: { parentId: "root", module: "/assets/layout.js" },
    "routes/home": {
      parentId: "layout",
      module: "/assets/home.js",
      imports: ["/assets/ui.js", "/assets/card.js"],
    },
    "routes/about": { parentId: "layout", module: "/assets/about.js", imports: ["/assets/text.js"] },
  },
};

const sizes: Record<string, number> = {
  "/assets/entry.js": 1_000,
  "/assets/react.js": 60_000,
  "/assets/root.js": 5_000,
  "/assets/ui.js": 20_000,
  "/assets/layout.js": 2_000,
  "/assets/home.js": 3_000,
  "/assets/card.js": 4_000,
  "/assets/about.js": 500,
  "/assets/text.js": 700,
  "/assets/gallery.js": 6_000,
};

/** A module the home route loads for one of its pages, with a chunk it shares with the route. */
const pageChunks = {
  "features/gallery.tsx": { js: ["/assets/gallery.js", "/assets/ui.js"], css: ["/assets/gallery.css"] },
};

describe("first-load JavaScript of a page", () => {
  it("counts the entry and each route from the root to the page, with their imports, each file once", () => {
    expect(firstLoadFiles(manifest, "routes/home")).toEqual([
      "/assets/entry.js",
      "/assets/react.js",
      "/assets/root.js",
      "/assets/ui.js",
      "/assets/layout.js",
      "/assets/home.js",
      "/assets/card.js",
    ]);
  });

  it("adds the files of the page's own module when the route loads one, each file once", () => {
    expect(firstLoadFiles(manifest, "routes/home", "features/gallery.tsx", pageChunks).slice(-2)).toEqual([
      "/assets/card.js",
      "/assets/gallery.js",
    ]);
    expect(() => firstLoadFiles(manifest, "routes/home", "features/missing.tsx", pageChunks)).toThrow(
      'no module "features/missing.tsx"',
    );
  });

  it("sums the files' sizes and flags only the pages over their budget", () => {
    const weights = weighPages(
      manifest,
      pageChunks,
      [
        { page: "home", routeId: "routes/home", budgetKb: 95, targetKb: 90 },
        { page: "about", routeId: "routes/about", budgetKb: 89, targetKb: 60 },
        {
          page: "home with a gallery",
          routeId: "routes/home",
          pageModule: "features/gallery.tsx",
          budgetKb: 100,
          targetKb: 90,
        },
      ],
      (file) => sizes[file] ?? Number.NaN,
    );
    expect(weights.map(({ page, files, gzipBytes, isOver }) => ({ page, files, gzipBytes, isOver }))).toEqual(
      [
        { page: "home", files: 7, gzipBytes: 95_000, isOver: false },
        { page: "about", files: 7, gzipBytes: 89_200, isOver: true },
        { page: "home with a gallery", files: 8, gzipBytes: 101_000, isOver: true },
      ],
    );
  });

  it("refuses a route the manifest does not have, rather than weighing nothing", () => {
    expect(() => firstLoadFiles(manifest, "routes/missing")).toThrow('no route "routes/missing"');
  });
});
