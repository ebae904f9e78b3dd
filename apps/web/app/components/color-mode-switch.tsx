import { ActionIcon, useMantineColorScheme } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { fromMantineScheme } from "../lib/color-mode.ts";
import { colorModeIcons } from "./color-mode-icons.ts";
import { MenuOnDemand } from "./menu-on-demand.tsx";

const loadMenu = () => import("./color-mode-menu.tsx");
const ColorModeMenu = lazy(loadMenu);

/**
 * System / light / dark. The icon shows the choice; CSS picks sun or moon for "system". The menu
 * (`color-mode-menu.tsx`) loads on first use.
 */
export function ColorModeSwitch() {
  const { t } = useTranslation();
  const { colorScheme } = useMantineColorScheme();
  // The server cannot know the stored choice: until hydration is done, show "system" like the HTML.
  const isMounted = useMounted();
  const Icon = colorModeIcons[isMounted ? fromMantineScheme(colorScheme) : "system"];
  return (
    <MenuOnDemand
      menu={ColorModeMenu}
      preload={loadMenu}
      target={
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t("colorMode.label")}
          title={t("colorMode.label")}
          data-testid="color-mode-switch"
        >
          <Icon size={20} stroke={1.6} />
        </ActionIcon>
      }
    />
  );
}
