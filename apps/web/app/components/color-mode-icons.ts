import { IconDeviceDesktop, IconMoon, IconSun } from "@tabler/icons-react";

/** The icon of each colour mode, on the switch and in its menu. */
export const colorModeIcons = { system: IconDeviceDesktop, light: IconSun, dark: IconMoon } as const;
