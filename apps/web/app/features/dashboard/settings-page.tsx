/**
 * Dashboard → settings (product.md section 1: admins only, decision 069). The screen is built from
 * what the API describes: one card per setting, its field chosen by the setting's kind, its label
 * and help from `dashboard.settings.<key>` (the key itself when a text is missing). Each card saves
 * its one setting; the server checks it against the setting's schema and audits the change.
 */
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DashboardSetting } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListSkeleton, LoadFailed } from "../../components/load-state.tsx";
import { toasts } from "../../lib/app-state.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import { saveSetting, settingsQueryKey, settingsQueryOptions } from "./api/settings-api.ts";

export function SettingsPage() {
  const { t } = useTranslation();
  const userId = useCurrentUser()?.id;
  const settings = useQuery(settingsQueryOptions(userId));
  if (userId === undefined || settings.isPending) return <ListSkeleton testId="settings-pending" />;
  if (settings.isError) return <LoadFailed text={t("dashboard.loadFailed")} onRetry={settings.refetch} />;
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t("dashboard.settings.lead")}
      </Text>
      {settings.data.items.map((setting) => (
        <SettingCard key={setting.key} setting={setting} />
      ))}
    </Stack>
  );
}

function SettingCard({ setting }: { setting: DashboardSetting }) {
  const { t } = useTranslation();
  const userId = useCurrentUser()?.id;
  const queryClient = useQueryClient();
  const errorTexts = useApiErrorTexts();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<{ value: unknown }>({ initialValues: { value: setting.value } });
  const text = (part: string, fallback: string) =>
    t(`dashboard.settings.${setting.key}.${part}`, { defaultValue: fallback });
  const fields = ["value", ...setting.options.map((option) => `value.${option}`)];

  const save = useMutation({
    mutationFn: (value: unknown) => saveSetting(setting.key, value),
    onSuccess: (list, value) => {
      queryClient.setQueryData(settingsQueryKey(userId), list);
      form.resetDirty({ value });
      setFormError(null);
      toasts.add({ title: t("dashboard.settings.saved"), color: "teal" });
    },
    onError: (error) => {
      const texts = errorTexts(error, fields);
      for (const [field, message] of Object.entries(texts.fields)) form.setFieldError(field, message);
      setFormError(texts.form);
    },
  });

  const label = text("label", setting.key);
  return (
    <Paper withBorder radius="lg" p="lg" data-testid={`setting-${setting.key}`}>
      <form onSubmit={form.onSubmit(({ value }) => save.mutate(value))}>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {label}
          </Title>
          <Text size="sm" c="dimmed">
            {text("help", "")}
          </Text>
          <SettingField setting={setting} form={form} label={label} />
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Group>
            <Button
              type="submit"
              loading={save.isPending}
              disabled={!form.isDirty()}
              data-testid={`save-${setting.key}`}
            >
              {t("dashboard.settings.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

type SettingForm = ReturnType<typeof useForm<{ value: unknown }>>;

/** One field per kind of setting: a choice, a number, a group of numbers, a text or a group of texts. */
function SettingField({
  setting,
  form,
  label,
}: {
  setting: DashboardSetting;
  form: SettingForm;
  label: string;
}) {
  const { t } = useTranslation();
  const name = (option: string) =>
    t(`dashboard.settings.${setting.key}.options.${option}`, { defaultValue: option });
  switch (setting.kind) {
    case "enum":
      return (
        <Select
          aria-label={label}
          data={setting.options.map((option) => ({ value: option, label: name(option) }))}
          allowDeselect={false}
          maw={520}
          {...form.getInputProps("value")}
        />
      );
    case "number":
      return <NumberInput aria-label={label} maw={240} {...form.getInputProps("value")} />;
    case "numbers":
      return (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {setting.options.map((option) => (
            <NumberInput
              key={option}
              label={name(option)}
              allowDecimal={false}
              {...form.getInputProps(`value.${option}`)}
            />
          ))}
        </SimpleGrid>
      );
    case "texts":
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {setting.options.map((option) => (
            <TextInput key={option} label={name(option)} {...form.getInputProps(`value.${option}`)} />
          ))}
        </SimpleGrid>
      );
    default:
      return <TextInput aria-label={label} maw={360} {...form.getInputProps("value")} />;
  }
}
