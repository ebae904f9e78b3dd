import { serverContext } from "#server-context";
import { CodeAccessPage } from "../../features/dashboard/code-access-page.tsx";
import { applySectionGate, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/code-access.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  return applySectionGate(context.get(serverContext).viewer, request);
}

export const handle: PageHandle = { breadcrumbs: () => [{ key: dashboardTitleKey("code-access") }] };

export default function Page() {
  return <CodeAccessPage />;
}
