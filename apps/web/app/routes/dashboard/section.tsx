import { ComingSoon } from "../../components/coming-soon.tsx";
import { dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import { stripLocale } from "../../lib/i18n.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/section.ts";

/** One dashboard section; the section is the last segment of the path. */
export function loader({ request }: Route.LoaderArgs) {
  const section = stripLocale(new URL(request.url).pathname).split("/")[2] ?? "";
  return { section };
}

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => [
    { key: dashboardTitleKey((data as Awaited<ReturnType<typeof loader>>).section) },
  ],
};

export default function DashboardSection() {
  return <ComingSoon />;
}
