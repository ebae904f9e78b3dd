import { Anchor, Button, Stack, Text } from "@mantine/core";
import type { CodeSent } from "@unaa/contracts";
import { type FormEvent, useState } from "react";
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
import { useFormErrors } from "./use-form-errors.ts";

/**
 * Reset: the phone or email, then the code and a new password. Success signs in here and ends
 * every other session of the account.
 */
export function ResetPasswordForm({ loginLink }: { loginLink: string }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<LoginKind>("phone");
  const [login, setLogin] = useState("");
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [isBusy, setBusy] = useState(false);
  const form = useFormErrors();
  const isHydrated = useIsHydrated();

  const sendCode = async (): Promise<CodeSent | null> => {
    try {
      const next = await sendResetPasswordCode(loginValue(kind, login));
      form.clearErrors();
      return next;
    } catch (error) {
      form.showApiError(error, ["login"]);
      return null;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.clearErrors();
    if (!sent) {
      const loginProblem = checkLogin(kind, login);
      if (loginProblem) return form.setFieldError("login", loginProblem);
      setBusy(true);
      const next = await sendCode();
      if (next) setSent(next);
      setBusy(false);
      return;
    }
    const problems = {
      code: code.length === 6 ? null : "auth.fieldError.codeIncomplete",
      password: checkNewPassword(password),
    };
    for (const [field, key] of Object.entries(problems)) form.setFieldError(field, key);
    if (Object.values(problems).some(Boolean)) return;
    setBusy(true);
    try {
      await resetPassword({ login: loginValue(kind, login), code, password });
    } catch (error) {
      form.showApiError(error, ["login", "code", "password"]);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} method="post" noValidate data-testid="reset-form">
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {sent ? t("auth.reset.leadCode") : t("auth.reset.lead")}
        </Text>
        <FormAlert text={form.formError} />
        {sent ? (
          <>
            <CodeInput
              sent={sent}
              value={code}
              onChange={setCode}
              onResend={sendCode}
              error={form.errors.code ?? form.errors.login}
              disabled={isBusy}
            />
            <NewPasswordField
              label={t("auth.reset.newPassword")}
              value={password}
              onChange={setPassword}
              error={form.errors.password}
              disabled={isBusy}
              name="password"
              data-testid="reset-password"
            />
          </>
        ) : (
          <LoginInput
            kind={kind}
            onKindChange={(next) => {
              setKind(next);
              setLogin("");
              form.clearErrors();
            }}
            value={login}
            onChange={setLogin}
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
              setCode("");
              form.clearErrors();
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
