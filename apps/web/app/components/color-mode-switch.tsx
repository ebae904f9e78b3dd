import { ActionIcon, Menu, useMantineColorScheme } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { type ColorMode, colorModes, fromMantineScheme, toMantineScheme } from "../lib/color-mode.ts";

const icons = { system: IconDeviceDesktop, light: IconSun, dark: IconMoon } as const;

/** System / light / dark. The icon shows the choice; CSS picks sun or moon for "system". */
export function ColorModeSwitch() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // The server cannot know the stored choice: until hydration is done, show "system" like the HTML.
  const isMounted = useMounted();
  const mode = isMounted ? fromMantineScheme(colorScheme) : "system";
  const Icon = icons[mode];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
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
      </Menu.Target>
      <Menu.Dropdown>
        {colorModes.map((value: ColorMode) => {
          const ItemIcon = icons[value];
          return (
            <Menu.Item
              key={value}
              leftSection={<ItemIcon size={16} />}
              rightSection={value === mode ? <IconCheck size={16} /> : null}
              onClick={() => setColorScheme(toMantineScheme(value))}
              data-color-mode={value}
            >
              {t(`colorMode.${value}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
