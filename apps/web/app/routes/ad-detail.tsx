import { serverContext } from "#server-context";
import { AdPage } from "../features/ads/ad-page.tsx";
import { adPageCrumbs, adPageHead, loadAdPage } from "../features/ads/ad-page-data.ts";
import { requireTexts } from "../lib/i18n.ts";
import { isAdId, notFound } from "../lib/not-found.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import { verticalOf } from "../lib/route-url.ts";
import type { Route } from "./+types/ad-detail.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("profile", "reviews");

/** An ad of any vertical: `/commercial/{id}`, `/moto/{id}`, `/uslugi/{id}` (`/car/{id}` is in car.tsx). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const vertical = verticalOf(request);
  if (!vertical || !isAdId(params.id)) notFound(request);
  return loadAdPage(request, context.get(serverContext), vertical, Number(params.id));
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => adPageCrumbs(data as LoaderData),
  head: (_params, data) => adPageHead(data as LoaderData),
};

export default function AdDetail({ loaderData }: Route.ComponentProps) {
  return <AdPage key={loaderData.ad.id} data={loaderData} />;
}
