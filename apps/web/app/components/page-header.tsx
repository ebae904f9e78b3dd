import { Anchor, Breadcrumbs, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { type Crumb, crumbsOf } from "../lib/page-handle.ts";
import { AppLink } from "./app-link.tsx";

export function useCrumbLabel(): (crumb: Crumb) => string {
  const { t } = useTranslation();
  return (crumb) => crumb.text ?? (crumb.key ? t(crumb.key, crumb.values ?? {}) : "");
}

/**
 * Breadcrumbs from the matched routes' handles, then the page title: the last crumb, or `title`
 * where the page's heading says more than its crumb (a list page: "Toyota Camry for sale in …").
 */
export function PageHeader({ title }: { title?: string }) {
  const { t } = useTranslation();
  const label = useCrumbLabel();
  const trail = crumbsOf(useMatches());
  const last = trail.at(-1);
  return (
    <Stack gap="xs" mb="lg">
      <Breadcrumbs separatorMargin={6} aria-label={t("nav.breadcrumbs")} fz="sm">
        <Anchor component={AppLink} to="/" fz="sm">
          {t("nav.home")}
        </Anchor>
        {trail.map((crumb, index) =>
          index === trail.length - 1 ? (
            <span key={crumb.to} aria-current="page">
              {label(crumb)}
            </span>
          ) : (
            <Anchor key={crumb.to} component={AppLink} to={crumb.to} fz="sm">
              {label(crumb)}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
      {(title ?? last) && (
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title ?? (last && label(last))}
        </Title>
      )}
    </Stack>
  );
}
