import { serverContext } from "#server-context";
import { ContentPage } from "../../features/dashboard/content-page.tsx";
import { applySectionGate, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import { requireTexts } from "../../lib/i18n.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/content.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("content");

export function loader({ request, context }: Route.LoaderArgs) {
  return applySectionGate(context.get(serverContext).viewer, request);
}

export const handle: PageHandle = { breadcrumbs: () => [{ key: dashboardTitleKey("content") }] };

export default function Page() {
  return <ContentPage />;
}
