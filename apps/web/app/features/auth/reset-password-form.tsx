import { Anchor, Button, Stack, Text } from "@mantine/core";
import type { CodeSent } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { useIsHydrated } from "../../lib/use-hydrated.ts";
import { CONTROL_SIZE } from "../../theme.ts";
import { resetPassword, sendResetPasswordCode } from "./auth-api.ts";
import { CodeInput } from "./code-input.tsx";
import { NewPasswordField } from "./contact-fields.tsx";
import { checkLogin, LoginInput, type LoginKind, loginValue } from "./login-input.tsx";
import { checkNewPassword } from "./sign-up-form.tsx";
import { type FieldProblems, useAccountForm } from "./use-account-form.ts";

/**
 * Reset: the phone or email, then the code and a new password. Success signs in here and ends
 * every other session of the account.
 */
export function ResetPasswordForm({ loginLink }: { loginLink: string }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [isBusy, setBusy] = useState(false);
  const account = useAccountForm({
    initialValues: { kind: "phone" as LoginKind, login: "", code: "", password: "" },
    check: ({ kind, login, code, password }): FieldProblems =>
      sent
        ? {
            code: code.length === 6 ? null : "auth.fieldError.codeIncomplete",
            password: checkNewPassword(password),
          }
        : { login: checkLogin(kind, login) },
  });
  const { form } = account;
  const { kind, login } = form.values;
  const isHydrated = useIsHydrated();

  const sendCode = async (): Promise<CodeSent | null> => {
    try {
      const next = await sendResetPasswordCode(loginValue(kind, login));
      account.clearErrors();
      return next;
    } catch (error) {
      account.showApiError(error, ["login"]);
      return null;
    }
  };

  const submit = async ({ code, password }: typeof form.values) => {
    setBusy(true);
    if (!sent) {
      const next = await sendCode();
      if (next) setSent(next);
      setBusy(false);
      return;
    }
    try {
      await resetPassword({ login: loginValue(kind, login), code, password });
    } catch (error) {
      account.showApiError(error, ["login", "code", "password"]);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={account.onSubmit(submit)} method="post" noValidate data-testid="reset-form">
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {sent ? t("auth.reset.leadCode") : t("auth.reset.lead")}
        </Text>
        <FormAlert text={account.formError} />
        {sent ? (
          <>
            <CodeInput
              sent={sent}
              value={form.values.code}
              onChange={(code) => form.setFieldValue("code", code)}
              onResend={sendCode}
              error={form.errors.code ?? form.errors.login}
              disabled={isBusy}
            />
            <NewPasswordField
              label={t("auth.reset.newPassword")}
              {...form.getInputProps("password")}
              disabled={isBusy}
              name="password"
              data-testid="reset-password"
            />
          </>
        ) : (
          <LoginInput
            kind={kind}
            onKindChange={(next) => {
              form.setValues({ kind: next, login: "" });
              account.clearErrors();
            }}
            value={login}
            onChange={(next) => form.setFieldValue("login", next)}
            error={form.errors.login}
            disabled={isBusy}
            autoFocus
          />
        )}
        <Button
          type="submit"
          size={CONTROL_SIZE}
          fullWidth
          loading={isBusy}
          disabled={!isHydrated}
          data-testid="reset-submit"
        >
          {sent ? t("auth.reset.submit") : t("auth.login.getCode")}
        </Button>
        {sent && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setSent(null);
              form.setFieldValue("code", "");
              account.clearErrors();
            }}
          >
            {t(kind === "phone" ? "auth.code.changePhone" : "auth.code.changeEmail")}
          </Anchor>
        )}
        <Text size="sm" ta="center">
          {t("auth.reset.remembered")}{" "}
          <Anchor component={AppLink} to={loginLink} size="sm">
            {t("auth.reset.toSignIn")}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
