/**
 * Dashboard → subscribes (issue 17, decision 068): the plans, which admins edit in a dialog, and the
 * current subscriptions (filter by plan in the address, "show more"), whose auto-renewal admins may
 * stop. Moderators only read.
 */
import {
  Badge,
  Button,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type DashboardPlan,
  type DashboardPlanInput,
  type DashboardSubscriptionRow,
  ledgerAmountMax,
  locales,
  planAdLimitMax,
  planNameMax,
  planRaiseCreditsMax,
  tyiynPerSom,
  verticals,
} from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { ListSkeleton, LoadFailed } from "../../components/load-state.tsx";
import { useCurrentUser } from "../../lib/session.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { dashboardKeys } from "./api/dashboard-api.ts";
import {
  dashboardPlansQueryOptions,
  savePlan,
  stopAutoRenew,
  subscriptionsQueryOptions,
} from "./api/subscribes-api.ts";
import classes from "./dashboard.module.css";
import { DialogButtons } from "./dialog-buttons.tsx";
import { KeysetTable, useApplyFilters, useListOrder } from "./keyset-table.tsx";
import { useDashboardFormat } from "./use-dashboard-format.ts";

/** The form's values: the price in som (the API's is tyiyn). */
type PlanValues = Omit<DashboardPlanInput, "price"> & { price: number | string };

function PlanDialog({ plan, onClose }: { plan: DashboardPlan; onClose: () => void }) {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const queryClient = useQueryClient();
  const errorTexts = useApiErrorTexts();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PlanValues>({
    initialValues: {
      names: plan.names,
      price: plan.price / tyiynPerSom,
      adLimits: plan.adLimits,
      raiseCredits: plan.raiseCredits,
      isActive: plan.isActive,
    },
    validate: {
      names: { ky: required, ru: required, en: required },
      price: (value) =>
        typeof value === "number" && value >= 1 ? null : t("dashboard.subscribes.priceRequired"),
    },
  });
  function required(value: string) {
    return value.trim() ? null : t("dashboard.subscribes.nameRequired");
  }
  const save = useMutation({
    mutationFn: (values: PlanValues) =>
      savePlan(plan.code, {
        ...values,
        names: { ky: values.names.ky.trim(), ru: values.names.ru.trim(), en: values.names.en.trim() },
        price: Math.round(Number(values.price) * tyiynPerSom),
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(viewer?.id) });
      onClose();
    },
    onError: (error) => {
      const fields = [
        "price",
        "raiseCredits",
        ...locales.map((locale) => `names.${locale}`),
        ...verticals.map((vertical) => `adLimits.${vertical}`),
      ];
      const texts = errorTexts(error, fields);
      for (const [field, text] of Object.entries(texts.fields)) form.setFieldError(field, text);
      setFormError(texts.form);
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t("dashboard.subscribes.editTitle", { code: plan.code })}
      size="lg"
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setFormError(null);
          save.mutate(values);
        })}
      >
        <Stack gap="md">
          <FormAlert text={formError} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {locales.map((locale) => (
              <TextInput
                key={locale}
                label={t(`dashboard.subscribes.name.${locale}`)}
                required
                maxLength={planNameMax}
                data-testid={`plan-name-${locale}`}
                {...form.getInputProps(`names.${locale}`)}
              />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label={t("dashboard.subscribes.price")}
              required
              min={1}
              max={ledgerAmountMax / tyiynPerSom}
              decimalScale={2}
              allowNegative={false}
              thousandSeparator=" "
              data-testid="plan-price"
              {...form.getInputProps("price")}
            />
            <NumberInput
              label={t("dashboard.subscribes.raiseCredits")}
              min={0}
              max={planRaiseCreditsMax}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps("raiseCredits")}
            />
          </SimpleGrid>
          <Text fw={600} size="sm">
            {t("dashboard.subscribes.adLimits")}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {verticals.map((vertical) => (
              <NumberInput
                key={vertical}
                label={t(`dashboard.subscribes.vertical.${vertical}`)}
                min={0}
                max={planAdLimitMax}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps(`adLimits.${vertical}`)}
              />
            ))}
          </SimpleGrid>
          <Switch
            label={t("dashboard.subscribes.onSale")}
            {...form.getInputProps("isActive", { type: "checkbox" })}
          />
          <DialogButtons
            onCancel={onClose}
            label={t("dashboard.subscribes.save")}
            busy={save.isPending}
            testId="plan-save"
          />
        </Stack>
      </form>
    </Modal>
  );
}

