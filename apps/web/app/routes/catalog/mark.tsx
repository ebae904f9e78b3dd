import { TitledPage } from "../../components/titled-page.tsx";
import { areCatalogSlugs, catalogCrumbs } from "../../lib/catalog-crumbs.ts";
import { notFound } from "../../lib/not-found.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/mark.ts";

export function loader({ request, params }: Route.LoaderArgs) {
  if (!areCatalogSlugs(params)) notFound(request);
  return null;
}

export const handle: PageHandle = { breadcrumbs: catalogCrumbs };

export default function CatalogLevel() {
  return <TitledPage />;
}
