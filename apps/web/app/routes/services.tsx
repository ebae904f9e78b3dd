import { isVertical } from "@unaa/contracts";
import { TitledPage } from "../components/titled-page.tsx";
import { isAdId, notFound } from "../lib/not-found.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/services.ts";

/** Paid services for ad `{id}` of vertical `{type}`; only the four verticals are types (S2.3). */
export function loader({ request, params }: Route.LoaderArgs) {
  if (!isVertical(params.type) || !isAdId(params.id)) notFound(request);
  return null;
}

export const handle: PageHandle = {
  breadcrumbs: (params) => [
    { key: `page.${params.type}.title`, to: `/${params.type}` },
    { key: "page.ad.title", values: { id: params.id ?? "" }, to: `/${params.type}/${params.id}` },
    { key: "page.services.title" },
  ],
};

export default function Services() {
  return <TitledPage />;
}
