import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import {
  type CodeSent,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from "@unaa/contracts";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { useIsHydrated } from "../../lib/use-hydrated.ts";
import { CONTROL_SIZE } from "../../theme.ts";
import { requestCode, signUp } from "./auth-api.ts";
import { CodeInput } from "./code-input.tsx";
import { NewPasswordField } from "./contact-fields.tsx";
import { checkLogin, LoginInput, type LoginKind, loginValue } from "./login-input.tsx";
import { type FieldProblems, useAccountForm } from "./use-account-form.ts";

/** A translation key when the username breaks the rules, null when it may be sent. */
export function checkUsername(username: string): string | null {
  const value = username.trim();
  if (value.length < USERNAME_MIN_LENGTH || value.length > USERNAME_MAX_LENGTH)
    return "auth.fieldError.usernameLength";
  return USERNAME_PATTERN.test(value) ? null : "auth.fieldError.usernameChars";
}

/** Checks the password length before asking the API, which also checks common passwords. */
export function checkNewPassword(password: string): string | null {
  return password.length >= PASSWORD_MIN_LENGTH ? null : "auth.fieldError.too_short";
}

/**
 * Sign up: the phone or email first, which gets a code; then the code, a username and a password
 * in one step, so every API error lands beside its own field.
 */
export function SignUpForm({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [accountExists, setAccountExists] = useState(false);
  const account = useAccountForm({
    initialValues: { kind: "phone" as LoginKind, login: "", code: "", username: "", password: "" },
    check: ({ kind, login, code, username, password }): FieldProblems =>
      sent
        ? {
            code: code.length === 6 ? null : "auth.fieldError.codeIncomplete",
            username: checkUsername(username),
            password: checkNewPassword(password),
          }
        : { login: checkLogin(kind, login) },
  });
  const { form } = account;
  const { kind, login } = form.values;
  const isHydrated = useIsHydrated();

  const sendCode = async (): Promise<CodeSent | null> => {
    try {
      const next = await requestCode("sign-up", loginValue(kind, login));
      account.clearErrors();
      setAccountExists(false);
      return next;
    } catch (error) {
      setAccountExists((error as { code?: string }).code === "ACCOUNT_EXISTS");
      account.showApiError(error, ["login"]);
      return null;
    }
  };

  const submit = async ({ code, username, password }: typeof form.values) => {
    setBusy(true);
    if (!sent) {
      const next = await sendCode();
      if (next) setSent(next);
      setBusy(false);
      return;
    }
    try {
      await signUp({ login: loginValue(kind, login), code, username: username.trim(), password });
    } catch (error) {
      account.showApiError(error, ["login", "code", "username", "password"]);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={account.onSubmit(submit)} method="post" noValidate data-testid="sign-up-form">
      <Stack gap="md">
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
            <TextInput
              label={t("auth.signUp.username")}
              description={t("auth.signUp.usernameHint")}
              autoComplete="username"
              {...form.getInputProps("username")}
              disabled={isBusy}
              maxLength={USERNAME_MAX_LENGTH}
              name="username"
              data-testid="sign-up-username"
            />
            <NewPasswordField
              label={t("auth.signUp.password")}
              {...form.getInputProps("password")}
              disabled={isBusy}
              name="password"
              data-testid="sign-up-password"
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
          />
        )}
        {accountExists && !sent && (
          <Anchor component="button" type="button" size="sm" onClick={onSignIn} ta="left">
            {t("auth.signUp.signInInstead")}
          </Anchor>
        )}
        <Button
          type="submit"
          size={CONTROL_SIZE}
          fullWidth
          loading={isBusy}
          disabled={!isHydrated}
          data-testid="sign-up-submit"
        >
          {sent ? t("auth.signUp.submit") : t("auth.login.getCode")}
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
        <Text size="xs" c="dimmed" ta="center">
          <Trans
            i18nKey="auth.signUp.terms"
            components={{ terms: <Anchor component={AppLink} to="/agreement-policy" size="xs" /> }}
          />
        </Text>
      </Stack>
    </form>
  );
}
