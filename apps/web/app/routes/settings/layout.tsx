import { useTranslation } from "react-i18next";
import { SectionLayout } from "../../components/section-layout.tsx";

export const handle = { breadcrumbs: () => [{ key: "page.settings.title", to: "/settings" }] };

const sections = [
  "adds",
  "business",
  "balance",
  "chats",
  "notifications",
  "profile",
  "sessions",
  "subscribe",
] as const;
const links = [
  { to: "/settings", titleKey: "page.settings.title" },
  ...sections.map((section) => ({
    to: `/settings/${section}`,
    titleKey: `page.settings${section[0]?.toUpperCase()}${section.slice(1)}.title`,
  })),
];

export default function SettingsLayout() {
  const { t } = useTranslation();
  return <SectionLayout links={links} label={t("page.settings.title")} />;
}
