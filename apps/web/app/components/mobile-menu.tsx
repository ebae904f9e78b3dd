import { Button, Divider, Drawer, NavLink, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { verticals } from "@unaa/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "./app-link.tsx";
import { verticalIcons } from "./vertical-icons.ts";

/** The menu of phones and small tablets (a drawer); loaded when first opened. `account`: its account links. */
export default function MobileMenu({
  opened,
  onClose,
  account,
}: {
  opened: boolean;
  onClose: () => void;
  account: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t("nav.menu")}
      position="right"
      size="xs"
      hiddenFrom="md"
    >
      <Stack gap={4} component="nav" aria-label={t("nav.main")}>
        {verticals.map((vertical) => {
          const Icon = verticalIcons[vertical];
          return (
            <NavLink
              key={vertical}
              component={AppLink}
              to={`/${vertical}`}
              label={t(`nav.${vertical}`)}
              leftSection={<Icon size={20} stroke={1.6} />}
              onClick={onClose}
            />
          );
        })}
        <NavLink component={AppLink} to="/catalog" label={t("nav.catalog")} onClick={onClose} />
        <NavLink component={AppLink} to="/urgent" label={t("nav.urgent")} onClick={onClose} />
        <NavLink component={AppLink} to="/favorites" label={t("nav.favorites")} onClick={onClose} />
        <Divider my="sm" />
        <Button component={AppLink} to="/create" leftSection={<IconPlus size={16} />} onClick={onClose}>
          {t("nav.create")}
        </Button>
        {account}
      </Stack>
    </Drawer>
  );
}
