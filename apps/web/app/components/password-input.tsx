import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * Mantine's password input with its show-password toggle reachable by Tab and named in the page's
 * language (Mantine's own is skipped by Tab and says "Toggle password visibility" in English);
 * `aria-pressed` tells whether the password is shown. With an error the field is `aria-invalid`
 * (Mantine marks its inner input only with `data-invalid`).
 */
export function PasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <MantinePasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ "aria-label": t("auth.showPassword") }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
