/**
 * The sandbox provider's checkout (decision 061): what a real provider's payment page would be, in
 * the app — the amount and the merchant, "pay" or "decline". The choice goes to the sandbox, whose
 * signed notice reaches the webhook through the job queue; the payer goes back to the balance page,
 * which waits for the outcome.
 */
import { Alert, Button, Divider, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconFlask } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { defaultLocale } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { formatTyiyn } from "../../lib/format.ts";
import { localizePath } from "../../lib/i18n.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { decideSandboxPayment, paymentQueryOptions } from "./api/money-api.ts";
import classes from "./money.module.css";

export function SandboxCheckout({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const payment = useQuery({ ...paymentQueryOptions(user?.id, paymentId), refetchInterval: false });
  const decide = useMutation({
    mutationFn: (decision: "pay" | "decline") => decideSandboxPayment(paymentId, decision),
    onSuccess: ({ returnUrl }) =>
      navigate(locale === defaultLocale ? returnUrl : localizePath(returnUrl, locale)),
  });
  const amount = payment.data
    ? formatTyiyn(payment.data.amount, { locale, label: t("currency.KGS.label") })
    : "";
  const isOpen = payment.data?.status === "pending" && payment.data.provider === "sandbox";

  return (
    <Paper withBorder radius="lg" p="xl" className={classes.checkout} data-testid="sandbox-checkout">
      <Stack gap="md">
        <Group gap="sm">
          <IconFlask size={28} stroke={1.6} aria-hidden />
          <Title order={2} size="h3">
            {t("money.sandbox.brand")}
          </Title>
        </Group>
        <Alert color="yellow" variant="light">
          {t("money.sandbox.notice")}
        </Alert>
        {payment.isError ? (
          <Text c="red">{t("money.result.notFound")}</Text>
        ) : !payment.data ? (
          <Skeleton height={120} />
        ) : (
          <>
            <Stack gap={4}>
              <Group justify="space-between">
                <Text c="dimmed">{t("money.sandbox.merchant")}</Text>
                <Text fw={600}>{t("money.sandbox.merchantName")}</Text>
              </Group>
              <Group justify="space-between">
                <Text c="dimmed">{t("money.sandbox.payment")}</Text>
                <Text size="sm" ff="monospace">
                  {payment.data.id.slice(0, 8)}
                </Text>
              </Group>
            </Stack>
            <Divider />
            <Group justify="space-between" align="baseline">
              <Text c="dimmed">{t("money.sandbox.amount")}</Text>
              <Text className={classes.checkoutAmount} data-testid="sandbox-amount">
                {amount}
              </Text>
            </Group>
            <FormAlert text={decide.isError ? t("money.sandbox.failed") : null} />
            {isOpen ? (
              <Stack gap="sm">
                <Button
                  color="teal"
                  loading={decide.isPending && decide.variables === "pay"}
                  disabled={decide.isPending || decide.isSuccess}
                  onClick={() => decide.mutate("pay")}
                  data-testid="sandbox-pay"
                >
                  {t("money.sandbox.pay", { amount })}
                </Button>
                <Button
                  variant="default"
                  loading={decide.isPending && decide.variables === "decline"}
                  disabled={decide.isPending || decide.isSuccess}
                  onClick={() => decide.mutate("decline")}
                  data-testid="sandbox-decline"
                >
                  {t("money.sandbox.decline")}
                </Button>
              </Stack>
            ) : (
              <Stack gap="sm">
                <Text>{t("money.sandbox.done")}</Text>
                <Button component={AppLink} to={`/settings/balance?payment=${paymentId}`} variant="light">
                  {t("money.sandbox.back")}
                </Button>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
