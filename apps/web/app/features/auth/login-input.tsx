import { SegmentedControl, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmailField, PhoneField } from "./contact-fields.tsx";
import { isEmailLike, isPhoneComplete, phoneToE164 } from "./phone-input.ts";

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
  error?: ReactNode;
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
        <PhoneField
          key="phone"
          value={value}
          onChange={onChange}
          error={error}
          disabled={disabled}
          autoFocus={autoFocus}
          name="login"
          data-testid="login-phone"
        />
      ) : (
        <EmailField
          key="email"
          value={value}
          onChange={onChange}
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
