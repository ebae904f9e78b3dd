/**
 * Settings → subscribe (issue 16, item 4; decision 064): the user's plan (renewal date, raise
 * credits, cancel or resume), their active ads against the limits per vertical, and the plans on
 * sale, bought from the balance after a confirmation that shows the balance and a top-up link when
 * it is short.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconCheck, IconCrown, IconRocket } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MySubscription, Plan, PlanFeature, Subscription, Vertical } from "@unaa/contracts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { showSuccess } from "../../lib/notify.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { useMoney, useSiteDay } from "../../lib/use-site-format.ts";
import {
  balanceQueryOptions,
  changeRenewal,
  mySubscriptionQueryOptions,
  plansQueryOptions,
  subscribe,
} from "./api/plans-api.ts";
import classes from "./plans.module.css";

// The contracts' list, copied as type-checked data: its module brings zod along.
const verticalOrder: Record<Vertical, number> = { car: 1, commercial: 2, moto: 3, uslugi: 4 };
const verticalList = Object.keys(verticalOrder) as Vertical[];

/** The unused part of the current paid month, as the server credits it on a change of plan. */
function unusedPart(subscription: Subscription, now: number): number {
  const start = new Date(subscription.periodStart).getTime();
  const end = new Date(subscription.paidUntil).getTime();
  if (end <= start || end <= now) return 0;
  return Math.floor((subscription.plan.price * (end - now)) / (end - start));
}

