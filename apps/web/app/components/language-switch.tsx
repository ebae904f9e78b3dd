import { Button } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import type { Locale } from "@unaa/contracts";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../lib/use-locale.ts";
import { LocaleIcon } from "./locale-icon.tsx";
import { MenuOnDemand } from "./menu-on-demand.tsx";

const shortNames: Record<Locale, string> = { ru: "RU", ky: "KY", en: "EN" };
const loadMenu = () => import("./language-menu.tsx");
const LanguageMenu = lazy(loadMenu);

/**
 * The current language's short name, and its icon when the icon loads in time (S9.3); the menu
 * (`language-menu.tsx`) loads on first use.
 */
/** `iconClassName` goes to the icon's section, so a narrow header can drop it (the code and flag stay). */
export function LanguageSwitch({ iconClassName }: { iconClassName?: string }) {
  const { t } = useTranslation();
  const current = useLocale();
  return (
    <MenuOnDemand
      menu={LanguageMenu}
      preload={loadMenu}
      target={
        <Button
          variant="subtle"
          color="gray"
          size="sm"
          px={8}
          leftSection={<IconLanguage size={18} stroke={1.6} aria-hidden />}
          classNames={{ section: iconClassName }}
          rightSection={<LocaleIcon locale={current} />}
          aria-label={t("nav.languageButton", { code: shortNames[current] })}
          data-testid="language-switch"
        >
          {shortNames[current]}
        </Button>
      }
    />
  );
}
