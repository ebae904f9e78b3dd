/**
 * Settings → balance (issue 16, item 5; decision 061): the balance, the top-up form, the latest
 * payments and their state, the outcome of the payment the checkout sent the user back from (polled
 * until final), and the ledger's history with filters and keyset pages.
 */
import {
  Alert,
  Badge,
  Button,
  Chip,
  Group,
  Loader,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconCircleCheck, IconCircleX, IconReceiptRefund } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  defaultLocale,
  type LedgerEntry,
  type LedgerEntryKind,
  type Payment,
  type PaymentProvider,
  type PaymentStatus,
  tyiynPerSom,
} from "@unaa/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { DayRangeInput } from "../../components/day-range-input.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { LoadFailed } from "../../components/load-state.tsx";
import { localizePath } from "../../lib/i18n.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { useSiteDateTime as useDateTime, useMoney } from "../../lib/use-site-format.ts";
import {
  type LedgerFilters,
  ledgerQueryOptions,
  moneyKeys,
  paymentQueryOptions,
  paymentsQueryOptions,
  startTopUp,
  walletQueryOptions,
} from "./api/money-api.ts";
import classes from "./money.module.css";
import { readTopUpReturn } from "./top-up-return.ts";

// The contracts' lists and limits, copied as type-checked data: their module brings zod along.
const kinds: Record<LedgerEntryKind, true> = {
  top_up: true,
  purchase: true,
  refund: true,
  adjustment: true,
  plan_renewal: true,
  service_refund: true,
  staff_refund: true,
};
const topUpMinSom = 50;
const topUpMaxSom = 100_000;
const presetsSom = [200, 500, 1_000, 2_000, 5_000];
const statusColors: Record<PaymentStatus, string> = {
  pending: "yellow",
  paid: "teal",
  failed: "red",
  refunded: "gray",
};
/** A path of this site in the page's language, or a provider's own address as it is. */
function useGoTo() {
  const locale = useLocale();
  const navigate = useNavigate();
  return (target: string) => {
    if (!target.startsWith("/")) {
      window.location.assign(target);
      return;
    }
    navigate(locale === defaultLocale ? target : localizePath(target, locale));
  };
}

function BalanceCard() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const money = useMoney();
  const wallet = useQuery(walletQueryOptions(user?.id));
  return (
    <Paper withBorder radius="lg" p="lg" className={classes.balanceCard}>
      <Stack gap={6}>
        <Text size="sm" fw={600} c="dimmed">
          {t("money.balance.title")}
        </Text>
        {wallet.isError ? (
          <LoadFailed text={t("money.balance.loadFailed")} onRetry={wallet.refetch} />
        ) : wallet.data ? (
          <Text className={classes.balance} data-testid="wallet-balance">
            {money(wallet.data.balance)}
          </Text>
        ) : (
          <Skeleton height={44} width={180} />
        )}
        <Text size="sm" c="dimmed">
          {t("money.balance.hint")}
        </Text>
      </Stack>
    </Paper>
  );
}

interface TopUpValues {
  amount: number | string;
  provider: PaymentProvider | "";
}