function CurrentPlan({ mine }: { mine: MySubscription }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorTexts = useApiErrorTexts();
  const money = useMoney();
  const day = useSiteDay();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const renewal = useMutation({
    mutationFn: changeRenewal,
    onSuccess: async (_answer, action) => {
      setError(null);
      showSuccess(t(`plans.current.${action}Done`));
      await queryClient.invalidateQueries({ queryKey: mySubscriptionQueryOptions(user?.id).queryKey });
    },
    onError: (failure) => setError(errorTexts(failure, []).form),
  });
  const { subscription } = mine;
  if (!subscription) {
    return (
      <Paper withBorder radius="lg" p="lg" data-testid="current-plan" data-plan="">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md" color="gray">
            <IconRocket size={20} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} size="h4">
              {t("plans.current.freeTitle")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("plans.current.freeText")}
            </Text>
          </Stack>
        </Group>
      </Paper>
    );
  }
  const isActive = subscription.status === "active";
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      className={classes.current}
      data-testid="current-plan"
      data-plan={subscription.plan.code}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="md">
              <IconCrown size={20} />
            </ThemeIcon>
            <div>
              <Text size="sm" c="dimmed" fw={600}>
                {t("plans.current.title")}
              </Text>
              <Title order={2} size="h3">
                {subscription.plan.names[locale]}
              </Title>
            </div>
          </Group>
          <Badge color={isActive ? "teal" : "yellow"} variant="light" className={classes.badge}>
            {t(`plans.status.${subscription.status}`)}
          </Badge>
        </Group>
        <Text data-testid="current-plan-renewal">
          {isActive
            ? t("plans.current.renews", {
                date: day(subscription.paidUntil),
                price: money(subscription.plan.price),
              })
            : t("plans.current.ends", { date: day(subscription.paidUntil) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t("plans.current.credits", {
            left: subscription.raiseCreditsLeft,
            total: subscription.plan.raiseCredits,
          })}
        </Text>
        <FormAlert text={error} />
        <Group>
          {isActive ? (
            <Button
              variant="default"
              loading={renewal.isPending}
              onClick={() => renewal.mutate("cancel")}
              data-testid="plan-cancel"
            >
              {t("plans.current.cancel")}
            </Button>
          ) : (
            <Button
              loading={renewal.isPending}
              onClick={() => renewal.mutate("resume")}
              data-testid="plan-resume"
            >
              {t("plans.current.resume")}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function LimitsCard({ limits }: { limits: MySubscription["limits"] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} size="h4" mb="sm">
        {t("plans.limits.title")}
      </Title>
      <Stack gap="sm">
        {limits.map((row) => (
          <div key={row.vertical} data-testid={`limit-${row.vertical}`}>
            <Group justify="space-between" gap="xs" mb={4}>
              <Text size="sm" fw={600}>
                {t(`nav.${row.vertical}`)}
              </Text>
              <Text size="sm" c="dimmed" className={classes.numbers}>
                {t("plans.limits.usage", { used: row.used, limit: row.limit })}
              </Text>
            </Group>
            <Progress
              value={row.limit > 0 ? Math.min(100, (row.used / row.limit) * 100) : 100}
              color={row.used >= row.limit ? "red" : "teal"}
              aria-label={t("plans.limits.aria", {
                vertical: t(`nav.${row.vertical}`),
                used: row.used,
                limit: row.limit,
              })}
            />
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

function PlanCard({
  plan,
  current,
  onChoose,
}: {
  plan: Plan;
  current: Subscription | null;
  onChoose: (plan: Plan) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoney();
  const isCurrent = current?.plan.code === plan.code;
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      className={classes.planCard}
      data-current={isCurrent || undefined}
      data-testid={`plan-${plan.code}`}
    >
      <Stack gap="md" h="100%">
        <div>
          <Title order={3} size="h4">
            {plan.names[locale]}
          </Title>
          <Text className={classes.price}>
            {money(plan.price)}
            <Text span size="sm" c="dimmed" fw={500}>
              {" "}
              {t("plans.card.perMonth")}
            </Text>
          </Text>
        </div>
        <List spacing={6} size="sm" icon={<IconCheck size={16} className={classes.check} />}>
          {verticalList.map((vertical) => (
            <List.Item key={vertical}>
              {t("plans.card.ads", { vertical: t(`nav.${vertical}`), count: plan.adLimits[vertical] })}
            </List.Item>
          ))}
          <List.Item>{t("plans.card.raises", { count: plan.raiseCredits })}</List.Item>
          {plan.features.map((feature: PlanFeature) => (
            <List.Item key={feature}>
              {t(`plans.feature.${feature}`)}{" "}
              <Badge size="xs" variant="light" color="gray" className={classes.badge}>
                {t("plans.card.soon")}
              </Badge>
            </List.Item>
          ))}
        </List>
        <Button
          mt="auto"
          variant={isCurrent ? "light" : "filled"}
          disabled={isCurrent}
          onClick={() => onChoose(plan)}
          data-testid={`plan-choose-${plan.code}`}
        >
          {isCurrent ? t("plans.card.current") : current ? t("plans.card.switch") : t("plans.card.choose")}
        </Button>
      </Stack>
    </Paper>
  );
}

/** A line of the confirmation's sum: what, and the amount at the end (never wrapped under it). */
function SumLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
      <Text c="dimmed">{label}</Text>
      <Text component="div" fw={600} className={classes.amount}>
        {children}
      </Text>
    </Group>
  );
}

function ConfirmPurchase({
  plan,
  current,
  onClose,
}: {
  plan: Plan | null;
  current: Subscription | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoney();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const errorTexts = useApiErrorTexts();
  const balance = useQuery(balanceQueryOptions(user?.id));
  const [error, setError] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const purchase = useMutation({
    mutationFn: (code: string) => subscribe(code),
    onSuccess: async (subscription) => {
      showSuccess(t("plans.confirm.done", { plan: subscription.plan.names[locale] }));
      close();
      // The balance, the ledger and the limits all changed.
      await queryClient.invalidateQueries();
    },
    onError: (failure) => setError(errorTexts(failure, []).form),
  });
  const close = () => {
    setError(null);
    onClose();
  };
  const credit = current && plan ? unusedPart(current, now) : 0;
  const available = (balance.data?.balance ?? 0) + credit;
  const shortBy = plan && balance.data ? Math.max(0, plan.price - available) : 0;
  return (
    <Modal
      opened={plan !== null}
      onClose={close}
      title={plan ? t("plans.confirm.title", { plan: plan.names[locale] }) : ""}
      centered
    >
      {plan && (
        <Stack gap="md" data-testid="plan-confirm">
          <Text>{t("plans.confirm.text", { price: money(plan.price) })}</Text>
          <Stack gap={4}>
            <SumLine label={t("plans.confirm.balance")}>
              {balance.data ? (
                <span data-testid="plan-confirm-balance">{money(balance.data.balance)}</span>
              ) : (
                <Skeleton height={20} width={100} />
              )}
            </SumLine>
            {credit > 0 && <SumLine label={t("plans.confirm.credit")}>+{money(credit)}</SumLine>}
            <SumLine label={t("plans.confirm.price")}>−{money(plan.price)}</SumLine>
          </Stack>
          {current && (
            <Text size="sm">{t("plans.confirm.switchNote", { plan: current.plan.names[locale] })}</Text>
          )}
          {shortBy > 0 && (
            <Alert color="yellow" data-testid="plan-confirm-short">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t("plans.confirm.short", { amount: money(shortBy) })}</Text>
                <Button component={AppLink} to="/settings/balance" size="compact-md" variant="light">
                  {t("plans.confirm.topUp")}
                </Button>
              </Stack>
            </Alert>
          )}
          <FormAlert text={error} />
          <Text size="xs" c="dimmed">
            {t("plans.confirm.renewNote")}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={purchase.isPending}>
              {t("plans.confirm.cancel")}
            </Button>
            <Button
              loading={purchase.isPending}
              disabled={!balance.data || shortBy > 0}
              onClick={() => {
                setError(null);
                purchase.mutate(plan.code);
              }}
              data-testid="plan-confirm-submit"
            >
              {t("plans.confirm.submit", { price: money(plan.price) })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export function SubscribePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const plans = useQuery(plansQueryOptions());
  const mine = useQuery(mySubscriptionQueryOptions(user?.id));
  const [chosen, setChosen] = useState<Plan | null>(null);
  const current = mine.data?.subscription ?? null;
  if (plans.isError || mine.isError) {
    return (
      <Alert color="red">
        <Group gap="xs">
          <Text size="sm">{t("plans.loadFailed")}</Text>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => {
              void plans.refetch();
              void mine.refetch();
            }}
          >
            {t("plans.retry")}
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {mine.data ? <CurrentPlan mine={mine.data} /> : <Skeleton height={180} radius="lg" />}
        {mine.data ? <LimitsCard limits={mine.data.limits} /> : <Skeleton height={180} radius="lg" />}
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t("plans.list.title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("plans.list.text")}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {plans.data
          ? plans.data.items.map((plan) => (
              <PlanCard key={plan.code} plan={plan} current={current} onChoose={setChosen} />
            ))
          : [1, 2, 3].map((key) => <Skeleton key={key} height={320} radius="lg" />)}
      </SimpleGrid>
      <ConfirmPurchase plan={chosen} current={current} onClose={() => setChosen(null)} />
    </Stack>
  );
}
