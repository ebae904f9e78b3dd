/**
 * Dashboard → users → one account (issue 17 item 3): profile, ads, sessions and complaints against
 * it; block or unblock with a reason (moderators and admins; the account's sessions end at once);
 * staff roles (admins only, never one's own). Every decision is in the audit history.
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  roles as allRoles,
  blockReasonMax,
  type DashboardUser,
  isAdminOnly,
  type Role,
} from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { UserAvatar } from "../../components/user-avatar.tsx";
import { formatPhone } from "../../lib/format.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import { dashboardKeys, decideBlock, saveRoles, userQueryOptions } from "./api/dashboard-api.ts";
import classes from "./dashboard.module.css";
import { DialogButtons } from "./dialog-buttons.tsx";
import { keyboardScrollable } from "./keyset-table.tsx";
import { useDashboardFormat } from "./use-dashboard-format.ts";
import { UserBadges } from "./users-page.tsx";

/** The texts of a refused call: field errors beside `fields` and the form's message. */
function useErrorTexts(fields: string[]) {
  const errorTexts = useApiErrorTexts();
  return (error: unknown) => errorTexts(error, fields);
}

function BlockDialog({ user, onClose }: { user: DashboardUser; onClose: () => void }) {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const queryClient = useQueryClient();
  const errorTexts = useErrorTexts(["reason"]);
  const [formError, setFormError] = useState<string | null>(null);
  const block = user.blockedAt === null;
  const form = useForm({
    initialValues: { reason: "" },
    validate: {
      reason: (value) => (value.trim().length < 3 ? t("dashboard.user.reasonTooShort") : null),
    },
  });
  const decide = useMutation({
    mutationFn: (reason: string) => decideBlock(user.id, block, reason),
    onSuccess: (updated) => {
      queryClient.setQueryData(dashboardKeys.user(viewer?.id, user.id), updated);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(viewer?.id) });
      onClose();
    },
    onError: (error) => {
      const texts = errorTexts(error);
      for (const [field, text] of Object.entries(texts.fields)) form.setFieldError(field, text);
      setFormError(texts.form);
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(block ? "dashboard.user.blockTitle" : "dashboard.user.unblockTitle")}
    >
      <form
        noValidate
        onSubmit={form.onSubmit(({ reason }) => {
          setFormError(null);
          decide.mutate(reason.trim());
        })}
      >
        <Stack gap="md">
          {block && <Text size="sm">{t("dashboard.user.blockHint")}</Text>}
          <FormAlert text={formError} />
          <Textarea
            label={t("dashboard.user.reason")}
            required
            autosize
            minRows={2}
            maxLength={blockReasonMax}
            data-testid="block-reason"
            data-autofocus
            {...form.getInputProps("reason")}
          />
          <DialogButtons
            onCancel={onClose}
            label={t(block ? "dashboard.user.block" : "dashboard.user.unblock")}
            busy={decide.isPending}
            testId="block-confirm"
            color={block ? "red" : undefined}
          />
        </Stack>
      </form>
    </Modal>
  );
}

