import { serverContext } from "#server-context";
import { BroadcastsPage } from "../../features/dashboard/broadcasts-page.tsx";
import { applySectionGate, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/notification.ts";

/** Dashboard → notification (S2.8): staff broadcasts; editors, moderators and admins. */
export function loader({ request, context }: Route.LoaderArgs) {
  return applySectionGate(context.get(serverContext).viewer, request);
}

export const handle: PageHandle = { breadcrumbs: () => [{ key: dashboardTitleKey("notification") }] };

export default function Page() {
  return <BroadcastsPage />;
}
