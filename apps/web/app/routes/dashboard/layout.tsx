import { useTranslation } from "react-i18next";
import { SectionLayout } from "../../components/section-layout.tsx";
import { dashboardSections, dashboardTitleKey } from "../../lib/dashboard-sections.ts";

export const handle = { breadcrumbs: () => [{ key: "page.dashboard.title", to: "/dashboard" }] };

const links = [
  { to: "/dashboard", titleKey: "page.dashboard.title" },
  ...dashboardSections.map((section) => ({
    to: `/dashboard/${section}`,
    titleKey: dashboardTitleKey(section),
  })),
];

export default function DashboardLayout() {
  const { t } = useTranslation();
  return <SectionLayout links={links} label={t("page.dashboard.title")} />;
}
