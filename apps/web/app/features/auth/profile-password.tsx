import { Button, Group, Stack } from "@mantine/core";
import type { Me } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/form-alert.tsx";
import { PasswordInput } from "../../components/password-input.tsx";
import { showSuccess } from "../../lib/notify.ts";
import { changePassword } from "./auth-api.ts";
import { NewPasswordField } from "./contact-fields.tsx";
import { SettingsSection } from "./settings-section.tsx";
import { checkNewPassword } from "./sign-up-form.tsx";
import { type FieldProblems, useAccountForm } from "./use-account-form.ts";

/** Change (or, for Google and code-only accounts, set) the password; other sessions then end. */
export function ProfilePassword({ user }: { user: Me }) {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const account = useAccountForm({
    initialValues: { currentPassword: "", newPassword: "" },
    check: ({ currentPassword, newPassword }): FieldProblems => ({
      currentPassword: user.hasPassword && !currentPassword ? "auth.fieldError.required" : null,
      newPassword: checkNewPassword(newPassword),
    }),
  });
  const { form } = account;

  const submit = async ({ currentPassword, newPassword }: typeof form.values) => {
    setBusy(true);
    try {
      await changePassword(user.hasPassword ? { currentPassword, newPassword } : { newPassword });
      form.reset();
      showSuccess(t("auth.password.saved"));
    } catch (error) {
      account.showApiError(error, ["currentPassword", "newPassword"], {
        fieldOfCode: { PASSWORD_WEAK: "newPassword" },
        fieldAliases: { password: "newPassword" },
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsSection
      title={user.hasPassword ? t("auth.password.title") : t("auth.password.titleSet")}
      description={t("auth.password.description")}
      testId="password-section"
    >
      <form onSubmit={account.onSubmit(submit)} noValidate data-testid="password-form">
        <Stack gap="sm">
          <FormAlert text={account.formError} />
          {user.hasPassword && (
            <PasswordInput
              label={t("auth.password.current")}
              autoComplete="current-password"
              {...form.getInputProps("currentPassword")}
              disabled={isBusy}
              data-testid="password-current"
            />
          )}
          <NewPasswordField
            label={t("auth.password.new")}
            {...form.getInputProps("newPassword")}
            disabled={isBusy}
            data-testid="password-new"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isBusy} data-testid="password-save">
              {t("auth.password.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
