/**
 * Dashboard → codes (issue 17, decision 067): the log of one-time codes sent, newest first, with
 * filters kept in the address and "show more" (keyset pages). Recipients are masked unless the
 * viewer is granted in code-access; the code itself is never shown (the API never answers it).
 */
import { Badge, Code, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useInfiniteQuery } from "@tanstack/react-query";
import {
  type CodeChannel,
  type CodeDeliveryStatus,
  type CodeLogEntry,
  codeChannels,
  codeDeliveryStatuses,
  type SignPurpose,
  signPurposes,
} from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useCurrentUser } from "../../lib/session.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import { type CodeFilters, codesQueryOptions } from "./api/codes-api.ts";
import classes from "./dashboard.module.css";
import { FilterButtons, KeysetTable, useApplyFilters, useListOrder } from "./keyset-table.tsx";
import { useDashboardFormat } from "./use-dashboard-format.ts";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : null;

/** The filters the address names (`?purpose=sign-in&recipient=0700123456`); bad values are dropped. */
export function codeFiltersOf(search: URLSearchParams): CodeFilters {
  return {
    purpose: oneOf<SignPurpose>(signPurposes, search.get("purpose")),
    channel: oneOf<CodeChannel>(codeChannels, search.get("channel")),
    status: oneOf<CodeDeliveryStatus>(codeDeliveryStatuses, search.get("status")),
    recipient: search.get("recipient")?.trim() || null,
  };
}

const statusColor: Record<CodeDeliveryStatus, string> = { outbox: "gray", sent: "green", failed: "red" };

function FiltersForm({ filters, recipientError }: { filters: CodeFilters; recipientError?: string }) {
  const { t } = useTranslation();
  const applyFilters = useApplyFilters();
  const form = useForm({
    initialValues: {
      purpose: filters.purpose as string | null,
      channel: filters.channel as string | null,
      status: filters.status as string | null,
      recipient: filters.recipient ?? "",
    },
  });
  const apply = (values: typeof form.values) => {
    const next = new URLSearchParams();
    for (const [name, value] of Object.entries(values)) if (value?.trim()) next.set(name, value.trim());
    applyFilters(next);
  };
  const options = (group: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`dashboard.codes.${group}.${value}`) }));
  return (
    <form onSubmit={form.onSubmit(apply)} data-testid="codes-filters">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label={t("dashboard.codes.column.purpose")}
            placeholder={t("dashboard.history.any")}
            clearable
            data={options("purpose", signPurposes)}
            {...form.getInputProps("purpose")}
          />
          <Select
            label={t("dashboard.codes.column.channel")}
            placeholder={t("dashboard.history.any")}
            clearable
            data={options("channel", codeChannels)}
            {...form.getInputProps("channel")}
          />
          <Select
            label={t("dashboard.codes.column.status")}
            placeholder={t("dashboard.history.any")}
            clearable
            data={options("status", codeDeliveryStatuses)}
            {...form.getInputProps("status")}
          />
          <TextInput
            label={t("dashboard.codes.recipient")}
            placeholder={t("dashboard.codes.recipientPlaceholder")}
            maxLength={254}
            {...form.getInputProps("recipient")}
            error={recipientError}
            data-testid="codes-recipient"
          />
        </SimpleGrid>
        <FilterButtons
          name="codes"
          onReset={() => form.setValues({ purpose: null, channel: null, status: null, recipient: "" })}
        />
      </Stack>
    </form>
  );
}

function CodeRow({ entry }: { entry: CodeLogEntry }) {
  const { t } = useTranslation();
  const { when } = useDashboardFormat();
  return (
    <Table.Tr data-testid="code-entry" data-masked={entry.masked}>
      <Table.Td>{when(entry.createdAt)}</Table.Td>
      <Table.Td className={classes.mono} data-testid="code-recipient">
        {entry.recipient}
      </Table.Td>
      <Table.Td>{t(`dashboard.codes.purpose.${entry.purpose}`)}</Table.Td>
      <Table.Td>{t(`dashboard.codes.channel.${entry.channel}`)}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={statusColor[entry.deliveryStatus]}>
          {t(`dashboard.codes.status.${entry.deliveryStatus}`)}
        </Badge>
        {entry.deliveryError && (
          <Text size="xs" c="red" mt={4}>
            {entry.deliveryError}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{entry.attempts}</Table.Td>
      <Table.Td>{t(entry.used ? "dashboard.codes.used" : "dashboard.codes.unused")}</Table.Td>
      <Table.Td>
        <Code>{entry.ip ?? "—"}</Code>
      </Table.Td>
    </Table.Tr>
  );
}

export function CodesPage() {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const errorTexts = useApiErrorTexts();
  const [searchParams] = useSearchParams();
  const filters = codeFiltersOf(searchParams);
  const order = useListOrder();
  const codes = useInfiniteQuery(codesQueryOptions(viewer?.id, filters, order));
  const entries = codes.data?.pages.flatMap((page) => page.items);
  const refused = codes.isError ? errorTexts(codes.error, ["recipient"]) : null;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <FiltersForm
          key={searchParams.toString()}
          filters={filters}
          recipientError={refused?.fields.recipient}
        />
      </Paper>
      {entries?.some((entry) => entry.masked) && (
        <Text size="sm" c="dimmed" data-testid="codes-masked">
          {t("dashboard.codes.maskedHint")}
        </Text>
      )}
      <KeysetTable
        ordered
        query={codes}
        rows={entries}
        name="codes"
        emptyText={t("dashboard.codes.none")}
        minWidth={860}
        highlightOnHover
        hideError={!!refused?.fields.recipient}
        head={
          <>
            <Table.Th>{t("dashboard.history.column.when")}</Table.Th>
            <Table.Th>{t("dashboard.codes.column.recipient")}</Table.Th>
            <Table.Th>{t("dashboard.codes.column.purpose")}</Table.Th>
            <Table.Th>{t("dashboard.codes.column.channel")}</Table.Th>
            <Table.Th>{t("dashboard.codes.column.status")}</Table.Th>
            <Table.Th>{t("dashboard.codes.column.attempts")}</Table.Th>
            <Table.Th>{t("dashboard.codes.column.used")}</Table.Th>
            <Table.Th>{t("dashboard.history.column.ip")}</Table.Th>
          </>
        }
        row={(entry) => <CodeRow key={entry.id} entry={entry} />}
      />
    </Stack>
  );
}
