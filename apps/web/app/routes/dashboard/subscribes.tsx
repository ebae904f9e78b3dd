import { serverContext } from "#server-context";
import { SubscribesPage } from "../../features/dashboard/subscribes-page.tsx";
import { applySectionGate, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/subscribes.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  return applySectionGate(context.get(serverContext).viewer, request);
}

export const handle: PageHandle = { breadcrumbs: () => [{ key: dashboardTitleKey("subscribes") }] };

export default function Page({ loaderData }: Route.ComponentProps) {
  return <SubscribesPage canWrite={loaderData.access === "W"} />;
}
