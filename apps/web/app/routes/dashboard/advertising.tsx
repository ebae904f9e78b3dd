import { serverContext } from "#server-context";
import { BannersPage } from "../../features/dashboard/banners-page.tsx";
import { applySectionGate, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/advertising.ts";

/** Dashboard → advertising (S2.8): banner campaigns; editors, moderators and admins. */
export function loader({ request, context }: Route.LoaderArgs) {
  return applySectionGate(context.get(serverContext).viewer, request);
}

export const handle: PageHandle = { breadcrumbs: () => [{ key: dashboardTitleKey("advertising") }] };

export default function Page() {
  return <BannersPage />;
}
