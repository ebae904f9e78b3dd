import { TitledPage } from "../components/titled-page.tsx";
import { isAdId, notFound } from "../lib/not-found.ts";
import type { Crumb, PageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/car.ts";

/** At most mark, model and generation after `/car` (spec S2.4). */
export const MAX_CAR_SLUG_SEGMENTS = 3;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * `/car/{id}` is a car ad; `/car`, `/car/{mark}`, `/car/{mark}/{model}` and
 * `/car/{mark}/{model}/{generation}` are listings; more segments, or a bad slug, are 404.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const segments = (params["*"] ?? "").split("/").filter(Boolean);
  if (segments.length > MAX_CAR_SLUG_SEGMENTS) notFound(request);
  if (segments.length === 1 && isAdId(segments[0])) return { adId: segments[0], slugs: [] };
  if (!segments.every((segment) => SLUG.test(segment))) notFound(request);
  return { adId: null, slugs: segments };
}

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => {
    const { adId, slugs } = data as Awaited<ReturnType<typeof loader>>;
    const crumbs: Crumb[] = [{ key: "page.car.title", to: "/car" }];
    if (adId) return [...crumbs, { key: "page.ad.title", values: { id: adId } }];
    slugs.forEach((slug, index) => {
      crumbs.push({ text: slug, to: `/car/${slugs.slice(0, index + 1).join("/")}` });
    });
    return crumbs;
  },
};

export default function Car() {
  return <TitledPage />;
}
