import { Button, Group, Stack } from "@mantine/core";
import type { CodeSent, Me } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/form-alert.tsx";
import { confirmEmail, confirmPhone, requestEmailCode, requestPhoneCode } from "./auth-api.ts";
import { CodeInput } from "./code-input.tsx";
import { EmailField, PhoneField } from "./contact-fields.tsx";
import { checkLogin, loginValue } from "./login-input.tsx";
import { maskPhoneInput } from "./phone-input.ts";
import { type FieldProblems, useAccountForm } from "./use-account-form.ts";

type Contact = "phone" | "email";

const calls = {
  phone: { request: requestPhoneCode, confirm: confirmPhone },
  email: { request: requestEmailCode, confirm: confirmEmail },
} as const;

/**
 * Adds (or confirms) a phone or an email: the value, then the code sent to it. The same two steps
 * as sign-up, so API errors land beside the same fields.
 */
export function ContactConfirmForm({
  contact,
  initialValue = "",
  onDone,
  onCancel,
}: {
  contact: Contact;
  initialValue?: string;
  onDone: (user: Me) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [isBusy, setBusy] = useState(false);
  const account = useAccountForm({
    initialValues: {
      phone: contact === "phone" ? maskPhoneInput(initialValue) : "",
      email: contact === "email" ? initialValue : "",
      code: "",
    },
    check: (values): FieldProblems =>
      sent
        ? { code: values.code.length === 6 ? null : "auth.fieldError.codeIncomplete" }
        : { [contact]: checkLogin(contact, values[contact]) },
  });
  const { form } = account;
  const sendValue = () => loginValue(contact, form.values[contact]);

  const sendCode = async (): Promise<CodeSent | null> => {
    try {
      const next = await calls[contact].request(sendValue());
      account.clearErrors();
      return next;
    } catch (error) {
      account.showApiError(error, [contact], { fieldOfCode: { LOGIN_INVALID: contact } });
      return null;
    }
  };

  const confirm = async (typed: string) => {
    if (typed.length !== 6) return account.setFieldError("code", "auth.fieldError.codeIncomplete");
    setBusy(true);
    try {
      onDone(await calls[contact].confirm(sendValue(), typed));
    } catch (error) {
      account.showApiError(error, [contact, "code"]);
      setBusy(false);
    }
  };

  const submit = async ({ code }: typeof form.values) => {
    if (sent) return confirm(code);
    setBusy(true);
    const next = await sendCode();
    if (next) setSent(next);
    setBusy(false);
  };

  return (
    <form onSubmit={account.onSubmit(submit)} noValidate data-testid={`${contact}-confirm-form`}>
      <Stack gap="sm">
        <FormAlert text={account.formError} />
        {contact === "phone" ? (
          <PhoneField
            value={form.values.phone}
            onChange={(phone) => form.setFieldValue("phone", phone)}
            error={form.errors.phone}
            readOnly={sent !== null}
            disabled={isBusy && !sent}
            autoFocus
            data-testid="contact-phone"
          />
        ) : (
          <EmailField
            value={form.values.email}
            onChange={(email) => form.setFieldValue("email", email)}
            error={form.errors.email}
            readOnly={sent !== null}
            disabled={isBusy && !sent}
            autoFocus
            data-testid="contact-email"
          />
        )}
        {sent && (
          <CodeInput
            sent={sent}
            value={form.values.code}
            onChange={(code) => form.setFieldValue("code", code)}
            onComplete={(typed) => void confirm(typed)}
            onResend={sendCode}
            error={form.errors.code}
            disabled={isBusy}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isBusy}>
            {t("auth.common.cancel")}
          </Button>
          <Button type="submit" loading={isBusy} data-testid="contact-submit">
            {sent ? t("auth.common.confirm") : t("auth.login.getCode")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
