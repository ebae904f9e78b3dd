import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import type { Me } from "@unaa/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/form-alert.tsx";
import { showSuccess } from "../../lib/notify.ts";
import { changePassword } from "./auth-api.ts";
import { NewPasswordField } from "./contact-fields.tsx";
import { SettingsSection } from "./settings-section.tsx";
import { checkNewPassword } from "./sign-up-form.tsx";
import { useFormErrors } from "./use-form-errors.ts";

/** Change (or, for Google and code-only accounts, set) the password; other sessions then end. */
export function ProfilePassword({ user }: { user: Me }) {
  const { t } = useTranslation();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [isBusy, setBusy] = useState(false);
  const form = useFormErrors();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.clearErrors();
    const problems = {
      currentPassword: user.hasPassword && !currentPassword ? "auth.fieldError.required" : null,
      newPassword: checkNewPassword(newPassword),
    };
    for (const [field, key] of Object.entries(problems)) form.setFieldError(field, key);
    if (Object.values(problems).some(Boolean)) return;
    setBusy(true);
    try {
      await changePassword(user.hasPassword ? { currentPassword, newPassword } : { newPassword });
      setCurrentPassword("");
      setNewPassword("");
      showSuccess(t("auth.password.saved"));
    } catch (error) {
      form.showApiError(error, ["currentPassword", "newPassword"], {
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
      <form onSubmit={submit} noValidate data-testid="password-form">
        <Stack gap="sm">
          <FormAlert text={form.formError} />
          {user.hasPassword && (
            <PasswordInput
              label={t("auth.password.current")}
              autoComplete="current-password"
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.currentTarget.value)}
              error={form.errors.currentPassword}
              disabled={isBusy}
              data-testid="password-current"
            />
          )}
          <NewPasswordField
            label={t("auth.password.new")}
            value={newPassword}
            onChange={setNewPassword}
            error={form.errors.newPassword}
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
