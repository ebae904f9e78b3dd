import { Button, Group, Stack, TextInput } from "@mantine/core";
import { type Me, USERNAME_MAX_LENGTH } from "@unaa/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/form-alert.tsx";
import { showSuccess } from "../../lib/notify.ts";
import { changeUsername } from "./auth-api.ts";
import { SettingsSection } from "./settings-section.tsx";
import { checkUsername } from "./sign-up-form.tsx";
import { type FieldProblems, useAccountForm } from "./use-account-form.ts";

export function ProfileUsername({ user }: { user: Me }) {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const account = useAccountForm({
    initialValues: { username: user.username },
    check: ({ username }): FieldProblems => ({ username: checkUsername(username) }),
  });
  const { form } = account;

  // A name saved (here or in another tab) becomes the field's value.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's setters change with every render.
  useEffect(() => form.setFieldValue("username", user.username), [user.username]);

  const submit = async ({ username }: typeof form.values) => {
    setBusy(true);
    try {
      await changeUsername(username.trim());
      showSuccess(t("auth.username.saved"));
    } catch (error) {
      account.showApiError(error, ["username"]);
    } finally {
      setBusy(false);
    }
  };

  const isUnchanged = form.values.username.trim() === user.username;
  return (
    <SettingsSection title={t("auth.username.title")} description={t("auth.signUp.usernameHint")}>
      <form onSubmit={account.onSubmit(submit)} noValidate data-testid="username-form">
        <Stack gap="sm">
          <TextInput
            aria-label={t("auth.signUp.username")}
            autoComplete="username"
            {...form.getInputProps("username")}
            maxLength={USERNAME_MAX_LENGTH}
            disabled={isBusy}
            data-testid="username-input"
          />
          <FormAlert text={account.formError} />
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
