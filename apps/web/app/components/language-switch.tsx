import { Button, Menu } from "@mantine/core";
import { IconCheck, IconLanguage } from "@tabler/icons-react";
import { type Locale, locales } from "@unaa/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { localizePath, preloadLocales } from "../lib/i18n.ts";
import { loadLocaleIcon } from "../lib/locale-icons.ts";
import { useLocale } from "../lib/use-locale.ts";
import { useSwitchLocale } from "../lib/use-switch-locale.ts";

const shortNames: Record<Locale, string> = { ru: "RU", ky: "KY", en: "EN" };

/** S9.3: the language's icon once it has loaded (within 1500 ms); until then, or without it, none. */
function LocaleIcon({ locale }: { locale: Locale }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void loadLocaleIcon(locale).then((url) => {
      if (isCurrent) setSrc(url);
    });
    return () => {
      isCurrent = false;
    };
  }, [locale]);
  return src ? (
    <img src={src} alt="" width={21} height={14} style={{ borderRadius: 2, display: "block" }} />
  ) : null;
}

/**
 * Links to this page in each language; choosing one remembers it in the locale cookie (S9.1). Each
 * language shows its code or name as text, and its icon beside it when the icon loads in time (S9.3).
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
          leftSection={<IconLanguage size={18} stroke={1.6} aria-hidden />}
          rightSection={<LocaleIcon locale={current} />}
          aria-label={t("nav.languageButton", { code: shortNames[current] })}
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
