import type { Params } from "react-router";
import type { Crumb } from "./page-handle.ts";

const levels = ["mark", "model", "generation", "complectation"] as const;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Catalogue slugs are lower-case Latin; anything else cannot be an entry. */
export function areCatalogSlugs(params: Params): boolean {
  return levels.every((level) => params[level] === undefined || SLUG.test(params[level]));
}

/** Catalogue › Mark › Model › …: one crumb per level present in the URL. */
export function catalogCrumbs(params: Params): Crumb[] {
  const crumbs: Crumb[] = [{ key: "page.catalog.title", to: "/catalog" }];
  let path = "/catalog";
  for (const level of levels) {
    const slug = params[level];
    if (!slug) break;
    path += `/${slug}`;
    crumbs.push({ text: slug, to: path });
  }
  return crumbs;
}