function PlansTable({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const viewer = useCurrentUser();
  const { money } = useDashboardFormat();
  const plans = useQuery(dashboardPlansQueryOptions(viewer?.id));
  const [editing, setEditing] = useState<DashboardPlan | null>(null);
  if (plans.isError) return <LoadFailed text={t("dashboard.loadFailed")} onRetry={plans.refetch} />;
  if (!plans.data) return <ListSkeleton height={40} />;
  return (
    <>
      {editing && <PlanDialog plan={editing} onClose={() => setEditing(null)} />}
      <Table.ScrollContainer minWidth={720}>
        <Table striped className={classes.table} data-testid="plans-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("dashboard.subscribes.column.plan")}</Table.Th>
              <Table.Th>{t("dashboard.subscribes.column.price")}</Table.Th>
              <Table.Th className={classes.wrap}>{t("dashboard.subscribes.adLimits")}</Table.Th>
              <Table.Th className={classes.wrap}>{t("dashboard.subscribes.raiseCredits")}</Table.Th>
              <Table.Th>{t("dashboard.subscribes.column.state")}</Table.Th>
              {canWrite && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plans.data.items.map((plan) => (
              <Table.Tr key={plan.code} data-testid="plan-row">
                <Table.Td>
                  <Text fw={600}>{plan.names[locale]}</Text>
                  <Text size="xs" c="dimmed">
                    {plan.code}
                  </Text>
                </Table.Td>
                <Table.Td>{t("dashboard.subscribes.perMonth", { price: money(plan.price) })}</Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    {verticals.map((vertical) => (
                      <Text key={vertical} size="sm">
                        {t(`dashboard.subscribes.vertical.${vertical}`)}: {plan.adLimits[vertical]}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
                <Table.Td>{plan.raiseCredits}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={plan.isActive ? "teal" : "dimmed"}>
                    {t(plan.isActive ? "dashboard.subscribes.onSale" : "dashboard.subscribes.offSale")}
                  </Text>
                </Table.Td>
                {canWrite && (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditing(plan)}
                      data-testid="plan-edit"
                    >
                      {t("dashboard.subscribes.edit")}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

function SubscriptionRow({
  row,
  onStop,
}: {
  row: DashboardSubscriptionRow;
  onStop: ((row: DashboardSubscriptionRow) => void) | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { when } = useDashboardFormat();
  return (
    <Table.Tr data-testid="subscription-row">
      <Table.Td>
        <AppLink to={`/dashboard/users/${row.user.id}`}>{row.user.name || `#${row.user.id}`}</AppLink>
      </Table.Td>
      <Table.Td>{row.plan.names[locale]}</Table.Td>
      <Table.Td>{when(row.startedAt)}</Table.Td>
      <Table.Td>{when(row.paidUntil)}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={row.autoRenew ? "teal" : "gray"}>
          {t(row.autoRenew ? "dashboard.subscribes.renews" : "dashboard.subscribes.ends")}
        </Badge>
      </Table.Td>
      {onStop && (
        <Table.Td>
          {row.autoRenew && (
            <Button
              size="xs"
              variant="default"
              color="red"
              onClick={() => onStop(row)}
              data-testid="subscription-stop"
            >
              {t("dashboard.subscribes.stop")}
            </Button>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function SubscriptionsList({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const viewer = useCurrentUser();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const applyFilters = useApplyFilters();
  const plan = searchParams.get("plan")?.trim() || null;
  const plans = useQuery(dashboardPlansQueryOptions(viewer?.id));
  const order = useListOrder();
  const list = useInfiniteQuery(subscriptionsQueryOptions(viewer?.id, plan, order));
  const rows = list.data?.pages.flatMap((page) => page.items);
  const [stopping, setStopping] = useState<DashboardSubscriptionRow | null>(null);
  const stop = useMutation({
    mutationFn: (id: number) => stopAutoRenew(id),
    onSettled: () => {
      setStopping(null);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(viewer?.id) });
    },
  });
  return (
    <Stack gap="md">
      <Select
        label={t("dashboard.subscribes.filterPlan")}
        placeholder={t("dashboard.history.any")}
        clearable
        maw={320}
        data={(plans.data?.items ?? []).map((item) => ({ value: item.code, label: item.names[locale] }))}
        value={plan}
        onChange={(value) => applyFilters(value ? { plan: value } : {})}
      />
      <KeysetTable
        ordered
        query={list}
        rows={rows}
        name="subscriptions"
        emptyText={t("dashboard.subscribes.none")}
        minWidth={720}
        head={
          <>
            <Table.Th>{t("dashboard.payments.column.user")}</Table.Th>
            <Table.Th>{t("dashboard.subscribes.column.plan")}</Table.Th>
            <Table.Th>{t("dashboard.subscribes.column.since")}</Table.Th>
            <Table.Th>{t("dashboard.subscribes.column.until")}</Table.Th>
            <Table.Th>{t("dashboard.subscribes.column.autoRenew")}</Table.Th>
            {canWrite && <Table.Th />}
          </>
        }
        row={(row) => <SubscriptionRow key={row.id} row={row} onStop={canWrite ? setStopping : null} />}
      />
      <ConfirmModal
        opened={stopping !== null}
        title={t("dashboard.subscribes.stopTitle")}
        text={t("dashboard.subscribes.stopText")}
        confirmLabel={t("dashboard.subscribes.stop")}
        onConfirm={() => stopping && stop.mutate(stopping.id)}
        onClose={() => setStopping(null)}
        isBusy={stop.isPending}
      />
    </Stack>
  );
}

export function SubscribesPage({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("dashboard.subscribes.plans")}
        </Title>
        <PlansTable canWrite={canWrite} />
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("dashboard.subscribes.subscriptions")}
        </Title>
        <SubscriptionsList canWrite={canWrite} />
      </Stack>
    </Stack>
  );
}
