import { Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { serverContext } from "#server-context";
import { ComplaintsModeration } from "../../features/moderation/complaints-moderation.tsx";
import { applySectionGate, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/complaints.ts";

/** Dashboard → complaints (S2.8, decision 066): moderators and admins only; others get the 404 page. */
export function loader({ request, context }: Route.LoaderArgs) {
  return applySectionGate(context.get(serverContext).viewer, request);
}

export const handle: PageHandle = {
  breadcrumbs: () => [{ key: dashboardTitleKey("complaints") }],
};

export default function DashboardComplaints() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1} size="h2" mb="md">
        {t(dashboardTitleKey("complaints"))}
      </Title>
      <ComplaintsModeration />
    </>
  );
}
