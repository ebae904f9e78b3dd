/**
 * `/services/{type}/{id}` (issue 16, item 3; P6.3; decision 063): the owner picks paid services for
 * an ad — price per duration, what the ad gets, an honest reach forecast — and pays from the
 * balance after a confirmation; what is in force and the lift of ended purchases are listed.
 */
import {
  Alert,
  Badge,
  Button,
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
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  IconArrowBigUpLines,
  IconBolt,
  IconClockUp,
  IconCrown,
  IconDiamond,
  IconFlame,
  IconHighlight,
  IconTrendingUp,
  IconWallet,
} from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdServices,
  PaidService,
  ServiceForecast,
  ServicePrice,
  ServicePurchaseInput,
} from "@unaa/contracts";
import { type ComponentType, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { HttpError } from "../../lib/http-client.ts";
import { showSuccess } from "../../lib/notify.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { useSiteDateTime as useDateTime, useSiteDay as useDay, useMoney } from "../../lib/use-site-format.ts";
import { moneyKeys } from "./api/money-api.ts";
import { adServicesQueryOptions, buyService } from "./api/services-api.ts";
import classes from "./money.module.css";
import { rememberTopUpReturn } from "./top-up-return.ts";

// The contracts' list, copied as type-checked data: their module brings zod along.
const serviceOrder: Record<PaidService, number> = {
  raise: 0,
  autoRaise: 1,
  top: 2,
  vip: 3,
  premium: 4,
  highlight: 5,
  urgent: 6,
};
const autoRaiseDaysMax = 30;
const icons: Record<PaidService, ComponentType<{ size?: number }>> = {
  raise: IconArrowBigUpLines,
  autoRaise: IconClockUp,
  top: IconTrendingUp,
  vip: IconDiamond,
  premium: IconCrown,
  highlight: IconHighlight,
  urgent: IconFlame,
};
const colors: Record<PaidService, string> = {
  raise: "blue",
  autoRaise: "cyan",
  top: "teal",
  vip: "violet",
  premium: "yellow",
  highlight: "orange",
  urgent: "red",
};
const hours = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, "0")}:00`);

/** What a buyer chose on a card: the price row, and for auto-raise the days and the time. */
interface Choice {
  service: PaidService;
  price: number;
  days: number | null;
  time: string | null;
}

function inputOf(choice: Choice): ServicePurchaseInput {
  if (choice.service === "raise") return { service: "raise" };
  if (choice.service === "autoRaise") {
    return { service: "autoRaise", days: choice.days ?? 1, time: choice.time ?? "09:00" };
  }
  return { service: choice.service, days: choice.days ?? 1 };
}

function ForecastText({ forecast }: { forecast: ServiceForecast | undefined }) {
  const { t } = useTranslation();
  if (!forecast || forecast.low === null || forecast.high === null) {
    return (
      <Text size="xs" c="dimmed" data-testid="service-forecast">
        {t("paidServices.forecast.notEnough")}
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed" data-testid="service-forecast">
      {t("paidServices.forecast.range", {
        low: Math.round(forecast.low),
        high: Math.round(forecast.high),
        count: forecast.samples,
      })}
    </Text>
  );
}

function ServiceCard({
  service,
  prices,
  forecast,
  disabled,
  onChoose,
}: {
  service: PaidService;
  prices: ServicePrice[];
  forecast: ServiceForecast | undefined;
  disabled: boolean;
  onChoose: (choice: Choice) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [days, setDays] = useState(String(prices[Math.min(1, prices.length - 1)]?.days ?? ""));
  const autoRaise = useForm({
    initialValues: { days: 7 as number | string, time: "09:00" },
    validate: {
      days: (value) =>
        Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= autoRaiseDaysMax
          ? null
          : t("paidServices.autoRaise.daysRange", { max: autoRaiseDaysMax }),
    },
  });
  const Icon = icons[service];
  const chosen =
    service === "autoRaise" || service === "raise"
      ? prices[0]
      : (prices.find((price) => String(price.days) === days) ?? prices[0]);
  if (!chosen) return null;
  const raiseDays = Number(autoRaise.values.days) || 0;
  const total = service === "autoRaise" ? chosen.price * raiseDays : chosen.price;

  const choose = () => {
    if (service === "autoRaise") {
      if (autoRaise.validate().hasErrors) return;
      onChoose({ service, price: total, days: raiseDays, time: autoRaise.values.time });
      return;
    }
    onChoose({ service, price: chosen.price, days: chosen.days, time: null });
  };

  return (
    <Paper withBorder radius="lg" p="lg" className={classes.serviceCard} data-testid={`service-${service}`}>
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant="light" color={colors[service]}>
            <Icon size={22} />
          </ThemeIcon>
          <Title order={3} size="h5">
            {t(`paidServices.service.${service}.title`)}
          </Title>
        </Group>
        <Text size="sm">{t(`paidServices.service.${service}.gets`)}</Text>
        {service === "autoRaise" ? (
          <Group grow align="flex-start">
            <NumberInput
              size="sm"
              label={t("paidServices.autoRaise.days")}
              min={1}
              max={autoRaiseDaysMax}
              allowDecimal={false}
              {...autoRaise.getInputProps("days")}
            />
            <Select
              size="sm"
              label={t("paidServices.autoRaise.time")}
              data={hours}
              allowDeselect={false}
              {...autoRaise.getInputProps("time")}
            />
          </Group>
        ) : prices.length > 1 ? (
          <SegmentedControl
            fullWidth
            value={days}
            onChange={setDays}
            aria-label={t("paidServices.duration")}
            data={prices.map((price) => ({
              value: String(price.days),
              label: t("paidServices.days", { count: price.days ?? 1 }),
            }))}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {service === "raise"
              ? t("paidServices.once")
              : t("paidServices.forDays", { count: chosen.days ?? 1 })}
          </Text>
        )}
        <ForecastText forecast={forecast} />
        <Group justify="space-between" align="center" mt="auto" wrap="nowrap">
          <Stack gap={0}>
            <Text className={classes.servicePrice} data-testid="service-price">
              {money(total)}
            </Text>
            {service === "autoRaise" && (
              <Text size="xs" c="dimmed">
                {t("paidServices.perDay", { price: money(chosen.price) })}
              </Text>
            )}
          </Stack>
          <Button disabled={disabled} onClick={choose} data-testid="service-buy">
            {t("paidServices.buy")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ConfirmModal({
  data,
  choice,
  onClose,
}: {
  data: AdServices;
  choice: Choice | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const _locale = useLocale();
  const errorTexts = useApiErrorTexts();
  const money = useMoney();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const buy = useMutation({
    mutationFn: (picked: Choice) => buyService(data.ad.vertical, data.ad.id, inputOf(picked)),
    onSuccess: async (purchase) => {
      showSuccess(t("paidServices.bought", { service: t(`paidServices.service.${purchase.service}.title`) }));
      close();
      await queryClient.invalidateQueries({ queryKey: moneyKeys.all(user?.id) });
    },
    onError: (failure) => {
      if (failure instanceof HttpError && failure.code === "BALANCE_INSUFFICIENT") {
        setError(t("paidServices.confirm.short"));
        return;
      }
      setError(errorTexts(failure, []).form);
    },
  });
  const close = () => {
    setError(null);
    buy.reset();
    onClose();
  };
  const after = choice ? data.balance - choice.price : 0;
  const short = choice !== null && after < 0;
  return (
    <Modal opened={choice !== null} onClose={close} title={t("paidServices.confirm.title")} centered>
      {choice && (
        <Stack gap="sm" data-testid="service-confirm">
          <Text fw={600}>
            {t(`paidServices.service.${choice.service}.title`)}
            {" · "}
            {choice.service === "raise"
              ? t("paidServices.once")
              : choice.service === "autoRaise"
                ? t("paidServices.autoRaise.summary", { count: choice.days ?? 1, time: choice.time })
                : t("paidServices.forDays", { count: choice.days ?? 1 })}
          </Text>
          <Text size="sm">{t(`paidServices.service.${choice.service}.gets`)}</Text>
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{t("paidServices.confirm.price")}</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {money(choice.price)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t("paidServices.confirm.balance")}</Table.Td>
                <Table.Td ta="right">{money(data.balance)}</Table.Td>
              </Table.Tr>
              {!short && (
                <Table.Tr>
                  <Table.Td>{t("paidServices.confirm.after")}</Table.Td>
                  <Table.Td ta="right">{money(after)}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {(short || error) && (
            <Alert color={short ? "yellow" : "red"} data-testid="service-confirm-error">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{short ? t("paidServices.confirm.short") : error}</Text>
                {short && (
                  <Button
                    size="xs"
                    component={AppLink}
                    to="/settings/balance"
                    onClick={() => rememberTopUpReturn(`/services/${data.ad.vertical}/${data.ad.id}`)}
                    leftSection={<IconWallet size={14} />}
                    data-testid="service-confirm-top-up"
                  >
                    {t("paidServices.topUp")}
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close}>
              {t("paidServices.confirm.cancel")}
            </Button>
            <Button
              disabled={short}
              loading={buy.isPending}
              onClick={() => buy.mutate(choice)}
              data-testid="service-confirm-pay"
            >
              {t("paidServices.confirm.pay", { price: money(choice.price) })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function ActiveServices({ data }: { data: AdServices }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="xs">
        <Text size="sm" fw={600} c="dimmed">
          {t("paidServices.active.title")}
        </Text>
        {data.active.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("paidServices.active.none")}
          </Text>
        ) : (
          data.active.map((active) => (
            <Group key={active.service} gap="xs" wrap="nowrap" data-testid={`active-${active.service}`}>
              <Badge color={colors[active.service]} variant="light" style={{ flexShrink: 0 }}>
                {t(`paidServices.service.${active.service}.title`)}
              </Badge>
              <Text size="sm">
                {active.nextRaiseAt
                  ? t("paidServices.active.nextRaise", {
                      time: dateTime(active.nextRaiseAt),
                      count: active.raisesLeft ?? 0,
                    })
                  : t("paidServices.active.until", { time: dateTime(active.endsAt) })}
              </Text>
            </Group>
          ))
        )}
      </Stack>
    </Paper>
  );
}

function LiftReport({ data }: { data: AdServices }) {
  const { t } = useTranslation();
  const day = useDay();
  if (data.lift.length === 0) return null;
  const views = (value: number | null) => (value === null ? "—" : String(value));
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="service-lift">
      <Title order={2} size="h4" mb={4}>
        {t("paidServices.lift.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("paidServices.lift.hint")}
      </Text>
      <Table striped fz="sm" horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("paidServices.lift.service")}</Table.Th>
            <Table.Th ta="right">{t("paidServices.lift.before")}</Table.Th>
            <Table.Th ta="right">{t("paidServices.lift.during")}</Table.Th>
            <Table.Th ta="right">{t("paidServices.lift.after")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.lift.map((row) => (
            <Table.Tr key={row.purchaseId}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {t(`paidServices.service.${row.service}.title`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {day(row.startsAt)} – {day(row.endsAt)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{views(row.before)}</Table.Td>
              <Table.Td ta="right" fw={700}>
                {views(row.during)}
              </Table.Td>
              <Table.Td ta="right">{views(row.after)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

export function ServicesPage({ initial }: { initial: AdServices }) {
  const { t } = useTranslation();
  const money = useMoney();
  const user = useCurrentUser();
  const query = useQuery({
    ...adServicesQueryOptions(user?.id, initial.ad.vertical, initial.ad.id),
    initialData: initial,
  });
  const data = query.data ?? initial;
  const [choice, setChoice] = useState<Choice | null>(null);
  const isActive = data.ad.status === "active";
  const services = [...new Set(data.prices.map((price) => price.service))].sort(
    (a, b) => serviceOrder[a] - serviceOrder[b],
  );
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder radius="lg" p="lg" className={classes.balanceCard}>
          <Stack gap={6}>
            <Text size="sm" fw={600} c="dimmed">
              {t("money.balance.title")}
            </Text>
            <Text className={classes.balance} data-testid="services-balance">
              {money(data.balance)}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                component={AppLink}
                to="/settings/balance"
                onClick={() => rememberTopUpReturn(`/services/${data.ad.vertical}/${data.ad.id}`)}
                leftSection={<IconWallet size={14} />}
                data-testid="services-top-up"
              >
                {t("paidServices.topUp")}
              </Button>
            </Group>
          </Stack>
        </Paper>
        <ActiveServices data={data} />
      </SimpleGrid>
      {!isActive && (
        <Alert color="yellow" icon={<IconBolt size={18} />}>
          {t("paidServices.notActive")}
        </Alert>
      )}
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t("paidServices.choose")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("paidServices.chooseHint")}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {services.map((service) => (
          <ServiceCard
            key={service}
            service={service}
            prices={data.prices.filter((price) => price.service === service)}
            forecast={data.forecasts.find((forecast) => forecast.service === service)}
            disabled={!isActive}
            onChoose={setChoice}
          />
        ))}
      </SimpleGrid>
      <LiftReport data={data} />
      <ConfirmModal data={data} choice={choice} onClose={() => setChoice(null)} />
    </Stack>
  );
}
