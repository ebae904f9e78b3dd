import { Alert } from "@mantine/core";
import { dashboardSections, sectionAccess } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { serverContext } from "#server-context";
import { SectionLayout } from "../../components/section-layout.tsx";
import { dashboardSectionOf, dashboardTitleKey, isReadOnlySection } from "../../lib/dashboard-sections.ts";
import { requireTexts } from "../../lib/i18n.ts";
import { useCurrentUser } from "../../lib/session.ts";
import type { Route } from "./+types/layout.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("dashboard");

export const handle = { breadcrumbs: () => [{ key: "page.dashboard.title", to: "/dashboard" }] };

/** The viewer's roles and code access, so the server renders the navigation the browser will show. */
export function loader({ context }: Route.LoaderArgs) {
  const viewer = context.get(serverContext).viewer;
  return { roles: viewer?.roles ?? [], codeAccess: viewer?.codeAccess ?? false };
}

/**
 * The dashboard (S2.8): a navigation of the sections the viewer's roles open (product.md section 1,
 * decision 065), and a read-only hint on a section they may only read.
 */
export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const roles = me?.roles ?? loaderData.roles;
  const options = { codeAccess: me?.codeAccess ?? loaderData.codeAccess };
  const section = dashboardSectionOf(useLocation().pathname);
  const links = dashboardSections(roles, options).map((name) => ({
    to: name === "index" ? "/dashboard" : `/dashboard/${name}`,
    titleKey: dashboardTitleKey(name),
  }));
  const readOnly = section !== null && isReadOnlySection(section, sectionAccess(roles, section, options));
  return (
    <SectionLayout
      links={links}
      label={t("page.dashboard.title")}
      notice={
        readOnly && (
          <Alert mb="md" variant="light" color="gray" data-testid="dashboard-read-only">
            {t("dashboard.readOnly")}
          </Alert>
        )
      }
    />
  );
}
