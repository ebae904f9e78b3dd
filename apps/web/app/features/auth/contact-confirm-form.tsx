import { Button, Group, Stack } from "@mantine/core";
import type { CodeSent, Me } from "@unaa/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/form-alert.tsx";
import { confirmEmail, confirmPhone, requestEmailCode, requestPhoneCode } from "./auth-api.ts";
import { CodeInput } from "./code-input.tsx";
import { EmailField, PhoneField } from "./contact-fields.tsx";
import { checkLogin, loginValue } from "./login-input.tsx";
import { maskPhoneInput } from "./phone-input.ts";
import { useFormErrors } from "./use-form-errors.ts";

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
  const [value, setValue] = useState(contact === "phone" ? maskPhoneInput(initialValue) : initialValue);
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [code, setCode] = useState("");
  const [isBusy, setBusy] = useState(false);
  const form = useFormErrors();
  const sendValue = () => loginValue(contact, value);

  const sendCode = async (): Promise<CodeSent | null> => {
    try {
      const next = await calls[contact].request(sendValue());
      form.clearErrors();
      return next;
    } catch (error) {
      form.showApiError(error, [contact], { fieldOfCode: { LOGIN_INVALID: contact } });
      return null;
    }
  };

  const confirm = async (typed: string) => {
    if (typed.length !== 6) return form.setFieldError("code", "auth.fieldError.codeIncomplete");
    setBusy(true);
    try {
      onDone(await calls[contact].confirm(sendValue(), typed));
    } catch (error) {
      form.showApiError(error, [contact, "code"]);
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.clearErrors();
    if (sent) return confirm(code);
    const problem = checkLogin(contact, value);
    if (problem) return form.setFieldError(contact, problem);
    setBusy(true);
    const next = await sendCode();
    if (next) setSent(next);
    setBusy(false);
  };

  return (
    <form onSubmit={submit} noValidate data-testid={`${contact}-confirm-form`}>
      <Stack gap="sm">
        <FormAlert text={form.formError} />
        {contact === "phone" ? (
          <PhoneField
            value={value}
            onChange={setValue}
            error={form.errors.phone}
            readOnly={sent !== null}
            disabled={isBusy && !sent}
            autoFocus
            data-testid="contact-phone"
          />
        ) : (
          <EmailField
            value={value}
            onChange={setValue}
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
            value={code}
            onChange={setCode}
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
