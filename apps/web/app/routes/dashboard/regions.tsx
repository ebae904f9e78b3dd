import { serverContext } from "#server-context";
import { RegionsPage } from "../../features/dashboard/regions-page.tsx";
import { applySectionGate, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/regions.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  return applySectionGate(context.get(serverContext).viewer, request);
}

export const handle: PageHandle = { breadcrumbs: () => [{ key: dashboardTitleKey("regions") }] };

export default function Page() {
  return <RegionsPage />;
}