function RolesForm({ user }: { user: DashboardUser }) {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const queryClient = useQueryClient();
  const errorTexts = useErrorTexts(["roles"]);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<{ roles: Role[] }>({ initialValues: { roles: user.roles } });
  const isSelf = viewer?.id === user.id;
  const save = useMutation({
    mutationFn: (roles: Role[]) => saveRoles(user.id, roles),
    onSuccess: (updated) => {
      queryClient.setQueryData(dashboardKeys.user(viewer?.id, user.id), updated);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(viewer?.id) });
      form.resetDirty({ roles: updated.roles });
      setSaved(true);
    },
    onError: (error) => {
      const texts = errorTexts(error);
      setFormError(texts.fields.roles ?? texts.form);
    },
  });
  return (
    <Paper withBorder radius="lg" p="lg">
      <form
        onSubmit={form.onSubmit(({ roles }) => {
          setFormError(null);
          setSaved(false);
          save.mutate(roles);
        })}
        data-testid="roles-form"
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("dashboard.user.roles")}
          </Title>
          {isSelf && (
            <Text size="sm" c="dimmed">
              {t("dashboard.user.rolesSelf")}
            </Text>
          )}
          <FormAlert text={formError} />
          <Checkbox.Group {...form.getInputProps("roles")}>
            <Group gap="lg">
              {allRoles.map((role) => (
                <Checkbox
                  key={role}
                  value={role}
                  label={t(`dashboard.role.${role}`)}
                  disabled={isSelf}
                  data-testid={`role-${role}`}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <Group gap="sm">
            <Button
              type="submit"
              disabled={isSelf || !form.isDirty()}
              loading={save.isPending}
              data-testid="roles-save"
            >
              {t("dashboard.user.saveRoles")}
            </Button>
            {saved && !form.isDirty() && (
              <Text size="sm" c="teal" role="status">
                {t("dashboard.user.rolesSaved")}
              </Text>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text>{children}</Text>
    </Stack>
  );
}

export function UserPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const { when } = useDashboardFormat();
  const [dialog, setDialog] = useState(false);
  const query = useQuery(userQueryOptions(viewer?.id, id));
  const user = query.data;
  if (query.isError) {
    return (
      <Alert color="red" data-testid="user-load-failed">
        {t("dashboard.user.notFound")}
      </Alert>
    );
  }
  if (!user) return <Skeleton height={240} radius="lg" />;
  const isSelf = viewer?.id === user.id;
  return (
    <Stack gap="lg" data-testid="dashboard-user">
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Group gap="md" wrap="nowrap" miw={0}>
              <UserAvatar user={user} size={56} />
              <Stack gap={4} miw={0}>
                <Title order={2} size="h3" data-testid="dashboard-user-name">
                  {user.username}
                </Title>
                <UserBadges user={user} />
              </Stack>
            </Group>
            {!isSelf && !user.deletedAt && (
              <Button
                variant={user.blockedAt ? "default" : "light"}
                color={user.blockedAt ? undefined : "red"}
                onClick={() => setDialog(true)}
                data-testid="user-block-toggle"
              >
                {t(user.blockedAt ? "dashboard.user.unblock" : "dashboard.user.block")}
              </Button>
            )}
          </Group>
          {user.blockedAt && (
            <Alert color="red" variant="light" data-testid="user-block-reason">
              {t("dashboard.user.blockedSince", { when: when(user.blockedAt) })}
              {user.blockReason && ` — ${user.blockReason}`}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            <Fact label={t("dashboard.users.column.id")}>{user.id}</Fact>
            <Fact label={t("dashboard.users.column.email")}>{user.email ?? "—"}</Fact>
            <Fact label={t("dashboard.user.phones")}>
              {user.phones.length > 0 ? user.phones.map(formatPhone).join(", ") : "—"}
            </Fact>
            <Fact label={t("dashboard.users.column.created")}>{when(user.createdAt)}</Fact>
            <Fact label={t("dashboard.user.ads")}>
              <AppLink to={`/profile/${user.id}`}>
                {t("dashboard.user.adsCount", {
                  total: user.ads.total,
                  active: user.ads.active,
                  pending: user.ads.pending,
                })}
              </AppLink>
            </Fact>
            <Fact label={t("dashboard.user.complaints")}>
              {t("dashboard.user.complaintsCount", user.complaintsAgainst)}
            </Fact>
          </SimpleGrid>
          <Group gap="xs">
            <Button
              component={AppLink}
              to={`/dashboard/history?objectType=user&objectId=${user.id}`}
              variant="default"
              size="compact-md"
            >
              {t("dashboard.user.historyAbout")}
            </Button>
            <Button
              component={AppLink}
              to={`/dashboard/history?staffId=${user.id}`}
              variant="default"
              size="compact-md"
            >
              {t("dashboard.user.historyBy")}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {isAdminOnly(viewer?.roles) && <RolesForm user={user} />}
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("dashboard.user.sessions")}
          </Title>
          {user.sessions.length === 0 ? (
            <Text c="dimmed">{t("dashboard.user.noSessions")}</Text>
          ) : (
            <Table.ScrollContainer
              minWidth={640}
              scrollAreaProps={keyboardScrollable(t("dashboard.user.sessions"))}
            >
              <Table className={classes.table} data-testid="user-sessions">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("dashboard.user.device")}</Table.Th>
                    <Table.Th>{t("dashboard.user.ip")}</Table.Th>
                    <Table.Th>{t("dashboard.user.lastUsed")}</Table.Th>
                    <Table.Th>{t("dashboard.user.state")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {user.sessions.map((session) => (
                    <Table.Tr
                      key={session.id}
                      data-testid="user-session"
                      data-ended={session.endedAt ? true : undefined}
                    >
                      <Table.Td>{session.deviceLabel}</Table.Td>
                      <Table.Td>
                        {session.ip}
                        {session.city ? `, ${session.city}` : ""}
                      </Table.Td>
                      <Table.Td>{when(session.lastUsedAt)}</Table.Td>
                      <Table.Td>
                        {session.endedAt
                          ? t("dashboard.user.sessionEnded", { when: when(session.endedAt) })
                          : t("dashboard.user.sessionActive")}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>
      {dialog && <BlockDialog user={user} onClose={() => setDialog(false)} />}
    </Stack>
  );
}
