import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { useCrumbLabel } from "../../components/page-header.tsx";
import { crumbsOf } from "../../lib/page-handle.ts";

/**
 * The breadcrumbs of the route handles (real names), then the page's own heading: the full name
 * ("Toyota Camry XV70") where the last crumb alone ("XV70") would say too little.
 */
export function CatalogPageHeader({
  title,
  subtitle,
  badges,
}: {
  title: string;
  subtitle?: ReactNode;
  badges?: ReactNode;
}) {
  const { t } = useTranslation();
  const label = useCrumbLabel();
  const trail = crumbsOf(useMatches());
  return (
    <Stack gap="xs" mb="lg">
      <Breadcrumbs
        separatorMargin={6}
        aria-label={t("nav.breadcrumbs")}
        fz="sm"
        style={{ flexWrap: "wrap" }}
        data-testid="catalog-breadcrumbs"
      >
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
      <Group gap="sm" align="center">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {badges}
      </Group>
      {subtitle && (
        <Text c="dimmed" fz={{ base: "sm", sm: "md" }}>
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
