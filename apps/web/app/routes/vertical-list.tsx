import { commercialCategories, isOneOf, motoCategories, serviceTypes, type Vertical } from "@unaa/contracts";
import { TitledPage } from "../components/titled-page.tsx";
import { notFound } from "../lib/not-found.ts";
import type { Crumb, PageHandle } from "../lib/page-handle.ts";
import { verticalOf } from "../lib/route-url.ts";
import type { Route } from "./+types/vertical-list.ts";

const groupsByVertical: Record<Exclude<Vertical, "car">, readonly string[]> = {
  commercial: commercialCategories,
  moto: motoCategories,
  uslugi: serviceTypes,
};

/** `/commercial`, `/moto`, `/uslugi` and their `/{category}/all` lists; an unknown category is 404. */
export function loader({ request, params }: Route.LoaderArgs) {
  const vertical = verticalOf(request);
  if (!vertical || vertical === "car") notFound(request);
  const group = params.category ?? params.type;
  if (group !== undefined && !isOneOf(groupsByVertical[vertical], group)) notFound(request);
  return { vertical, group: group ?? null };
}

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => {
    const { vertical, group } = data as Awaited<ReturnType<typeof loader>>;
    const crumbs: Crumb[] = [{ key: `page.${vertical}.title`, to: `/${vertical}` }];
    if (group) crumbs.push({ key: `category.${vertical}.${group}` });
    return crumbs;
  },
};

export default function VerticalList() {
  return <TitledPage />;
}
