import { commercialCategories, isOneOf, motoCategories, serviceTypes, type Vertical } from "@unaa/contracts";
import { serverContext } from "#server-context";
import { type AdListData, adListHead, loadAdList } from "../features/ads/ad-list-data.ts";
import { AdListPage } from "../features/ads/ad-list-page.tsx";
import { notFound } from "../lib/not-found.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import { verticalOf } from "../lib/route-url.ts";
import type { Route } from "./+types/vertical-list.ts";

const groupsByVertical: Record<Exclude<Vertical, "car">, readonly string[]> = {
  commercial: commercialCategories,
  moto: motoCategories,
  uslugi: serviceTypes,
};

/** `/commercial`, `/moto`, `/uslugi` and their `/{category}/all` lists; an unknown category is 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const vertical = verticalOf(request);
  if (!vertical || vertical === "car") notFound(request);
  const group = params.category ?? params.type;
  if (group !== undefined && !isOneOf(groupsByVertical[vertical], group)) notFound(request);
  return loadAdList({
    request,
    services: context.get(serverContext).services,
    vertical,
    group: group ?? null,
  });
}

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => (data as AdListData).crumbs,
  head: (_params, data) => adListHead(data as AdListData),
};

export default function VerticalList({ loaderData }: Route.ComponentProps) {
  return <AdListPage data={loaderData} />;
}
