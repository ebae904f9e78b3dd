import { serverContext } from "#server-context";
import { SettingsPage } from "../../features/dashboard/settings-page.tsx";
import { applySectionGate, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/settings.ts";

/** Dashboard → settings (S2.8): the site settings; admins only, others get the 404 page. */
export function loader({ request, context }: Route.LoaderArgs) {
  return applySectionGate(context.get(serverContext).viewer, request);
}

export const handle: PageHandle = { breadcrumbs: () => [{ key: dashboardTitleKey("settings") }] };

export default function Page() {
  return <SettingsPage />;
}
