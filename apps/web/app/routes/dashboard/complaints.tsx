import { serverContext } from "#server-context";
import { ComplaintsModeration } from "../../features/moderation/complaints-moderation.tsx";
import { applySectionGate, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import { requireTexts } from "../../lib/i18n.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/complaints.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("reviews");

/** Dashboard → complaints (S2.8, decision 066): moderators and admins only; others get the 404 page. */
export function loader({ request, context }: Route.LoaderArgs) {
  return applySectionGate(context.get(serverContext).viewer, request);
}

export const handle: PageHandle = {
  breadcrumbs: () => [{ key: dashboardTitleKey("complaints") }],
};

export default function DashboardComplaints() {
  return <ComplaintsModeration />;
}
