/**
 * Dashboard → payments (issue 17, decision 068): every balance movement, newest first, with filters
 * (kind, user, provider reference, period) kept in the address and "show more" (keyset pages).
 * Admins credit or debit a balance with a reason in a dialog, and refund part or all of a purchase
 * (or plan renewal) in another; moderators only read.
 */
import {
  Badge,
  Button,
  Code,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  adjustmentReasonMax,
  type DashboardAdjustment,
  type DashboardPaymentRow,
  dashboardAdjustmentReasonMin,
  type LedgerEntryKind,
  ledgerAmountMax,
  ledgerEntryKinds,
  tyiynPerSom,
} from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { DayRangeInput } from "../../components/day-range-input.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { toasts } from "../../lib/app-state.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import { dashboardKeys } from "./api/dashboard-api.ts";
import {
  adjustBalance,
  type PaymentFilters,
  paymentsQueryOptions,
  refundPurchase,
} from "./api/payments-api.ts";
import classes from "./dashboard.module.css";
import { DialogButtons } from "./dialog-buttons.tsx";
import { FilterButtons, KeysetTable, useApplyFilters, useListOrder } from "./keyset-table.tsx";
import { useDashboardFormat } from "./use-dashboard-format.ts";

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The filters the address names (`?kind=adjustment&user=12`); bad values are dropped. */
export function paymentFiltersOf(search: URLSearchParams): PaymentFilters {
  const text = (name: string) => search.get(name)?.trim().slice(0, 100) || null;
  const kind = text("kind");
  const day = (name: string) => {
    const value = text(name);
    return value && dayPattern.test(value) ? value : null;
  };
  return {
    kind: (ledgerEntryKinds as readonly string[]).includes(kind ?? "") ? (kind as LedgerEntryKind) : null,
    user: text("user"),
    providerRef: text("providerRef"),
    from: day("from"),
    to: day("to"),
  };
}

interface FilterValues {
  kind: string | null;
  user: string;
  providerRef: string;
  period: [string | null, string | null];
}

function FiltersForm({ filters }: { filters: PaymentFilters }) {
  const { t } = useTranslation();
  const applyFilters = useApplyFilters();
  const form = useForm<FilterValues>({
    initialValues: {
      kind: filters.kind,
      user: filters.user ?? "",
      providerRef: filters.providerRef ?? "",
      period: [filters.from, filters.to],
    },
  });
  const apply = (values: FilterValues) => {
    const next = new URLSearchParams();
    const set = (name: string, value: string | null | undefined) => {
      if (value?.trim()) next.set(name, value.trim());
    };
    set("kind", values.kind);
    set("user", values.user);
    set("providerRef", values.providerRef);
    set("from", values.period[0]);
    set("to", values.period[1] ?? values.period[0]);
    applyFilters(next);
  };
  return (
    <form onSubmit={form.onSubmit(apply)} data-testid="payments-filters">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label={t("dashboard.payments.kind")}
            placeholder={t("dashboard.history.any")}
            clearable
            data={ledgerEntryKinds.map((kind) => ({ value: kind, label: t(`money.ledger.kind.${kind}`) }))}
            {...form.getInputProps("kind")}
          />
          <TextInput
            label={t("dashboard.payments.user")}
            placeholder={t("dashboard.payments.userPlaceholder")}
            maxLength={100}
            {...form.getInputProps("user")}
            data-testid="payments-user"
          />
          <TextInput
            label={t("dashboard.payments.providerRef")}
            maxLength={100}
            {...form.getInputProps("providerRef")}
          />
          <DayRangeInput
            size="xl"
            label={t("dashboard.history.period")}
            placeholder={t("dashboard.history.periodPlaceholder")}
            clearable
            maxDate={new Date()}
            {...form.getInputProps("period")}
          />
        </SimpleGrid>
        <FilterButtons
          name="payments"
          onReset={() => form.setValues({ kind: null, user: "", providerRef: "", period: [null, null] })}
        />
      </Stack>
    </form>
  );
}

interface AdjustValues {
  userId: number | string;
  direction: "credit" | "debit";
  /** Som, up to two decimals. */
  som: number | string;
  reason: string;
}

function AdjustDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const queryClient = useQueryClient();
  const { money } = useDashboardFormat();
  const errorTexts = useApiErrorTexts();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<DashboardAdjustment | null>(null);
  const form = useForm<AdjustValues>({
    initialValues: { userId: "", direction: "credit", som: "", reason: "" },
    validate: {
      userId: (value) =>
        typeof value === "number" && value > 0 ? null : t("dashboard.payments.userIdRequired"),
      som: (value) =>
        typeof value === "number" && value > 0 ? null : t("dashboard.payments.amountRequired"),
      reason: (value) =>
        value.trim().length < dashboardAdjustmentReasonMin ? t("dashboard.payments.reasonTooShort") : null,
    },
  });
  const adjust = useMutation({
    mutationFn: (values: AdjustValues) => {
      const tyiyn = Math.round(Number(values.som) * tyiynPerSom);
      return adjustBalance({
        userId: Number(values.userId),
        amount: values.direction === "debit" ? -tyiyn : tyiyn,
        reason: values.reason.trim(),
      });
    },
    onSuccess: (result) => {
      setDone(result);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(viewer?.id) });
    },
    onError: (error) => {
      const texts = errorTexts(error, ["userId", "amount", "reason"]);
      for (const [field, text] of Object.entries(texts.fields)) {
        form.setFieldError(field === "amount" ? "som" : field, text);
      }
      setFormError(texts.form);
    },
  });
  return (
    <Modal opened onClose={onClose} title={t("dashboard.payments.adjustTitle")}>
      {done ? (
        <Stack gap="md" data-testid="adjust-done">
          <Text>
            {t("dashboard.payments.adjusted", {
              before: money(done.balanceBefore),
              after: money(done.balanceAfter),
            })}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t("dashboard.payments.close")}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            setFormError(null);
            adjust.mutate(values);
          })}
        >
          <Stack gap="md">
            <FormAlert text={formError} />
            <NumberInput
              label={t("dashboard.payments.userId")}
              required
              min={1}
              allowDecimal={false}
              allowNegative={false}
              data-testid="adjust-user"
              data-autofocus
              {...form.getInputProps("userId")}
            />
            <SegmentedControl
              fullWidth
              data={[
                { value: "credit", label: t("dashboard.payments.credit") },
                { value: "debit", label: t("dashboard.payments.debit") },
              ]}
              {...form.getInputProps("direction")}
            />
            <NumberInput
              label={t("dashboard.payments.amount")}
              required
              min={0}
              max={ledgerAmountMax / tyiynPerSom}
              decimalScale={2}
              allowNegative={false}
              thousandSeparator=" "
              data-testid="adjust-amount"
              {...form.getInputProps("som")}
            />
            <Textarea
              label={t("dashboard.user.reason")}
              required
              autosize
              minRows={2}
              maxLength={adjustmentReasonMax}
              data-testid="adjust-reason"
              {...form.getInputProps("reason")}
            />
            <DialogButtons
              onCancel={onClose}
              label={t("dashboard.payments.adjustSubmit")}
              busy={adjust.isPending}
              testId="adjust-confirm"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

interface RefundValues {
  /** Som, up to two decimals. */
  som: number | string;
  reason: string;
}

/** An admin's refund of part or all of a purchase: the amount starts at what is still refundable. */
function RefundDialog({ row, onClose }: { row: DashboardPaymentRow; onClose: () => void }) {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const queryClient = useQueryClient();
  const { money } = useDashboardFormat();
  const errorTexts = useApiErrorTexts();
  const [formError, setFormError] = useState<string | null>(null);
  const refundable = row.refundable ?? 0;
  const form = useForm<RefundValues>({
    initialValues: { som: refundable / tyiynPerSom, reason: "" },
    validate: {
      som: (value) => {
        if (typeof value !== "number" || value <= 0) return t("dashboard.payments.amountRequired");
        return Math.round(value * tyiynPerSom) > refundable
          ? t("dashboard.payments.refundTooMuch", { max: money(refundable) })
          : null;
      },
      reason: (value) =>
        value.trim().length < dashboardAdjustmentReasonMin ? t("dashboard.payments.reasonTooShort") : null,
    },
  });
  const refund = useMutation({
    mutationFn: (values: RefundValues) =>
      refundPurchase(row.id, {
        amount: Math.round(Number(values.som) * tyiynPerSom),
        reason: values.reason.trim(),
      }),
    onSuccess: (result, values) => {
      toasts.add({
        title: t("dashboard.payments.refunded", {
          amount: money(Math.round(Number(values.som) * tyiynPerSom)),
          after: money(result.balanceAfter),
        }),
        color: "teal",
      });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(viewer?.id) });
      onClose();
    },
    onError: (error) => {
      const texts = errorTexts(error, ["amount", "reason"]);
      for (const [field, text] of Object.entries(texts.fields)) {
        form.setFieldError(field === "amount" ? "som" : field, text);
      }
      setFormError(texts.form);
    },
  });
  return (
    <Modal opened onClose={onClose} title={t("dashboard.payments.refundTitle")}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setFormError(null);
          refund.mutate(values);
        })}
      >
        <Stack gap="md">
          <Text size="sm">
            {t("dashboard.payments.refundOf", {
              user: row.user.name || `#${row.user.id}`,
              price: money(Math.abs(row.amount)),
              refundable: money(refundable),
            })}
          </Text>
          <FormAlert text={formError} />
          <NumberInput
            label={t("dashboard.payments.amount")}
            required
            min={0}
            max={refundable / tyiynPerSom}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=" "
            data-testid="refund-amount"
            data-autofocus
            {...form.getInputProps("som")}
          />
          <Textarea
            label={t("dashboard.user.reason")}
            required
            autosize
            minRows={2}
            maxLength={adjustmentReasonMax}
            data-testid="refund-reason"
            {...form.getInputProps("reason")}
          />
          <DialogButtons
            onCancel={onClose}
            label={t("dashboard.payments.refundSubmit")}
            busy={refund.isPending}
            testId="refund-confirm"
          />
        </Stack>
      </form>
    </Modal>
  );
}

