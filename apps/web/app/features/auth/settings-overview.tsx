import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import {
  IconBellRinging,
  IconChevronRight,
  IconCrown,
  IconDeviceDesktop,
  IconListDetails,
  IconMessages,
  IconUserCircle,
  IconWallet,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { UserAvatar } from "../../components/user-avatar.tsx";
import { formatPhone } from "../../lib/format.ts";
import { useSession } from "../../lib/session.ts";
import { NotificationPreferences } from "../notifications/notification-preferences.tsx";
import classes from "./settings-overview.module.css";

const cards = [
  { section: "profile", titleKey: "page.settingsProfile.title", icon: IconUserCircle },
  { section: "sessions", titleKey: "page.settingsSessions.title", icon: IconDeviceDesktop },
  { section: "adds", titleKey: "page.settingsAdds.title", icon: IconListDetails },
  { section: "chats", titleKey: "page.settingsChats.title", icon: IconMessages },
  { section: "notifications", titleKey: "page.settingsNotifications.title", icon: IconBellRinging },
  { section: "balance", titleKey: "page.settingsBalance.title", icon: IconWallet },
  { section: "subscribe", titleKey: "page.settingsSubscribe.title", icon: IconCrown },
] as const;

/** /settings: who is signed in, and a card for each settings section. */
export function SettingsOverview() {
  const { t } = useTranslation();
  const { user } = useSession();
  const mainPhone = user?.phones.find((phone) => phone.isMain) ?? user?.phones[0];
  const contact = mainPhone ? formatPhone(mainPhone.phone) : (user?.email ?? "");
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
        {user ? (
          <Group gap="md" wrap="nowrap">
            <UserAvatar user={user} size={64} />
            <Stack gap={2} miw={0}>
              <Text fw={700} fz="lg" truncate data-testid="settings-username">
                {user.username}
              </Text>
              {contact && (
                <Text c="dimmed" size="sm" truncate>
                  {contact}
                </Text>
              )}
            </Stack>
          </Group>
        ) : (
          <Group gap="md">
            <Skeleton circle height={64} />
            <Stack gap={8} flex={1}>
              <Skeleton height={18} width="50%" />
              <Skeleton height={14} width="35%" />
            </Stack>
          </Group>
        )}
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {cards.map(({ section, titleKey, icon: Icon }) => (
          <UnstyledButton
            key={section}
            component={AppLink}
            to={`/settings/${section}`}
            className={classes.link}
            data-testid={`settings-card-${section}`}
          >
            <Paper withBorder radius="lg" p="md" h="100%" className={classes.card}>
              <Group wrap="nowrap" gap="md" align="flex-start">
                <ThemeIcon variant="light" size={44} radius="md">
                  <Icon size={24} stroke={1.6} />
                </ThemeIcon>
                <Stack gap={2} flex={1} miw={0}>
                  <Text fw={600}>{t(titleKey)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`auth.settings.${section}`)}
                  </Text>
                </Stack>
                <IconChevronRight size={18} stroke={1.6} style={{ alignSelf: "center", opacity: 0.5 }} />
              </Group>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <NotificationPreferences />
    </Stack>
  );
}
