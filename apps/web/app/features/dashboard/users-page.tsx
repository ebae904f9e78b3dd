/**
 * Dashboard → users (issue 17 item 3): search by id, phone, email or username (the query kept in the
 * address), newest accounts first, "show more" (keyset pages); each row opens the user's page.
 */
import { Badge, Button, Group, Paper, Stack, Table, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconSearch } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { DashboardUserRow } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { formatPhone } from "../../lib/format.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { usersQueryOptions } from "./api/dashboard-api.ts";
import { KeysetTable, useApplyFilters, useListOrder } from "./keyset-table.tsx";
import { useDashboardFormat } from "./use-dashboard-format.ts";

/** A user's state: deleted, blocked, staff roles. */
export function UserBadges({ user }: { user: Pick<DashboardUserRow, "roles" | "blockedAt" | "deletedAt"> }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {user.deletedAt && (
        <Badge color="gray" variant="light">
          {t("dashboard.users.deleted")}
        </Badge>
      )}
      {user.blockedAt && (
        <Badge color="red" variant="light" data-testid="user-blocked-badge">
          {t("dashboard.users.blocked")}
        </Badge>
      )}
      {user.roles.map((role) => (
        <Badge key={role} variant="light">
          {t(`dashboard.role.${role}`)}
        </Badge>
      ))}
    </Group>
  );
}

export function UsersPage() {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const { when } = useDashboardFormat();
  const [searchParams] = useSearchParams();
  const applyFilters = useApplyFilters();
  const q = searchParams.get("q")?.trim() ?? "";
  const form = useForm({ initialValues: { q } });
  const order = useListOrder();
  const users = useInfiniteQuery(usersQueryOptions(viewer?.id, q, order));
  const rows = users.data?.pages.flatMap((page) => page.items);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <form
          onSubmit={form.onSubmit((values) => {
            const next = new URLSearchParams();
            if (values.q.trim()) next.set("q", values.q.trim());
            applyFilters(next);
          })}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t("dashboard.users.search")}
              placeholder={t("dashboard.users.searchPlaceholder")}
              maxLength={100}
              leftSection={<IconSearch size={18} />}
              data-testid="users-search"
              {...form.getInputProps("q")}
            />
            <Button type="submit">{t("dashboard.users.find")}</Button>
          </Group>
        </form>
      </Paper>
      <KeysetTable
        ordered
        query={users}
        rows={rows}
        name="users"
        emptyText={t("dashboard.users.empty")}
        minWidth={640}
        highlightOnHover
        head={
          <>
            <Table.Th>{t("dashboard.users.column.id")}</Table.Th>
            <Table.Th>{t("dashboard.users.column.username")}</Table.Th>
            <Table.Th>{t("dashboard.users.column.phone")}</Table.Th>
            <Table.Th>{t("dashboard.users.column.email")}</Table.Th>
            <Table.Th>{t("dashboard.users.column.state")}</Table.Th>
            <Table.Th>{t("dashboard.users.column.created")}</Table.Th>
          </>
        }
        row={(user) => (
          <Table.Tr key={user.id} data-testid="users-row">
            <Table.Td>{user.id}</Table.Td>
            <Table.Td>
              <AppLink to={`/dashboard/users/${user.id}`} data-testid="users-open">
                {user.username}
              </AppLink>
            </Table.Td>
            <Table.Td>{user.phone ? formatPhone(user.phone) : "—"}</Table.Td>
            <Table.Td>{user.email ?? "—"}</Table.Td>
            <Table.Td>
              <UserBadges user={user} />
            </Table.Td>
            <Table.Td>{when(user.createdAt)}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
