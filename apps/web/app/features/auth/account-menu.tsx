import { Menu, Text } from "@mantine/core";
import {
  IconDeviceDesktop,
  IconLayoutDashboard,
  IconLogout,
  IconSettings,
  IconUserCircle,
} from "@tabler/icons-react";
import { isStaff } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import type { MenuOnDemandProps } from "../../components/menu-on-demand.tsx";
import { useSession } from "../../lib/session.ts";
import { useSignOut } from "./use-sign-out.ts";

/** The signed-in user's menu (name, settings, dashboard for staff, sign out), loaded on first use. */
export default function AccountMenu({ target, opened, onChange }: MenuOnDemandProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const signOut = useSignOut();
  return (
    <Menu position="bottom-end" width={240} withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate data-testid="user-menu-name">
            {user?.username}
          </Text>
        </Menu.Label>
        <Menu.Item component={AppLink} to="/settings/profile" leftSection={<IconUserCircle size={18} />}>
          {t("auth.menu.profile")}
        </Menu.Item>
        <Menu.Item component={AppLink} to="/settings/sessions" leftSection={<IconDeviceDesktop size={18} />}>
          {t("auth.menu.sessions")}
        </Menu.Item>
        <Menu.Item component={AppLink} to="/settings" leftSection={<IconSettings size={18} />}>
          {t("auth.menu.settings")}
        </Menu.Item>
        {isStaff(user?.roles) && (
          <Menu.Item
            component={AppLink}
            to="/dashboard"
            leftSection={<IconLayoutDashboard size={18} />}
            data-testid="user-menu-dashboard"
          >
            {t("auth.menu.dashboard")}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={18} />}
          onClick={() => void signOut()}
          data-testid="sign-out"
        >
          {t("auth.menu.signOut")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