function TopUpForm({ providers }: { providers: PaymentProvider[] | undefined }) {
  const { t } = useTranslation();
  const errorTexts = useApiErrorTexts();
  const money = useMoney();
  const goTo = useGoTo();
  const [formError, setFormError] = useState<string | null>(null);
  const limits = { min: money(topUpMinSom * tyiynPerSom), max: money(topUpMaxSom * tyiynPerSom) };
  const form = useForm<TopUpValues>({
    initialValues: { amount: 500, provider: "" },
    validate: {
      amount: (value) => {
        if (value === "" || value === undefined) return t("money.topUp.error.amountRequired");
        const som = Number(value);
        return Number.isInteger(som) && som >= topUpMinSom && som <= topUpMaxSom
          ? null
          : t("money.topUp.error.amountRange", limits);
      },
    },
  });
  const provider = form.values.provider || providers?.[0] || "";
  const submit = useMutation({
    mutationFn: (values: TopUpValues) =>
      startTopUp({ amount: Number(values.amount) * tyiynPerSom, provider: provider as PaymentProvider }),
    onSuccess: (answer) => goTo(answer.redirectUrl),
    onError: (error) => {
      const texts = errorTexts(error, ["amount", "provider"]);
      for (const [field, text] of Object.entries(texts.fields)) form.setFieldError(field, text);
      setFormError(texts.form);
    },
  });
  const amount = Number(form.values.amount);
  const isValidAmount = Number.isInteger(amount) && amount >= topUpMinSom && amount <= topUpMaxSom;

  if (providers && providers.length === 0) {
    return (
      <Paper withBorder radius="lg" p="lg">
        <Title order={2} size="h4" mb="xs">
          {t("money.topUp.title")}
        </Title>
        <Text c="dimmed">{t("money.topUp.none")}</Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="lg" p="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setFormError(null);
          submit.mutate(values);
        })}
        data-testid="top-up-form"
      >
        <Stack gap="md">
          <Title order={2} size="h4">
            {t("money.topUp.title")}
          </Title>
          <FormAlert text={formError} />
          <Chip.Group
            value={String(form.values.amount)}
            onChange={(value) => form.setFieldValue("amount", Number(value))}
          >
            <Group gap="xs" role="group" aria-label={t("money.topUp.presets")}>
              {presetsSom.map((som) => (
                <Chip key={som} value={String(som)} variant="outline">
                  {money(som * tyiynPerSom)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <NumberInput
            label={t("money.topUp.amount")}
            description={t("money.topUp.amountHint", limits)}
            min={topUpMinSom}
            max={topUpMaxSom}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
            clampBehavior="none"
            inputMode="numeric"
            data-testid="top-up-amount"
            {...form.getInputProps("amount")}
          />
          <Radio.Group
            label={t("money.topUp.provider")}
            value={provider}
            onChange={(value) => form.setFieldValue("provider", value as PaymentProvider)}
            error={form.errors.provider}
          >
            <Stack gap="xs" mt={6}>
              {providers === undefined ? (
                <Skeleton height={48} />
              ) : (
                providers.map((name) => (
                  <Radio.Card key={name} value={name} radius="md" p="sm" className={classes.providerCard}>
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Radio.Indicator />
                      <div>
                        <Text fw={600} size="sm">
                          {t(`money.provider.${name}.label`)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t(`money.provider.${name}.description`)}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                ))
              )}
            </Stack>
          </Radio.Group>
          <Button type="submit" loading={submit.isPending || submit.isSuccess} data-testid="top-up-submit">
            {isValidAmount
              ? t("money.topUp.submit", { amount: money(amount * tyiynPerSom) })
              : t("money.topUp.submitEmpty")}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** The payment the checkout sent the user back from: polled until the provider's outcome is in. */
function PaymentResult({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const money = useMoney();
  const queryClient = useQueryClient();
  const payment = useQuery(paymentQueryOptions(user?.id, id));
  const status = payment.data?.status;
  // Read after hydration: the server cannot know this tab's storage.
  const [returnPath, setReturnPath] = useState<string | null>(null);
  useEffect(() => setReturnPath(readTopUpReturn()), []);
  useEffect(() => {
    if (status && status !== "pending")
      void queryClient.invalidateQueries({ queryKey: moneyKeys.all(user?.id) });
  }, [status, queryClient, user?.id]);
  if (payment.isError) {
    return (
      <Alert color="red" withCloseButton onClose={onClose} closeButtonLabel={t("money.result.close")}>
        {t("money.result.notFound")}
      </Alert>
    );
  }
  if (!payment.data) return <Skeleton height={56} radius="md" />;
  const amount = money(payment.data.amount);
  const look = {
    pending: { color: "blue", icon: <Loader size={18} /> },
    paid: { color: "teal", icon: <IconCircleCheck size={20} /> },
    failed: { color: "red", icon: <IconCircleX size={20} /> },
    refunded: { color: "gray", icon: <IconReceiptRefund size={20} /> },
  }[payment.data.status];
  return (
    <Alert
      color={look.color}
      icon={look.icon}
      role="status"
      aria-live="polite"
      data-testid="payment-result"
      data-status={payment.data.status}
      withCloseButton={payment.data.status !== "pending"}
      onClose={onClose}
      closeButtonLabel={t("money.result.close")}
    >
      {t(`money.result.${payment.data.status}`, { amount })}
      {payment.data.status === "paid" && returnPath && (
        <Button
          size="xs"
          mt="xs"
          display="block"
          component={AppLink}
          to={returnPath}
          data-testid="payment-back-to-services"
        >
          {t("money.result.backToServices")}
        </Button>
      )}
    </Alert>
  );
}

function PaymentRow({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const money = useMoney();
  const when = useDateTime();
  return (
    <Group justify="space-between" gap="xs" className={classes.row} data-testid="payment-row">
      <Stack gap={2} miw={0}>
        <Group gap="xs">
          <Text fw={600}>{money(payment.amount)}</Text>
          <Badge color={statusColors[payment.status]} variant="light" className={classes.badge}>
            {t(`money.payments.status.${payment.status}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t(`money.provider.${payment.provider}.label`)} · {when(payment.createdAt)}
        </Text>
      </Stack>
      {payment.status === "pending" && payment.provider === "sandbox" && (
        <Button component={AppLink} to={`/sandbox-pay/${payment.id}`} size="compact-md" variant="light">
          {t("money.payments.continue")}
        </Button>
      )}
    </Group>
  );
}

function PaymentsSection({ payments }: { payments: Payment[] | undefined }) {
  const { t } = useTranslation();
  if (payments !== undefined && payments.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} size="h4" mb="sm">
        {t("money.payments.title")}
      </Title>
      {payments === undefined ? (
        <Skeleton height={48} />
      ) : (
        <Stack gap={0}>
          {payments.slice(0, 5).map((payment) => (
            <PaymentRow key={payment.id} payment={payment} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function EntryRow({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation();
  const money = useMoney();
  const when = useDateTime();
  const detail = entry.reason ?? entry.reference;
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" className={classes.row} data-testid="ledger-entry">
      <Stack gap={0} miw={0}>
        <Text fw={600}>{t(`money.ledger.kind.${entry.kind}`)}</Text>
        <Text size="xs" c="dimmed">
          {when(entry.createdAt)}
        </Text>
        {detail && (
          <Text size="xs" c="dimmed" className={classes.detail}>
            {detail}
          </Text>
        )}
      </Stack>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        <Text
          fw={700}
          className={entry.amount > 0 ? classes.credit : classes.debit}
          data-testid="ledger-amount"
        >
          {entry.amount > 0 ? "+" : ""}
          {money(entry.amount)}
        </Text>
        <Text size="xs" c="dimmed">
          {t("money.ledger.balanceAfter", { balance: money(entry.balanceAfter) })}
        </Text>
      </Stack>
    </Group>
  );
}

function LedgerHistory() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [filters, setFilters] = useState<LedgerFilters>({ kind: null, from: null, to: null });
  const ledger = useInfiniteQuery(ledgerQueryOptions(user?.id, filters));
  const entries = ledger.data?.pages.flatMap((page) => page.items);
  const isFiltered = filters.kind !== null || filters.from !== null;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t("money.ledger.title")}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t("money.ledger.kindFilter")}
            placeholder={t("money.ledger.allKinds")}
            clearable
            data={Object.keys(kinds).map((kind) => ({ value: kind, label: t(`money.ledger.kind.${kind}`) }))}
            value={filters.kind}
            onChange={(kind) =>
              setFilters((current) => ({ ...current, kind: kind as LedgerEntryKind | null }))
            }
            data-testid="ledger-kind"
          />
          <DayRangeInput
            // The theme's control size (S9.4), as the select beside it.
            size="xl"
            label={t("money.ledger.dates")}
            placeholder={t("money.ledger.datesPlaceholder")}
            clearable
            maxDate={new Date()}
            value={[filters.from, filters.to]}
            onChange={([from, to]) => {
              // A range takes effect once both ends are picked (or both are cleared).
              if ((from === null) === (to === null)) setFilters((current) => ({ ...current, from, to }));
            }}
          />
        </SimpleGrid>
        {ledger.isError ? (
          <LoadFailed text={t("money.ledger.loadFailed")} onRetry={ledger.refetch} />
        ) : entries === undefined ? (
          <Stack gap="xs">
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Stack>
        ) : entries.length === 0 ? (
          <Text c="dimmed" data-testid="ledger-empty">
            {isFiltered ? t("money.ledger.emptyFiltered") : t("money.ledger.empty")}
          </Text>
        ) : (
          <Stack gap={0} data-testid="ledger-list">
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </Stack>
        )}
        {ledger.hasNextPage && (
          <Button
            variant="default"
            onClick={() => ledger.fetchNextPage()}
            loading={ledger.isFetchingNextPage}
            style={{ alignSelf: "center" }}
          >
            {t("money.ledger.more")}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

export function BalancePage() {
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const returnedFrom = searchParams.get("payment");
  const payments = useQuery(paymentsQueryOptions(user?.id));
  const closeResult = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("payment");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <Stack gap="lg">
      {returnedFrom && <PaymentResult id={returnedFrom} onClose={closeResult} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <BalanceCard />
        <TopUpForm providers={payments.data?.providers} />
      </SimpleGrid>
      <PaymentsSection payments={payments.data?.items} />
      <LedgerHistory />
    </Stack>
  );
}
