import { serverContext } from "#server-context";
import { PaymentsPage } from "../../features/dashboard/payments-page.tsx";
import { applySectionGate, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import { requireTexts } from "../../lib/i18n.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/payments.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("money");

export function loader({ request, context }: Route.LoaderArgs) {
  return applySectionGate(context.get(serverContext).viewer, request);
}

export const handle: PageHandle = { breadcrumbs: () => [{ key: dashboardTitleKey("payments") }] };

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PaymentsPage canWrite={loaderData.access === "W"} />;
}
