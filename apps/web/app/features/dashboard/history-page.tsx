/**
 * Dashboard → history (issue 17 item 2): every staff action, newest first, with filters (staff
 * member, action, object, period) kept in the address, and "show more" (keyset pages). Editors get
 * only their own entries from the API. Entries are read-only: there is nothing to change or delete.
 */
import { Code, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useInfiniteQuery } from "@tanstack/react-query";
import {
  type AuditEntry,
  type AuditObjectType,
  auditObjectTypes,
  historyOwnOnly,
  type StaffAction,
  staffActions,
} from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { DayRangeInput } from "../../components/day-range-input.tsx";
import { useCurrentUser } from "../../lib/session.ts";
import { type HistoryFilters, historyQueryOptions } from "./api/dashboard-api.ts";
import classes from "./dashboard.module.css";
import { FilterButtons, KeysetTable, useApplyFilters, useListOrder } from "./keyset-table.tsx";
import { useDashboardFormat } from "./use-dashboard-format.ts";

const filterNames = ["staffId", "action", "objectType", "objectId", "from", "to"] as const;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The filters the address names (`?action=user.block&objectType=user&objectId=12`); bad values are dropped. */
export function historyFiltersOf(search: URLSearchParams): HistoryFilters {
  const text = (name: string) => search.get(name)?.trim() || null;
  const staffId = Number(text("staffId"));
  const action = text("action");
  const objectType = text("objectType");
  const day = (name: string) => {
    const value = text(name);
    return value && dayPattern.test(value) ? value : null;
  };
  return {
    staffId: Number.isInteger(staffId) && staffId > 0 ? staffId : null,
    action: (staffActions as readonly string[]).includes(action ?? "") ? (action as StaffAction) : null,
    objectType: (auditObjectTypes as readonly string[]).includes(objectType ?? "")
      ? (objectType as AuditObjectType)
      : null,
    objectId: objectType ? text("objectId") : null,
    from: day("from"),
    to: day("to"),
  };
}

/** `{ "blocked": true, "reason": "spam" }` → `blocked: true · reason: spam`. */
function describeValues(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value !== "object") return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(
      ([key, item]) =>
        `${key}: ${typeof item === "object" && item !== null ? JSON.stringify(item) : String(item)}`,
    )
    .join(" · ");
}

/** Where an entry's object is shown in the dashboard, when it has a page there. */
function objectLink(entry: AuditEntry): string | null {
  if (entry.objectType === "user") return `/dashboard/users/${entry.objectId}`;
  return null;
}

interface FilterValues {
  staffId: number | string;
  action: string | null;
  objectType: string | null;
  objectId: string;
  period: [string | null, string | null];
}

