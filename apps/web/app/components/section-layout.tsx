import { Container, Grid, NavLink } from "@mantine/core";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { stripLocale } from "../lib/i18n.ts";
import { useMoreToScroll } from "../lib/use-more-to-scroll.ts";
import { AppLink } from "./app-link.tsx";
import { PageHeader } from "./page-header.tsx";
import classes from "./section-layout.module.css";

export interface SectionLink {
  to: string;
  titleKey: string;
}

/**
 * Settings and dashboard: breadcrumbs and title, a menu of sections (a side column on wide screens,
 * a sideways strip on phones), the section's page.
 */
export function SectionLayout({
  links,
  label,
  notice,
}: {
  links: SectionLink[];
  label: string;
  /** Shown above the section's page (the dashboard's read-only hint). */
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const current = stripLocale(useLocation().pathname);
  const strip = useMoreToScroll<HTMLElement>();
  // On a strip, the current section is brought into view (sideways only: the page does not move),
  // when the section changes — not on other renders, which would undo the visitor's scrolling.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the strip's ref and update are stable in use.
  useEffect(() => {
    const nav = strip.viewport.current;
    const active = nav?.querySelector<HTMLElement>("[data-active]");
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = Math.max(0, active.offsetLeft - nav.offsetLeft - 24);
    strip.update();
  }, [current]);
  return (
    <Container size="xl" py="lg">
      <PageHeader />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <nav
            ref={strip.viewport}
            aria-label={label}
            className={classes.nav}
            data-more={strip.hasMore || undefined}
            onScroll={strip.update}
          >
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
          </nav>
        </Grid.Col>
        {/* No min-content width: a wide table scrolls inside the column, not the page. */}
        <Grid.Col span={{ base: 12, md: 9 }} miw={0}>
          {notice}
          <Outlet />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
