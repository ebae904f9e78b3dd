import { Box, Burger, Button, Container, Divider, Drawer, Group, NavLink, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconCar, IconHeart, IconMotorbike, IconPlus, IconTool, IconTruck } from "@tabler/icons-react";
import { type Vertical, verticals } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { NavLink as RouterNavLink } from "react-router";
import { DrawerAccount, HeaderAccount } from "../features/auth/header-account.tsx";
import { localizePath } from "../lib/i18n.ts";
import { useLocale } from "../lib/use-locale.ts";
import { AppLink } from "./app-link.tsx";
import { ColorModeSwitch } from "./color-mode-switch.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { Logo } from "./logo.tsx";
import classes from "./site-header.module.css";

export const verticalIcons: Record<Vertical, typeof IconCar> = {
  car: IconCar,
  commercial: IconTruck,
  moto: IconMotorbike,
  uslugi: IconTool,
};

export function SiteHeader({ minimal = false }: { minimal?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [isMenuOpen, menu] = useDisclosure(false);

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <Group gap="xl" wrap="nowrap">
          <Logo label={t("nav.home")} />
          {!minimal && (
            <Group component="nav" aria-label={t("nav.verticals")} gap={4} visibleFrom="md" wrap="nowrap">
              {verticals.map((vertical) => (
                <RouterNavLink
                  key={vertical}
                  to={localizePath(`/${vertical}`, locale)}
                  className={classes.link}
                >
                  {t(`nav.${vertical}`)}
                </RouterNavLink>
              ))}
              <RouterNavLink to={localizePath("/catalog", locale)} className={classes.link}>
                {t("nav.catalog")}
              </RouterNavLink>
            </Group>
          )}
        </Group>
        <Group gap={6} wrap="nowrap">
          <LanguageSwitch />
          <ColorModeSwitch />
          {!minimal && (
            <>
              <Button
                component={AppLink}
                to="/favorites"
                variant="subtle"
                color="gray"
                size="sm"
                px={8}
                visibleFrom="sm"
                aria-label={t("nav.favorites")}
              >
                <IconHeart size={20} stroke={1.6} />
              </Button>
              <HeaderAccount />
              <Button
                component={AppLink}
                to="/create"
                size="sm"
                leftSection={<IconPlus size={16} />}
                visibleFrom="sm"
              >
                {t("nav.create")}
              </Button>
              <Burger
                opened={isMenuOpen}
                onClick={menu.toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={isMenuOpen ? t("nav.closeMenu") : t("nav.menu")}
              />
            </>
          )}
        </Group>
      </Container>
      {!minimal && (
        <Drawer
          opened={isMenuOpen}
          onClose={menu.close}
          title={t("nav.menu")}
          position="right"
          size="xs"
          hiddenFrom="md"
        >
          <Stack gap={4} component="nav" aria-label={t("nav.main")}>
            {verticals.map((vertical) => {
              const Icon = verticalIcons[vertical];
              return (
                <NavLink
                  key={vertical}
                  component={AppLink}
                  to={`/${vertical}`}
                  label={t(`nav.${vertical}`)}
                  leftSection={<Icon size={20} stroke={1.6} />}
                  onClick={menu.close}
                />
              );
            })}
            <NavLink component={AppLink} to="/catalog" label={t("nav.catalog")} onClick={menu.close} />
            <NavLink component={AppLink} to="/urgent" label={t("nav.urgent")} onClick={menu.close} />
            <NavLink component={AppLink} to="/favorites" label={t("nav.favorites")} onClick={menu.close} />
            <Divider my="sm" />
            <Button
              component={AppLink}
              to="/create"
              leftSection={<IconPlus size={16} />}
              onClick={menu.close}
            >
              {t("nav.create")}
            </Button>
            <DrawerAccount onNavigate={menu.close} />
          </Stack>
        </Drawer>
      )}
    </Box>
  );
}
