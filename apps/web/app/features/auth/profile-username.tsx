import { Button, Group, Stack, TextInput } from "@mantine/core";
import { type Me, USERNAME_MAX_LENGTH } from "@unaa/contracts";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/form-alert.tsx";
import { showSuccess } from "../../lib/notify.ts";
import { changeUsername } from "./auth-api.ts";
import { SettingsSection } from "./settings-section.tsx";
import { checkUsername } from "./sign-up-form.tsx";
import { useFormErrors } from "./use-form-errors.ts";

export function ProfileUsername({ user }: { user: Me }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState(user.username);
  const [isBusy, setBusy] = useState(false);
  const form = useFormErrors();

  useEffect(() => setUsername(user.username), [user.username]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.clearErrors();
    const problem = checkUsername(username);
    if (problem) return form.setFieldError("username", problem);
    setBusy(true);
    try {
      await changeUsername(username.trim());
      showSuccess(t("auth.username.saved"));
    } catch (error) {
      form.showApiError(error, ["username"]);
    } finally {
      setBusy(false);
    }
  };

  const isUnchanged = username.trim() === user.username;
  return (
    <SettingsSection title={t("auth.username.title")} description={t("auth.signUp.usernameHint")}>
      <form onSubmit={submit} noValidate data-testid="username-form">
        <Stack gap="sm">
          <TextInput
            aria-label={t("auth.signUp.username")}
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            error={form.errors.username}
            maxLength={USERNAME_MAX_LENGTH}
            disabled={isBusy}
            data-testid="username-input"
          />
          <FormAlert text={form.formError} />
          <Group justify="flex-end">
            <Button type="submit" loading={isBusy} disabled={isUnchanged} data-testid="username-save">
              {t("auth.common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
