/**
 * Dashboard → code access (admins, decision 067): moderators and admins, each with a switch "may
 * read codes". A granted moderator opens the codes log; anyone granted reads full recipients there.
 * Each change is audited (`code-access.grant` / `code-access.revoke`).
 */
import { Badge, Group, Paper, Switch, Table, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CodeAccessMember } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { ListSkeleton, LoadFailed } from "../../components/load-state.tsx";
import { toasts } from "../../lib/app-state.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { codeAccessKey, codeAccessQueryOptions, setCodeAccess } from "./api/code-access-api.ts";
import classes from "./dashboard.module.css";
import { useDashboardFormat } from "./use-dashboard-format.ts";

function MemberRow({ member }: { member: CodeAccessMember }) {
  const { t } = useTranslation();
  const { when } = useDashboardFormat();
  const viewerId = useCurrentUser()?.id;
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (granted: boolean) => setCodeAccess(member.id, granted),
    onSuccess: (list, granted) => {
      queryClient.setQueryData(codeAccessKey(viewerId), list);
      toasts.add({
        title: t(granted ? "dashboard.codeAccess.granted" : "dashboard.codeAccess.revoked", {
          name: member.username,
        }),
        color: "teal",
      });
    },
  });
  return (
    <Table.Tr data-testid="code-access-member" data-user-id={member.id}>
      <Table.Td>
        <AppLink to={`/dashboard/users/${member.id}`}>{member.username}</AppLink>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {member.roles.map((role) => (
            <Badge key={role} variant="light">
              {t(`dashboard.role.${role}`)}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Switch
          checked={member.grantedAt !== null}
          disabled={change.isPending}
          onChange={(event) => change.mutate(event.currentTarget.checked)}
          aria-label={t("dashboard.codeAccess.switch")}
          data-testid="code-access-switch"
        />
      </Table.Td>
      <Table.Td>{member.grantedAt ? when(member.grantedAt) : "—"}</Table.Td>
    </Table.Tr>
  );
}

export function CodeAccessPage() {
  const { t } = useTranslation();
  const viewerId = useCurrentUser()?.id;
  const list = useQuery(codeAccessQueryOptions(viewerId));
  if (viewerId === undefined || list.isPending) return <ListSkeleton height={40} />;
  if (list.isError) return <LoadFailed text={t("dashboard.loadFailed")} onRetry={list.refetch} />;
  return (
    <>
      <Text c="dimmed" mb="md">
        {t("dashboard.codeAccess.lead")}
      </Text>
      {list.data.items.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text c="dimmed" ta="center">
            {t("dashboard.codeAccess.none")}
          </Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped className={classes.table} data-testid="code-access-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("dashboard.users.column.username")}</Table.Th>
                <Table.Th>{t("dashboard.codeAccess.column.roles")}</Table.Th>
                <Table.Th>{t("dashboard.codeAccess.column.access")}</Table.Th>
                <Table.Th>{t("dashboard.codeAccess.column.since")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((member) => (
                <MemberRow key={member.id} member={member} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
