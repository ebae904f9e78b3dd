import { Menu, useMantineColorScheme } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { colorModes, fromMantineScheme, toMantineScheme } from "../lib/color-mode.ts";
import { colorModeIcons } from "./color-mode-icons.ts";
import type { MenuOnDemandProps } from "./menu-on-demand.tsx";

/** The colour mode switch's menu, loaded on first use (see `MenuOnDemand`). */
export default function ColorModeMenu({ target, opened, onChange }: MenuOnDemandProps) {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const mode = fromMantineScheme(colorScheme);
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {colorModes.map((value) => {
          const ItemIcon = colorModeIcons[value];
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
