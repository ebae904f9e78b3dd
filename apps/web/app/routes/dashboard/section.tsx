import { serverContext } from "#server-context";
import { ComingSoon } from "../../components/coming-soon.tsx";
import { applySectionGate, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/section.ts";

/** One dashboard section without a page yet; the section is the path's segment after /dashboard. */
export function loader({ request, context }: Route.LoaderArgs) {
  return applySectionGate(context.get(serverContext).viewer, request);
}

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => [
    { key: dashboardTitleKey((data as Awaited<ReturnType<typeof loader>>).section) },
  ],
};

export default function DashboardSection() {
  return <ComingSoon />;
}
