import { recordIdMax } from "@unaa/contracts";
import { serverContext } from "#server-context";
import { UserPage } from "../../features/dashboard/user-page.tsx";
import { applySectionGate, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import { isAdId, notFound } from "../../lib/not-found.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/user.ts";

/** One account in the users section (`/dashboard/users/{id}`). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const gate = applySectionGate(context.get(serverContext).viewer, request);
  // Ids are positive whole numbers, as ads' are, within the database's range.
  if (!isAdId(params.id) || Number(params.id) > recordIdMax) notFound(request);
  return { ...gate, id: Number(params.id) };
}

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => [
    { key: dashboardTitleKey("users"), to: "/dashboard/users" },
    { key: "dashboard.user.title", values: { id: String((data as { id: number }).id) } },
  ],
};

export default function Page({ loaderData }: Route.ComponentProps) {
  return <UserPage key={loaderData.id} id={loaderData.id} />;
}
