import { TitledPage } from "../components/titled-page.tsx";
import { isAdId, notFound } from "../lib/not-found.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import { verticalOf } from "../lib/route-url.ts";
import type { Route } from "./+types/ad-edit.ts";

/** `/{vertical}/{id}/edit` (auth gate); owner checks arrive with the ads module. */
export function loader({ request, params }: Route.LoaderArgs) {
  const vertical = verticalOf(request);
  if (!vertical || !isAdId(params.id)) notFound(request);
  return { vertical, id: params.id };
}

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => {
    const { vertical, id } = data as Awaited<ReturnType<typeof loader>>;
    return [
      { key: `page.${vertical}.title`, to: `/${vertical}` },
      { key: "page.ad.title", values: { id }, to: `/${vertical}/${id}` },
      { key: "page.edit.title" },
    ];
  },
};

export default function AdEdit() {
  return <TitledPage />;
}
