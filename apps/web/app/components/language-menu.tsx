import { Menu } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { locales } from "@unaa/contracts";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { localizePath, preloadLocales } from "../lib/i18n.ts";
import { useLocale } from "../lib/use-locale.ts";
import { useSwitchLocale } from "../lib/use-switch-locale.ts";
import { LocaleIcon } from "./locale-icon.tsx";
import type { MenuOnDemandProps } from "./menu-on-demand.tsx";

/**
 * The language switch's menu (loaded on first use, see `MenuOnDemand`): links to this page in each
 * language, each by its name and its icon when the icon loads in time (S9.3); choosing one
 * remembers it in the locale cookie (S9.1). Opening it loads the other
 * languages' texts, so a choice only has to load the page.
 */
export default function LanguageMenu({ target, opened, onChange }: MenuOnDemandProps) {
  const { t } = useTranslation();
  const current = useLocale();
  const location = useLocation();
  const switchLocale = useSwitchLocale();
  useEffect(() => preloadLocales(locales), []);
  return (
    <Menu
      position="bottom-end"
      withinPortal
      opened={opened}
      onChange={onChange}
      onOpen={() => preloadLocales(locales)}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {locales.map((locale) => {
          const href = `${localizePath(location.pathname, locale)}${location.search}${location.hash}`;
          return (
            <Menu.Item
              key={locale}
              component={Link}
              to={href}
              onClick={(event) => switchLocale(event, locale, href)}
              lang={locale}
              hrefLang={locale}
              leftSection={<LocaleIcon locale={locale} />}
              rightSection={locale === current ? <IconCheck size={16} aria-hidden /> : null}
              data-locale={locale}
            >
              {t(`language.${locale}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
