import { Paper, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  NotificationChannel,
  NotificationKind,
  NotificationPreferences as Preferences,
} from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "../../components/load-state.tsx";
import { useSession } from "../../lib/session.ts";
import { notificationKeys } from "./api/notification-keys.ts";
import { getPreferences, updatePreferences } from "./api/notifications-api.ts";
import { preferenceChannels, preferenceKinds } from "./notification-kinds.ts";
import classes from "./notification-preferences.module.css";
import { PushDevice } from "./push-device.tsx";

interface Change {
  kind: NotificationKind;
  channel: NotificationChannel;
  on: boolean;
}

/** The preferences with one switch changed. */
export function withSwitch(preferences: Preferences, { kind, channel, on }: Change): Preferences {
  return { ...preferences, [kind]: { ...preferences[kind], [channel]: on } };
}

/**
 * The settings page's notification section: a table of kinds × channels (on the site, email,
 * push) with switches; each change is saved at once (and undone if the server refuses it).
 */
export function NotificationPreferences() {
  const { t } = useTranslation();
  const { user } = useSession();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const key = notificationKeys.preferences(userId);
  const preferences = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getPreferences(signal),
    enabled: userId !== undefined,
  });
  const save = useMutation({
    mutationFn: ({ kind, channel, on }: Change) => updatePreferences({ [kind]: { [channel]: on } }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Preferences>(key);
      if (before) queryClient.setQueryData(key, withSwitch(before, change));
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      id="notifications"
      data-testid="notification-preferences"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h3">
            {t("notifications.preferences.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("notifications.preferences.description")}
          </Text>
        </Stack>
        {preferences.isError ? (
          <LoadFailed text={t("notifications.preferences.loadFailed")} onRetry={preferences.refetch} />
        ) : (
          <Table.ScrollContainer minWidth={320} type="native">
            <Table className={classes.table} verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("notifications.preferences.event")}</Table.Th>
                  {preferenceChannels.map((channel) => (
                    <Table.Th key={channel} className={classes.channel}>
                      {t(`notifications.preferences.channel.${channel}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preferenceKinds.map((kind) => (
                  <Table.Tr key={kind} data-testid={`preference-${kind}`}>
                    <Table.Td>
                      <Text size="sm">{t(`notifications.preferences.kind.${kind}`)}</Text>
                    </Table.Td>
                    {preferenceChannels.map((channel) => (
                      <Table.Td key={channel} className={classes.channel}>
                        {preferences.data ? (
                          // A plain switch (Mantine's Switch would split the create form's chunks).
                          <input
                            type="checkbox"
                            role="switch"
                            className={classes.switch}
                            checked={preferences.data[kind][channel]}
                            aria-checked={preferences.data[kind][channel]}
                            onChange={(event) =>
                              save.mutate({ kind, channel, on: event.currentTarget.checked })
                            }
                            aria-label={t("notifications.preferences.switch", {
                              kind: t(`notifications.preferences.kind.${kind}`),
                              channel: t(`notifications.preferences.channel.${channel}`),
                            })}
                            data-testid={`preference-${kind}-${channel}`}
                          />
                        ) : (
                          <Skeleton height={20} width={36} radius="xl" mx="auto" />
                        )}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <PushDevice />
      </Stack>
    </Paper>
  );
}
