import { Container, Grid, NavLink, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { stripLocale } from "../lib/i18n.ts";
import { AppLink } from "./app-link.tsx";
import { PageHeader } from "./page-header.tsx";

export interface SectionLink {
  to: string;
  titleKey: string;
}

/** Settings and dashboard: breadcrumbs and title, a side menu of sections, the section's page. */
export function SectionLayout({ links, label }: { links: SectionLink[]; label: string }) {
  const { t } = useTranslation();
  const current = stripLocale(useLocation().pathname);
  return (
    <Container size="xl" py="lg">
      <PageHeader />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap={2} component="nav" aria-label={label}>
            {links.map((link) => (
              <NavLink
                key={link.to}
                component={AppLink}
                to={link.to}
                label={t(link.titleKey)}
                active={current === link.to}
                variant="light"
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
