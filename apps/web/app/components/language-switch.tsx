import { Button, Menu } from "@mantine/core";
import { IconCheck, IconLanguage } from "@tabler/icons-react";
import { type Locale, locales } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { localizePath, preloadLocales } from "../lib/i18n.ts";
import { useLocale } from "../lib/use-locale.ts";
import { useSwitchLocale } from "../lib/use-switch-locale.ts";

const shortNames: Record<Locale, string> = { ru: "RU", ky: "KY", en: "EN" };

/**
 * Links to this page in each language; choosing one remembers it in the locale cookie (S9.1).
 * Opening the menu loads the other languages' texts, so a choice only has to load the page.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = useLocale();
  const location = useLocation();
  const switchLocale = useSwitchLocale();
  return (
    <Menu position="bottom-end" withinPortal onOpen={() => preloadLocales(locales)}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="sm"
          px={8}
          leftSection={<IconLanguage size={18} stroke={1.6} />}
          aria-label={t("nav.language")}
          data-testid="language-switch"
        >
          {shortNames[current]}
        </Button>
      </Menu.Target>
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
              rightSection={locale === current ? <IconCheck size={16} /> : null}
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
