/**
 * A page's own texts (`pageTexts`, lib/i18n.ts) reach the browser only when its route module asks
 * for them (`await requireTexts(...)`). This reads the sources: for every route of the table, the
 * areas whose keys the route's modules use — everything they import, also on demand — must be asked
 * for by the route or a route around it; and what every page loads (the root, the layouts) must use
 * none of them. Otherwise a page would show keys in the browser where the server showed texts.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../routes.ts";
import { pageTexts } from "./i18n.ts";

const appDir = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const files = sourceFiles(appDir);
const sources = new Map(files.map((file) => [file, readFileSync(file, "utf8")]));

/** The app's modules a module imports, statically or on demand. */
function importsOf(file: string): string[] {
  const specifiers = [
    ...(sources.get(file) ?? "").matchAll(/(?:from\s+|import\(\s*)["'](\.[^"']+)["']/g),
  ].map((match) => match[1] as string);
  return specifiers.flatMap((specifier) => {
    const target = path.resolve(path.dirname(file), specifier);
    const found = [target, `${target}.ts`, `${target}.tsx`].find((candidate) => sources.has(candidate));
    return found ? [found] : [];
  });
}

function closure(start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of importsOf(file)) visit(next);
  };
  visit(start);
  return seen;
}

/** Each page area's top-level keys ("ad-form" → adForm, myAds), from the Russian files. */
const areaKeys = new Map(
  pageTexts.map((area) => {
    const messages = JSON.parse(readFileSync(path.join(appDir, "locales/ru", `${area}.json`), "utf8"));
    return [area, Object.keys(messages)] as const;
  }),
);

/** The page areas whose keys the modules name ("dashboard.x", `dashboard.${section}`). */
function areasUsedBy(modules: Iterable<string>): Set<string> {
  const used = new Set<string>();
  for (const file of modules) {
    const source = sources.get(file) ?? "";
    for (const [area, keys] of areaKeys) {
      if (keys.some((key) => new RegExp(`["'\`]${key}\\.[A-Za-z]`).test(source))) used.add(area);
    }
  }
  return used;
}

/** The areas a route module asks for. */
function areasAskedBy(file: string): string[] {
  const call = /await requireTexts\(([^)]*)\)/.exec(sources.get(file) ?? "");
  return call ? [...(call[1] as string).matchAll(/"([\w-]+)"/g)].map((match) => match[1] as string) : [];
}

/** Every route of the table with the files of the routes around it, root first. */
function routeChains(entries: RouteConfigEntry[], around: string[] = ["root.tsx"]): string[][] {
  return entries.flatMap((entry) => {
    const chain = [...around, entry.file];
    return [chain, ...routeChains(entry.children ?? [], chain)];
  });
}

describe("a page's own texts", () => {
  it("every route asks for the page areas its modules use, itself or through a route around it", () => {
    const chains = routeChains(routes);
    expect(chains.length).toBeGreaterThan(60);
    const missing: string[] = [];
    for (const chain of chains) {
      const page = path.join(appDir, chain.at(-1) as string);
      const asked = new Set(chain.flatMap((file) => areasAskedBy(path.join(appDir, file))));
      for (const area of areasUsedBy(closure(page))) {
        if (!asked.has(area)) missing.push(`${chain.at(-1)}: ${area}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("the root and the layouts, on every page, use none of them", () => {
    const shell = ["root.tsx", "layouts/default.tsx", "layouts/simple.tsx", "hydrate.tsx"].flatMap((file) => [
      ...closure(path.join(appDir, file)),
    ]);
    expect([...areasUsedBy(shell)]).toEqual([]);
  });

  it("a route asks only for areas it or a route inside it shows", () => {
    const chains = routeChains(routes);
    const extra: string[] = [];
    for (const file of new Set(chains.map((chain) => chain.at(-1) as string))) {
      const inside = chains.filter((chain) => chain.includes(file)).map((chain) => chain.at(-1) as string);
      const used = areasUsedBy(inside.flatMap((page) => [...closure(path.join(appDir, page))]));
      for (const area of areasAskedBy(path.join(appDir, file)))
        if (!used.has(area)) extra.push(`${file}: ${area}`);
    }
    expect(extra).toEqual([]);
  });
});
