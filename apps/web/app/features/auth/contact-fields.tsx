import { type PasswordInputProps, TextInput, type TextInputProps } from "@mantine/core";
import { IconAt, IconPhone } from "@tabler/icons-react";
import { PASSWORD_MIN_LENGTH } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { PasswordInput } from "../../components/password-input.tsx";
import { maskPhoneInput } from "./phone-input.ts";

type FieldProps<P> = Omit<P, "value" | "onChange"> & { value: string; onChange: (value: string) => void };

/** A phone number: masked as it is typed, starting with +996 (Kyrgyzstan) when empty. */
export function PhoneField({ value, onChange, ...props }: FieldProps<TextInputProps>) {
  const { t } = useTranslation();
  return (
    <TextInput
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
      {...props}
    />
  );
}

export function EmailField({ value, onChange, ...props }: FieldProps<TextInputProps>) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t("auth.login.email")}
      placeholder="name@mail.kg"
      type="email"
      inputMode="email"
      autoComplete="email"
      leftSection={<IconAt size={18} stroke={1.6} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...props}
    />
  );
}

/** A new password, with the rules spelled out below the field. */
export function NewPasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      description={t("auth.signUp.passwordHint", { min: PASSWORD_MIN_LENGTH })}
      autoComplete="new-password"
      {...props}
    />
  );
}