function FiltersForm({ filters, ownOnly }: { filters: HistoryFilters; ownOnly: boolean }) {
  const { t } = useTranslation();
  const applyFilters = useApplyFilters();
  const form = useForm<FilterValues>({
    initialValues: {
      staffId: filters.staffId ?? "",
      action: filters.action,
      objectType: filters.objectType,
      objectId: filters.objectId ?? "",
      period: [filters.from, filters.to],
    },
  });
  const apply = (values: FilterValues) => {
    const next = new URLSearchParams();
    const set = (name: (typeof filterNames)[number], value: string | number | null | undefined) => {
      if (value !== null && value !== undefined && String(value).trim() !== "")
        next.set(name, String(value).trim());
    };
    set("staffId", values.staffId);
    set("action", values.action);
    set("objectType", values.objectType);
    if (values.objectType) set("objectId", values.objectId);
    set("from", values.period[0]);
    set("to", values.period[1] ?? values.period[0]);
    applyFilters(next);
  };
  return (
    <form onSubmit={form.onSubmit(apply)} data-testid="history-filters">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {!ownOnly && (
            <NumberInput
              label={t("dashboard.history.staffId")}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps("staffId")}
            />
          )}
          <Select
            label={t("dashboard.history.action")}
            placeholder={t("dashboard.history.any")}
            clearable
            searchable
            data={staffActions.map((action) => ({ value: action, label: t(`dashboard.action.${action}`) }))}
            {...form.getInputProps("action")}
            data-testid="history-action"
          />
          <Select
            label={t("dashboard.history.objectType")}
            placeholder={t("dashboard.history.any")}
            clearable
            data={auditObjectTypes.map((type) => ({ value: type, label: t(`dashboard.object.${type}`) }))}
            {...form.getInputProps("objectType")}
          />
          <TextInput
            label={t("dashboard.history.objectId")}
            disabled={!form.values.objectType}
            maxLength={100}
            {...form.getInputProps("objectId")}
          />
          <DayRangeInput
            // The theme's control size (S9.4), as the fields beside it.
            size="xl"
            label={t("dashboard.history.period")}
            placeholder={t("dashboard.history.periodPlaceholder")}
            clearable
            maxDate={new Date()}
            {...form.getInputProps("period")}
          />
        </SimpleGrid>
        <FilterButtons
          name="history"
          onReset={() =>
            form.setValues({
              staffId: "",
              action: null,
              objectType: null,
              objectId: "",
              period: [null, null],
            })
          }
        />
      </Stack>
    </form>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const { when } = useDashboardFormat();
  const link = objectLink(entry);
  const object = `${t(`dashboard.object.${entry.objectType}`)} ${entry.objectId}`;
  return (
    <Table.Tr data-testid="history-entry" data-action={entry.action}>
      <Table.Td>{when(entry.createdAt)}</Table.Td>
      <Table.Td>
        {entry.staff ? (
          <AppLink to={`/dashboard/users/${entry.staff.id}`}>
            {entry.staff.name || `#${entry.staff.id}`}
          </AppLink>
        ) : (
          "—"
        )}
      </Table.Td>
      <Table.Td>{t(`dashboard.action.${entry.action}`)}</Table.Td>
      <Table.Td>{link ? <AppLink to={link}>{object}</AppLink> : object}</Table.Td>
      <Table.Td className={classes.change}>
        <Text className={classes.mono} c="dimmed">
          {describeValues(entry.before)}
        </Text>
        <Text className={classes.mono}>→ {describeValues(entry.after)}</Text>
      </Table.Td>
      <Table.Td>
        <Code>{entry.ip ?? "—"}</Code>
      </Table.Td>
    </Table.Tr>
  );
}

export function HistoryPage() {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const [searchParams] = useSearchParams();
  const filters = historyFiltersOf(searchParams);
  const ownOnly = historyOwnOnly(viewer?.roles);
  const order = useListOrder();
  const history = useInfiniteQuery(historyQueryOptions(viewer?.id, filters, order));
  const entries = history.data?.pages.flatMap((page) => page.items);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        {/* A new form when the address changes (a link to a user's history), so its fields follow. */}
        <FiltersForm key={searchParams.toString()} filters={filters} ownOnly={ownOnly} />
      </Paper>
      {ownOnly && (
        <Text size="sm" c="dimmed">
          {t("dashboard.history.ownOnly")}
        </Text>
      )}
      <KeysetTable
        ordered
        query={history}
        rows={entries}
        name="history"
        emptyText={t("dashboard.history.none")}
        minWidth={760}
        highlightOnHover
        head={
          <>
            <Table.Th>{t("dashboard.history.column.when")}</Table.Th>
            <Table.Th>{t("dashboard.history.column.staff")}</Table.Th>
            <Table.Th>{t("dashboard.history.column.action")}</Table.Th>
            <Table.Th>{t("dashboard.history.column.object")}</Table.Th>
            <Table.Th>{t("dashboard.history.column.change")}</Table.Th>
            <Table.Th>{t("dashboard.history.column.ip")}</Table.Th>
          </>
        }
        row={(entry) => <EntryRow key={entry.id} entry={entry} />}
      />
    </Stack>
  );
}
