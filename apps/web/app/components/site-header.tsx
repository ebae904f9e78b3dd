import { Burger, Button } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconHeart, IconPlus } from "@tabler/icons-react";
import { verticals } from "@unaa/contracts";
import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink as RouterNavLink } from "react-router";
import { localizePath } from "../lib/i18n.ts";
import { useLocale } from "../lib/use-locale.ts";
import { AppLink } from "./app-link.tsx";
import { ColorModeSwitch } from "./color-mode-switch.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { Logo } from "./logo.tsx";
import classes from "./site-header.module.css";

const MobileMenu = lazy(() => import("./mobile-menu.tsx"));

/**
 * The site header. The account corner comes from the layout (`account`, and `drawerAccount` for the
 * phone menu), so this shared component knows no feature.
 */
export function SiteHeader({
  minimal = false,
  account,
  drawerAccount,
}: {
  minimal?: boolean;
  account?: ReactNode;
  drawerAccount?: (close: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [isMenuOpen, menu] = useDisclosure(false);
  // The phone menu's code loads on the first tap of the burger, not with every page.
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  // Focus goes back to the burger when the menu closes, so a keyboard user is not dropped at the top.
  const closeMenu = () => {
    menu.close();
    burger.current?.focus();
  };

  return (
    <header className={classes.header}>
      <a href="#main" className={classes.skipLink}>
        {t("nav.skipToContent")}
      </a>
      <div className={classes.inner}>
        <div className={classes.start}>
          <Logo title={t("nav.home")} />
          {!minimal && (
            <nav aria-label={t("nav.verticals")} className={`${classes.nav} mantine-visible-from-md`}>
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
            </nav>
          )}
        </div>
        <div className={classes.end}>
          <LanguageSwitch iconClassName={classes.buttonIcon} />
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
              {account}
              <Button
                component={AppLink}
                to="/create"
                size="sm"
                leftSection={<IconPlus size={16} />}
                classNames={{ section: classes.buttonIcon }}
                visibleFrom="sm"
              >
                {t("nav.create")}
              </Button>
              <Burger
                ref={burger}
                opened={isMenuOpen}
                onClick={() => {
                  setHasOpenedMenu(true);
                  menu.toggle();
                }}
                hiddenFrom="md"
                size="sm"
                aria-label={t("nav.menu")}
                aria-expanded={isMenuOpen}
              />
            </>
          )}
        </div>
      </div>
      {!minimal && hasOpenedMenu && (
        <Suspense fallback={null}>
          <MobileMenu opened={isMenuOpen} onClose={closeMenu} account={drawerAccount?.(closeMenu)} />
        </Suspense>
      )}
    </header>
  );
}
