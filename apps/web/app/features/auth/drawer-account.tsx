import { Button, NavLink, Stack } from "@mantine/core";
import { IconLayoutDashboard, IconLogout, IconSettings } from "@tabler/icons-react";
import { isStaff } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { useSession } from "../../lib/session.ts";
import { useLoginLink } from "./header-account.tsx";
import { useSignOut } from "./use-sign-out.ts";

/**
 * The account links of the mobile menu drawer: loaded with the drawer (layouts/default.tsx), so
 * Mantine's NavLink and its collapse stay off the first load of every page.
 */
export default function DrawerAccount({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { user, status } = useSession();
  const signOut = useSignOut();
  const loginLink = useLoginLink();
  if (status === "restoring") return null;
  if (!user) {
    return (
      <Button component={AppLink} to={loginLink} variant="default" onClick={onNavigate}>
        {t("nav.signIn")}
      </Button>
    );
  }
  return (
    <Stack gap={4}>
      <NavLink
        component={AppLink}
        to="/settings"
        label={t("auth.menu.settings")}
        leftSection={<IconSettings size={20} stroke={1.6} />}
        onClick={onNavigate}
      />
      {isStaff(user.roles) && (
        <NavLink
          component={AppLink}
          to="/dashboard"
          label={t("auth.menu.dashboard")}
          leftSection={<IconLayoutDashboard size={20} stroke={1.6} />}
          onClick={onNavigate}
        />
      )}
      <Button
        variant="light"
        color="red"
        leftSection={<IconLogout size={16} />}
        onClick={() => {
          onNavigate();
          void signOut();
        }}
      >
        {t("auth.menu.signOut")}
      </Button>
    </Stack>
  );
}
