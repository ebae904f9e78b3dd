import { SegmentedControl, Stack, TextInput } from "@mantine/core";
import { IconAt, IconPhone } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { isEmailLike, isPhoneComplete, maskPhoneInput, phoneToE164 } from "./phone-input.ts";

export type LoginKind = "phone" | "email";

/** What the API receives as `login`: E.164 for a phone, the trimmed address for an email. */
export function loginValue(kind: LoginKind, value: string): string {
  return kind === "phone" ? phoneToE164(value) : value.trim().toLowerCase();
}

/** A translation key when the login cannot be sent yet, null when it can. */
export function checkLogin(kind: LoginKind, value: string): string | null {
  if (kind === "phone") return isPhoneComplete(value) ? null : "auth.fieldError.phoneIncomplete";
  return isEmailLike(value) ? null : "auth.fieldError.emailInvalid";
}

/** Phone (masked `+996 ### ### ###`) or email, chosen with a switch above the field. */
export function LoginInput({
  kind,
  onKindChange,
  value,
  onChange,
  error,
  disabled,
  autoFocus,
}: {
  kind: LoginKind;
  onKindChange: (kind: LoginKind) => void;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <SegmentedControl
        fullWidth
        value={kind}
        onChange={(next) => onKindChange(next as LoginKind)}
        disabled={disabled}
        aria-label={t("auth.login.kind")}
        data={[
          { value: "phone", label: t("auth.login.byPhone") },
          { value: "email", label: t("auth.login.byEmail") },
        ]}
        data-testid="login-kind"
      />
      {kind === "phone" ? (
        <TextInput
          key="phone"
          label={t("auth.login.phone")}
          placeholder="+996 555 123 456"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          leftSection={<IconPhone size={18} stroke={1.6} />}
          value={value}
          onChange={(event) => onChange(maskPhoneInput(event.currentTarget.value))}
          onFocus={() => {
            if (!value) onChange("+996 ");
          }}
          error={error}
          disabled={disabled}
          autoFocus={autoFocus}
          name="login"
          data-testid="login-phone"
        />
      ) : (
        <TextInput
          key="email"
          label={t("auth.login.email")}
          placeholder="name@mail.kg"
          type="email"
          inputMode="email"
          autoComplete="email"
          leftSection={<IconAt size={18} stroke={1.6} />}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          disabled={disabled}
          autoFocus={autoFocus}
          name="login"
          data-testid="login-email"
        />
      )}
    </Stack>
  );
}
