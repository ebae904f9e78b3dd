/**
 * Dashboard → services (product.md section 1: admins only): the price of every paid service per
 * vertical (decision 063), in som. Saving sends only the changed prices; each change is audited
 * (`price.change`, decision 065) and the next purchase pays it.
 */
import { Button, Group, NumberInput, Stack, Table, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type ServicePriceList,
  type ServicePricesInput,
  servicePriceKeys,
  servicePriceMax,
  type Vertical,
  verticals,
} from "@unaa/contracts";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ListSkeleton, LoadFailed } from "../../components/load-state.tsx";
import { api, toasts } from "../../lib/app-state.ts";
import { useCurrentUser } from "../../lib/session.ts";
import classes from "./dashboard.module.css";

type PriceKey = `${Vertical}:${string}:${string}`;
const keyOf = (vertical: Vertical, service: string, days: number | null): PriceKey =>
  `${vertical}:${service}:${days ?? "-"}`;

/** Prices in som by key; a combination without a price stays empty. */
function somByKey(list: ServicePriceList): Record<PriceKey, number | ""> {
  const values = {} as Record<PriceKey, number | "">;
  for (const vertical of verticals)
    for (const { service, days } of servicePriceKeys) values[keyOf(vertical, service, days)] = "";
  for (const { vertical, prices } of list.items)
    for (const price of prices) values[keyOf(vertical, price.service, price.days)] = price.price / 100;
  return values;
}

export function ServicePricesPage() {
  const { t } = useTranslation();
  const userId = useCurrentUser()?.id;
  const queryClient = useQueryClient();
  const queryKey = ["dashboard", userId, "service-prices"] as const;
  const prices = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<ServicePriceList>("/api/services/prices", { signal, silent: true }),
    enabled: userId !== undefined,
  });
  const form = useForm<Record<PriceKey, number | "">>({ initialValues: {} as Record<PriceKey, number | ""> });
  // The form takes the prices as loaded (and again after a save).
  const { setInitialValues, setValues } = form;
  useEffect(() => {
    if (!prices.data) return;
    const values = somByKey(prices.data);
    setInitialValues(values);
    setValues(values);
  }, [prices.data, setInitialValues, setValues]);

  const save = useMutation({
    mutationFn: (input: ServicePricesInput) => api.put<ServicePriceList>("/api/services/prices", input),
    onSuccess: (list) => {
      queryClient.setQueryData(queryKey, list);
      toasts.add({ title: t("dashboard.servicePrices.saved"), color: "teal" });
    },
  });

  if (userId === undefined || prices.isPending) return <ListSkeleton testId="service-prices-pending" />;
  if (prices.isError) return <LoadFailed text={t("dashboard.loadFailed")} onRetry={prices.refetch} />;

  const changed = (values: Record<PriceKey, number | "">): ServicePricesInput["items"] =>
    verticals.flatMap((vertical) =>
      servicePriceKeys.flatMap(({ service, days }) => {
        const key = keyOf(vertical, service, days);
        const som = values[key];
        return som !== undefined && som !== "" && som !== form.getInitialValues()[key]
          ? [{ vertical, service, days, price: Math.round(som * 100) }]
          : [];
      }),
    );

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate({ items: changed(values) }))}>
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {t("dashboard.servicePrices.lead")}
        </Text>
        <Table.ScrollContainer minWidth={720} type="native">
          <Table className={classes.table} verticalSpacing="xs" data-testid="service-prices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("dashboard.servicePrices.service")}</Table.Th>
                {verticals.map((vertical) => (
                  <Table.Th key={vertical}>{t(`nav.${vertical}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {servicePriceKeys.map(({ service, days }) => {
                const label = `${t(`paidServices.service.${service}.title`)}${
                  days === null
                    ? service === "autoRaise"
                      ? `, ${t("dashboard.servicePrices.perDay")}`
                      : ""
                    : `, ${t("paidServices.days", { count: days })}`
                }`;
                return (
                  <Table.Tr key={`${service}:${days}`}>
                    <Table.Td>{label}</Table.Td>
                    {verticals.map((vertical) => (
                      <Table.Td key={vertical}>
                        <NumberInput
                          aria-label={`${label} — ${t(`nav.${vertical}`)}`}
                          data-testid={`price-${keyOf(vertical, service, days)}`}
                          min={0.01}
                          max={servicePriceMax / 100}
                          decimalScale={2}
                          hideControls
                          suffix={` ${t("currency.KGS.label")}`}
                          {...form.getInputProps(keyOf(vertical, service, days))}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!form.isDirty()}
            data-testid="service-prices-save"
          >
            {t("dashboard.servicePrices.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
