import { Container, Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { localizePath, stripLocale } from "../../lib/i18n.ts";
import { isAdId, notFound } from "../../lib/not-found.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import { useLocale } from "../../lib/use-locale.ts";
import type { Route } from "./+types/layout.ts";

export function loader({ request, params }: Route.LoaderArgs) {
  if (!isAdId(params.id)) notFound(request);
  return null;
}

export const handle: PageHandle = {
  breadcrumbs: (params) => [{ key: "page.profile.title", to: `/profile/${params.id}` }],
};

/** `/profile/{id}` with its tabs: default (vehicle ads), adds (all ads), uslugi (S2.5). */
export default function ProfileLayout({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = `/profile/${params.id}`;
  const tab = stripLocale(pathname).slice(base.length).replace(/^\//, "") || "default";
  return (
    <Container size="xl" py="lg">
      <PageHeader />
      <Tabs
        value={tab}
        onChange={(value) => navigate(localizePath(value === "default" ? base : `${base}/${value}`, locale))}
        mb="lg"
      >
        <Tabs.List>
          <Tabs.Tab value="default">{t("page.profile.title")}</Tabs.Tab>
          <Tabs.Tab value="adds">{t("page.profileAdds.title")}</Tabs.Tab>
          <Tabs.Tab value="uslugi">{t("page.profileUslugi.title")}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Container>
  );
}
