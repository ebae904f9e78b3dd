import { serverContext } from "#server-context";
import { adListHead, loadAdList } from "../features/ads/ad-list-data.ts";
import { AdListPage } from "../features/ads/ad-list-page.tsx";
import { AdPage } from "../features/ads/ad-page.tsx";
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
 * `/car/{id}` is a car ad; `/car`, `/car/{mark}`, `/car/{mark}/{model}` and
 * `/car/{mark}/{model}/{generation}` are listings; more segments, or a bad slug, are 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const segments = (params["*"] ?? "").split("/").filter(Boolean);
  if (segments.length > MAX_CAR_SLUG_SEGMENTS) notFound(request);
  if (segments.length === 1 && isAdId(segments[0])) {
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

export default function Car({ loaderData }: Route.ComponentProps) {
  if (loaderData.adPage) return <AdPage key={loaderData.adPage.ad.id} data={loaderData.adPage} />;
  return loaderData.list && <AdListPage data={loaderData.list} />;
}
