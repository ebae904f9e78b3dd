import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { locales } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { localizePath } from "../lib/i18n.ts";
import { preloadLocaleOnIntent, useSwitchLocale } from "../lib/use-switch-locale.ts";
import { AppLink } from "./app-link.tsx";
import classes from "./site-footer.module.css";

const columns = [
  {
    title: "footer.sections",
    links: [
      ["/car", "nav.car"],
      ["/commercial", "nav.commercial"],
      ["/moto", "nav.moto"],
      ["/uslugi", "nav.uslugi"],
      ["/catalog", "nav.catalog"],
      ["/urgent", "nav.urgent"],
      ["/business", "page.business.title"],
    ],
  },
  {
    title: "footer.help",
    links: [
      ["/faq", "page.faq.title"],
      ["/contact", "page.contact.title"],
      ["/accessibility", "page.accessibility.title"],
      ["/reviews", "page.reviews.title"],
      ["/mobile-app", "page.mobileApp.title"],
    ],
  },
  {
    title: "footer.company",
    links: [
      ["/about", "page.about.title"],
      ["/advert", "page.advert.title"],
      ["/agreement-policy", "page.agreementPolicy.title"],
    ],
  },
] as const;

export function SiteFooter({ minimal = false }: { minimal?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const switchLocale = useSwitchLocale();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py={minimal ? "md" : "xl"}>
        {!minimal && (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xl" mb="xl">
            {columns.map((column) => (
              <Stack key={column.title} gap={6}>
                <Text fw={700} fz="sm" tt="uppercase" c="dimmed">
                  {t(column.title)}
                </Text>
                {column.links.map(([to, label]) => (
                  <Anchor key={to} component={AppLink} to={to} c="var(--mantine-color-text)" fz="sm">
                    {t(label)}
                  </Anchor>
                ))}
              </Stack>
            ))}
          </SimpleGrid>
        )}
        <Group justify="space-between" gap="sm" className={classes.bottom}>
          <Text fz="sm" c="dimmed">
            {t("footer.copyright", { year: new Date().getFullYear() })}
          </Text>
          <Group gap="md" component="nav" aria-label={t("nav.language")}>
            {locales.map((locale) => (
              <Anchor
                key={locale}
                component={Link}
                to={localizePath(location.pathname, locale)}
                onClick={(event) => switchLocale(event, locale, localizePath(location.pathname, locale))}
                {...preloadLocaleOnIntent(locale)}
                hrefLang={locale}
                lang={locale}
                fz="sm"
                c="dimmed"
              >
                {t(`language.${locale}`)}
              </Anchor>
            ))}
          </Group>
        </Group>
        {!minimal && (
          <Text fz="xs" c="dimmed" mt="sm">
            {t("footer.dataNotice")}
          </Text>
        )}
      </Container>
    </Box>
  );
}
