import pageChunks from "virtual:page-chunks";
import { isLocale } from "@unaa/contracts";
import { preinit, preloadModule } from "react-dom";
import { serverContext } from "#server-context";
import { adListHead, loadAdList } from "../features/ads/ad-list-data.ts";
import { adPageCrumbs, adPageHead, loadAdPage } from "../features/ads/ad-page-data.ts";
import { requireTexts } from "../lib/i18n.ts";
import { isAdId, notFound } from "../lib/not-found.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/car.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("profile", "reviews");

/** At most mark, model and generation after `/car` (spec S2.4). */
export const MAX_CAR_SLUG_SEGMENTS = 3;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The two pages of this route, each its own chunk: an ad's first load does not fetch the list's
 * filters (comboboxes, number inputs, floating-ui), nor a list's the ad page (decision 088). The
 * server has both; the browser loads the one the address asks for before the page hydrates (the
 * server's HTML preloads its files) and, on a navigation, beside the page's data.
 */
const pageModules = {
  ad: { source: "features/ads/ad-page.tsx", load: () => import("../features/ads/ad-page.tsx") },
  list: { source: "features/ads/ad-list-page.tsx", load: () => import("../features/ads/ad-list-page.tsx") },
};
type PageKind = keyof typeof pageModules;
const loadedPages: {
  ad?: Awaited<ReturnType<typeof pageModules.ad.load>>;
  list?: Awaited<ReturnType<typeof pageModules.list.load>>;
} = {};

async function loadPage(kind: PageKind): Promise<void> {
  if (kind === "ad") loadedPages.ad ??= await pageModules.ad.load();
  else loadedPages.list ??= await pageModules.list.load();
}

/** The segments after `/car` decide: one that is an ad's id is an ad, anything else a listing. */
function pageKindOf(splat: string | undefined): PageKind {
  const segments = (splat ?? "").split("/").filter(Boolean);
  return segments.length === 1 && isAdId(segments[0]) ? "ad" : "list";
}

if (import.meta.env.SSR) {
  await Promise.all([loadPage("ad"), loadPage("list")]);
} else if (!window.__reactRouterDataRouter) {
  // The first load, before hydration (the router does not exist yet): the address's page.
  const segments = window.location.pathname.split("/").filter(Boolean);
  if (isLocale(segments[0] ?? "")) segments.shift();
  await loadPage(pageKindOf(segments.slice(1).join("/")));
}

export async function clientLoader({ serverLoader, params }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadPage(pageKindOf(params["*"]))]);
  return data;
}

/**
 * `/car/{id}` is a car ad; `/car`, `/car/{mark}`, `/car/{mark}/{model}` and
 * `/car/{mark}/{model}/{generation}` are listings; more segments, or a bad slug, are 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const segments = (params["*"] ?? "").split("/").filter(Boolean);
  if (segments.length > MAX_CAR_SLUG_SEGMENTS) notFound(request);
  if (pageKindOf(params["*"]) === "ad") {
    const adPage = await loadAdPage(request, context.get(serverContext), "car", Number(segments[0]));
    return { adPage, list: null };
  }
  if (!segments.every((segment) => SLUG.test(segment))) notFound(request);
  const list = await loadAdList({
    request,
    services: context.get(serverContext).services,
    vertical: "car",
    group: null,
    slugs: segments,
  });
  return { adPage: null, list };
}

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => {
    const { adPage, list } = data as Awaited<ReturnType<typeof loader>>;
    if (adPage) return adPageCrumbs(adPage);
    return list?.crumbs ?? [];
  },
  head: (_params, data) => {
    const { adPage, list } = data as Awaited<ReturnType<typeof loader>>;
    if (adPage) return adPageHead(adPage);
    return list ? adListHead(list) : {};
  },
};

/**
 * The page's stylesheets and scripts in the server's HTML (React puts them in the head): the browser
 * fetches them with the route's own, and the page shows styled before its scripts run.
 */
function preloadPage(kind: PageKind): void {
  if (!import.meta.env.SSR) return;
  const files = pageChunks[pageModules[kind].source];
  for (const file of files?.css ?? []) preinit(file, { as: "style", precedence: "page" });
  for (const file of files?.js ?? []) preloadModule(file);
}

export default function Car({ loaderData }: Route.ComponentProps) {
  if (loaderData.adPage) {
    preloadPage("ad");
    const { AdPage } = loadedPage(loadedPages.ad);
    return <AdPage key={loaderData.adPage.ad.id} data={loaderData.adPage} />;
  }
  if (!loaderData.list) return null;
  preloadPage("list");
  const { AdListPage } = loadedPage(loadedPages.list);
  return <AdListPage data={loaderData.list} />;
}

function loadedPage<T>(page: T | undefined): T {
  if (!page) throw new Error("routes/car: the page's module was not loaded before rendering");
  return page;
}
