import { Anchor, Button, Group, Stack } from "@mantine/core";
import type { CodeSent } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { PasswordInput } from "../../components/password-input.tsx";
import { useIsHydrated } from "../../lib/use-hydrated.ts";
import { CONTROL_SIZE } from "../../theme.ts";
import { requestCode, signInWithCode, signInWithPassword } from "./auth-api.ts";
import { CodeInput } from "./code-input.tsx";
import { checkLogin, LoginInput, type LoginKind, loginValue } from "./login-input.tsx";
import { type FieldProblems, useAccountForm } from "./use-account-form.ts";

type Method = "password" | "code";

/**
 * Sign in by phone or email, with the password or a one-time code. After 10 failed passwords the
 * API asks for a code (`CODE_REQUIRED`): the form sends one to the login at once and asks for it,
 * with a notice in the visitor's language.
 */
export function SignInForm({ resetLink }: { resetLink: string }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>("password");
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const account = useAccountForm({
    initialValues: { kind: "phone" as LoginKind, login: "", password: "", code: "" },
    check: ({ kind, login, password, code }): FieldProblems => {
      if (sent) return { code: code.length === 6 ? null : "auth.fieldError.codeIncomplete" };
      const loginProblem = checkLogin(kind, login);
      if (loginProblem) return { login: loginProblem };
      return { password: method === "password" && !password ? "auth.fieldError.required" : null };
    },
  });
  const { form } = account;
  const { kind, login } = form.values;
  const isHydrated = useIsHydrated();

  const changeKind = (next: LoginKind) => {
    form.setValues({ kind: next, login: "" });
    account.clearErrors();
  };

  const changeMethod = (next: Method) => {
    setMethod(next);
    setSent(null);
    form.setFieldValue("code", "");
    account.clearErrors();
  };

  const sendCode = async (): Promise<CodeSent | null> => {
    try {
      const next = await requestCode("sign-in", loginValue(kind, login));
      account.clearErrors();
      return next;
    } catch (error) {
      account.showApiError(error, ["login"]);
      return null;
    }
  };

  const submitCode = async (value: string) => {
    if (value.length !== 6) {
      account.setFieldError("code", "auth.fieldError.codeIncomplete");
      return;
    }
    setBusy(true);
    try {
      await signInWithCode(loginValue(kind, login), value);
    } catch (error) {
      account.showApiError(error, ["login", "code"]);
      setBusy(false);
    }
  };

  const submit = async ({ password, code }: typeof form.values) => {
    if (sent) return submitCode(code);
    setBusy(true);
    try {
      if (method === "code") {
        const next = await sendCode();
        if (next) setSent(next);
        setBusy(false);
        return;
      }
      await signInWithPassword(loginValue(kind, login), password);
      // Signed in: the guest gate sends the visitor on; the form stays busy until then.
    } catch (error) {
      if ((error as { code?: string }).code === "CODE_REQUIRED") {
        // Offered at once: the code goes to the login just typed, and the form asks for it.
        changeMethod("code");
        setNotice(t("auth.login.codeRequired"));
        const next = await sendCode();
        if (next) setSent(next);
        setBusy(false);
        return;
      }
      setBusy(false);
      account.showApiError(error, ["login", "password"]);
    }
  };

  return (
    <form onSubmit={account.onSubmit(submit)} method="post" noValidate data-testid="sign-in-form">
      <Stack gap="md">
        <FormAlert text={notice} tone="info" />
        <FormAlert text={account.formError} />
        {sent ? (
          <>
            <CodeInput
              sent={sent}
              value={form.values.code}
              onChange={(code) => form.setFieldValue("code", code)}
              onComplete={submitCode}
              onResend={sendCode}
              error={form.errors.code}
              disabled={isBusy}
            />
            <Anchor component="button" type="button" size="sm" onClick={() => changeMethod("code")}>
              {t(kind === "phone" ? "auth.code.changePhone" : "auth.code.changeEmail")}
            </Anchor>
          </>
        ) : (
          <>
            <LoginInput
              kind={kind}
              onKindChange={changeKind}
              value={login}
              onChange={(next) => form.setFieldValue("login", next)}
              error={form.errors.login}
              disabled={isBusy}
            />
            {method === "password" && (
              <Stack gap={6}>
                <PasswordInput
                  label={t("auth.login.password")}
                  autoComplete="current-password"
                  {...form.getInputProps("password")}
                  disabled={isBusy}
                  name="password"
                  data-testid="login-password"
                />
                <Group justify="flex-end">
                  <Anchor component={AppLink} to={resetLink} size="sm" data-testid="forgot-password">
                    {t("auth.login.forgot")}
                  </Anchor>
                </Group>
              </Stack>
            )}
          </>
        )}
        <Button
          type="submit"
          size={CONTROL_SIZE}
          fullWidth
          loading={isBusy}
          disabled={!isHydrated}
          data-testid="sign-in-submit"
        >
          {sent
            ? t("auth.login.submitSignIn")
            : method === "code"
              ? t("auth.login.getCode")
              : t("auth.login.submitSignIn")}
        </Button>
        {!sent && (
          <Button
            variant="subtle"
            onClick={() => changeMethod(method === "password" ? "code" : "password")}
            disabled={isBusy}
            data-testid="sign-in-method"
          >
            {method === "password" ? t("auth.login.withCode") : t("auth.login.withPassword")}
          </Button>
        )}
      </Stack>
    </form>
  );
}
