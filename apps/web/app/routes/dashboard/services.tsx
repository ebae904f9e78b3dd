import { serverContext } from "#server-context";
import { ServicePricesPage } from "../../features/dashboard/service-prices-page.tsx";
import { applySectionGate, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import { requireTexts } from "../../lib/i18n.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/services.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("services");

/** Dashboard → services (S2.8): paid service prices; admins only, others get the 404 page. */
export function loader({ request, context }: Route.LoaderArgs) {
  return applySectionGate(context.get(serverContext).viewer, request);
}

export const handle: PageHandle = { breadcrumbs: () => [{ key: dashboardTitleKey("services") }] };

export default function Page() {
  return <ServicePricesPage />;
}
