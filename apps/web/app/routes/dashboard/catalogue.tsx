import { serverContext } from "#server-context";
import { CataloguePage } from "../../features/dashboard/catalogue-page.tsx";
import { applySectionGate, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/catalogue.ts";

/** Dashboard → catalogue (S2.8): editors, moderators and admins; others get the 404 page. */
export function loader({ request, context }: Route.LoaderArgs) {
  return applySectionGate(context.get(serverContext).viewer, request);
}

export const handle: PageHandle = { breadcrumbs: () => [{ key: dashboardTitleKey("catalogue") }] };

export default function Page() {
  return <CataloguePage />;
}
