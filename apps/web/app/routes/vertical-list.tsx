import { isOneOf, type Vertical, verticalDefinitions } from "@unaa/contracts";
import { serverContext } from "#server-context";
import { type AdListData, adListHead, loadAdList } from "../features/ads/ad-list-data.ts";
import { AdListPage } from "../features/ads/ad-list-page.tsx";
import { notFound } from "../lib/not-found.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import { verticalOf } from "../lib/route-url.ts";
import type { Route } from "./+types/vertical-list.ts";

/** The groups of a vertical's lists: the values of its definition's category field (none for cars). */
function groupsOf(vertical: Vertical): readonly string[] | undefined {
  const { categoryField, fields } = verticalDefinitions[vertical];
  const field = fields.find((candidate) => candidate.name === categoryField);
  return field?.kind === "enum" || field?.kind === "multi-enum" ? field.values : undefined;
}

/** `/commercial`, `/moto`, `/uslugi` and their `/{group}/all` lists; an unknown group is 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const vertical = verticalOf(request);
  const groups = vertical && groupsOf(vertical);
  if (!vertical || !groups) notFound(request);
  const group = params.group;
  if (group !== undefined && !isOneOf(groups, group)) notFound(request);
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