function PaymentRow({
  row,
  onRefund,
}: {
  row: DashboardPaymentRow;
  /** Admins: opens the refund dialog for a purchase with something left to refund. */
  onRefund?: (row: DashboardPaymentRow) => void;
}) {
  const { t } = useTranslation();
  const { when, money } = useDashboardFormat();
  return (
    <Table.Tr data-testid="payment-row" data-kind={row.kind}>
      <Table.Td>{when(row.createdAt)}</Table.Td>
      <Table.Td>
        <AppLink to={`/dashboard/users/${row.user.id}`}>{row.user.name || `#${row.user.id}`}</AppLink>
      </Table.Td>
      <Table.Td c={row.amount > 0 ? "teal" : "red"} fw={600}>
        {row.amount > 0 ? "+" : "−"}
        {money(Math.abs(row.amount))}
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm">{t(`money.ledger.kind.${row.kind}`)}</Text>
          {row.reference && <Code>{row.reference}</Code>}
          {onRefund && row.refundable !== null && row.refundable > 0 && (
            <Button
              size="compact-sm"
              variant="light"
              w="fit-content"
              onClick={() => onRefund(row)}
              data-testid="refund-open"
            >
              {t("dashboard.payments.refund")}
            </Button>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        {row.provider ? (
          <Stack gap={2} align="flex-start">
            <Text size="sm">{t(`money.provider.${row.provider}.label`)}</Text>
            {row.providerRef && <Code>{row.providerRef}</Code>}
            {row.status && <Badge variant="light">{t(`money.payments.status.${row.status}`)}</Badge>}
          </Stack>
        ) : (
          "—"
        )}
      </Table.Td>
      <Table.Td className={classes.change}>
        {row.staff ? (
          <Stack gap={2}>
            <AppLink to={`/dashboard/users/${row.staff.id}`}>{row.staff.name || `#${row.staff.id}`}</AppLink>
            {row.reason && <Text size="sm">{row.reason}</Text>}
          </Stack>
        ) : (
          "—"
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function PaymentsPage({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const [searchParams] = useSearchParams();
  const filters = paymentFiltersOf(searchParams);
  const order = useListOrder();
  const payments = useInfiniteQuery(paymentsQueryOptions(viewer?.id, filters, order));
  const rows = payments.data?.pages.flatMap((page) => page.items);
  const [adjusting, setAdjusting] = useState(false);
  const [refunding, setRefunding] = useState<DashboardPaymentRow | null>(null);
  return (
    <Stack gap="lg">
      {canWrite && (
        <Group justify="flex-end">
          <Button onClick={() => setAdjusting(true)} data-testid="adjust-open">
            {t("dashboard.payments.adjust")}
          </Button>
        </Group>
      )}
      {adjusting && <AdjustDialog onClose={() => setAdjusting(false)} />}
      {refunding && <RefundDialog row={refunding} onClose={() => setRefunding(null)} />}
      <Paper withBorder radius="lg" p="lg">
        <FiltersForm key={searchParams.toString()} filters={filters} />
      </Paper>
      <KeysetTable
        ordered
        query={payments}
        rows={rows}
        name="payments"
        emptyText={t("dashboard.payments.none")}
        minWidth={840}
        highlightOnHover
        head={
          <>
            <Table.Th>{t("dashboard.history.column.when")}</Table.Th>
            <Table.Th>{t("dashboard.payments.column.user")}</Table.Th>
            <Table.Th>{t("dashboard.payments.column.amount")}</Table.Th>
            <Table.Th>{t("dashboard.payments.column.kind")}</Table.Th>
            <Table.Th>{t("dashboard.payments.column.provider")}</Table.Th>
            <Table.Th>{t("dashboard.payments.column.staff")}</Table.Th>
          </>
        }
        row={(row) => <PaymentRow key={row.id} row={row} onRefund={canWrite ? setRefunding : undefined} />}
      />
    </Stack>
  );
}
