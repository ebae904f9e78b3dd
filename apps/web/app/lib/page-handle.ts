import type { Params, UIMatch } from "react-router";

/** One breadcrumb: a translation key (with values) or a text shown as is (user content). */
export interface Crumb {
  key?: string;
  values?: Record<string, string>;
  text?: string;
  /** Where the crumb links; defaults to the path of the route that added it. */
  to?: string;
}

export interface PageHandle {
  /** The crumbs this route adds to the trail; the last crumb of the page is its title. */
  breadcrumbs?: (params: Params, data: unknown) => Crumb[];
  /** Forces a colour mode for this page; "system" is refused with a warning (spec S4.17). */
  colorMode?: string;
  /** The page's own document title, description and canonical path, from its loader data. */
  head?: (params: Params, data: unknown) => DocumentHead;
}

/** What a page tells search engines beyond its last crumb (catalogue pages name the whole car). */
export interface DocumentHead {
  /** The `<title>` (before " · site name"); the last crumb when absent. */
  title?: Crumb;
  /** The meta description; the site's description when absent. */
  description?: Crumb;
  /** The canonical path with its query (e.g. `/catalog/kamaz?kind=commercial`); the path when absent. */
  canonical?: string;
  /** The social-sharing image (a path on this site or an absolute URL); the site's image when absent. */
  image?: string;
}

/** The head of the deepest route that declares one (a route whose loader failed has none). */
export function documentHeadOf(matches: UIMatch[]): DocumentHead {
  for (const match of [...matches].reverse()) {
    const head = (match.handle as PageHandle | undefined)?.head;
    if (!head) continue;
    try {
      return head(match.params, match.loaderData);
    } catch {
      return {};
    }
  }
  return {};
}

/** A handle whose only crumb is the page's title key, `page.{name}.title`. */
export function pageHandle(name: string, extra: Omit<PageHandle, "breadcrumbs"> = {}): PageHandle {
  return { breadcrumbs: () => [{ key: `page.${name}.title` }], ...extra };
}

export interface TrailItem extends Crumb {
  to: string;
}

/** The breadcrumb trail of the current matches, outermost first. */
export function crumbsOf(matches: UIMatch[]): TrailItem[] {
  const trail: TrailItem[] = [];
  for (const match of matches) {
    const handle = match.handle as PageHandle | undefined;
    if (!handle?.breadcrumbs) continue;
    let crumbs: Crumb[];
    try {
      crumbs = handle.breadcrumbs(match.params, match.loaderData);
    } catch {
      // A route whose loader failed has no data to name its crumbs: the error page shows instead.
      continue;
    }
    for (const crumb of crumbs) trail.push({ ...crumb, to: crumb.to ?? match.pathname });
  }
  return trail;
}

/** The forced colour mode requested by the deepest route that asks for one. */
export function requestedColorMode(matches: UIMatch[]): string | undefined {
  for (const match of [...matches].reverse()) {
    const mode = (match.handle as PageHandle | undefined)?.colorMode;
    if (mode !== undefined) return mode;
  }
  return undefined;
}
