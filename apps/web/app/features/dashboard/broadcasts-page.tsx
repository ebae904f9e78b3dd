/**
 * Dashboard → notification (issue 17, decision 070): compose a broadcast in ky, ru and en, pick its
 * channels and segment, preview it (each language and the count of recipients), send it; below,
 * the broadcasts sent with their status and counts.
 */
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type Broadcast,
  type BroadcastInput,
  type BroadcastPreview,
  type BroadcastRole,
  broadcastRoles,
  broadcastTextMax,
  broadcastTitleMax,
  type Locale,
  locales,
} from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/form-alert.tsx";
import { toasts } from "../../lib/app-state.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useRegions } from "../../lib/shared-config.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import { useLocale } from "../../lib/use-locale.ts";
import {
  broadcastsKey,
  broadcastsQueryOptions,
  previewBroadcast,
  sendBroadcast,
} from "./api/broadcasts-api.ts";
import { KeysetTable } from "./keyset-table.tsx";
import { useDashboardFormat } from "./use-dashboard-format.ts";

interface Values {
  title: Record<Locale, string>;
  text: Record<Locale, string>;
  link: string;
  channels: { inApp: boolean; email: boolean; push: boolean };
  regionId: string | null;
  role: BroadcastRole | null;
  hasActiveAds: boolean;
}

const empty = { ky: "", ru: "", en: "" };
const fieldNames = [
  ...locales.flatMap((locale) => [`title.${locale}`, `text.${locale}`]),
  "link",
  "channels.inApp",
  "segment.regionId",
  "segment.role",
];

function toInput(values: Values): BroadcastInput {
  return {
    title: values.title,
    text: values.text,
    link: values.link.trim() || null,
    channels: values.channels,
    segment: {
      regionId: values.regionId === null ? null : Number(values.regionId),
      role: values.role,
      hasActiveAds: values.hasActiveAds,
    },
  };
}

/** The form's field of an API field path (`segment.regionId` → `regionId`). */
const formField = (path: string) => path.replace(/^segment\./, "");

function Composer() {
  const { t } = useTranslation();
  const locale = useLocale();
  const viewer = useCurrentUser();
  const regions = useRegions();
  const queryClient = useQueryClient();
  const errorTexts = useApiErrorTexts();
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState<BroadcastPreview | null>(null);
  const form = useForm<Values>({
    initialValues: {
      title: { ...empty },
      text: { ...empty },
      link: "",
      channels: { inApp: true, email: false, push: false },
      regionId: null,
      role: null,
      hasActiveAds: false,
    },
    // A preview is of the values it was made from: any change asks for a new one.
    onValuesChange: () => setPreview(null),
  });
  const showErrors = (error: unknown) => {
    const texts = errorTexts(error, fieldNames);
    for (const [field, text] of Object.entries(texts.fields)) form.setFieldError(formField(field), text);
    setFormError(texts.form);
  };
  const previewing = useMutation({
    mutationFn: previewBroadcast,
    onSuccess: setPreview,
    onError: showErrors,
  });
  const sending = useMutation({
    mutationFn: sendBroadcast,
    onSuccess: () => {
      toasts.add({ title: t("dashboard.broadcasts.sent"), color: "teal" });
      form.reset();
      setPreview(null);
      void queryClient.invalidateQueries({ queryKey: broadcastsKey(viewer?.id) });
    },
    onError: showErrors,
  });
  const submit = (values: Values) => {
    setFormError(null);
    if (preview) sending.mutate(toInput(values));
    else previewing.mutate(toInput(values));
  };
  const channel = (name: keyof Values["channels"]) => (
    <Checkbox
      label={t(`dashboard.broadcasts.channel.${name}`)}
      data-testid={`broadcast-channel-${name}`}
      {...form.getInputProps(`channels.${name}`, { type: "checkbox" })}
    />
  );

  return (
    <Paper withBorder radius="lg" p="lg">
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("dashboard.broadcasts.lead")}
          </Text>
          <FormAlert text={formError} />
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {locales.map((language) => (
              <Stack key={language} gap="xs">
                <Title order={3} size="h5">
                  {t(`language.${language}`)}
                </Title>
                <TextInput
                  label={t("dashboard.broadcasts.title")}
                  required
                  maxLength={broadcastTitleMax}
                  data-testid={`broadcast-title-${language}`}
                  {...form.getInputProps(`title.${language}`)}
                />
                <Textarea
                  label={t("dashboard.broadcasts.text")}
                  required
                  autosize
                  minRows={3}
                  maxLength={broadcastTextMax}
                  data-testid={`broadcast-text-${language}`}
                  {...form.getInputProps(`text.${language}`)}
                />
              </Stack>
            ))}
          </SimpleGrid>
          <TextInput
            label={t("dashboard.broadcasts.link")}
            description={t("dashboard.broadcasts.linkHint")}
            placeholder="/cars"
            data-testid="broadcast-link"
            {...form.getInputProps("link")}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t("dashboard.broadcasts.channels")}
            </Text>
            <Group gap="lg">
              {channel("inApp")}
              {channel("email")}
              {channel("push")}
            </Group>
            {form.errors["channels.inApp"] && (
              <Text size="xs" c="red">
                {form.errors["channels.inApp"]}
              </Text>
            )}
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Select
              label={t("dashboard.broadcasts.region")}
              placeholder={t("dashboard.broadcasts.anyRegion")}
              clearable
              searchable
              data={regions.map((region) => ({ value: String(region.id), label: region.name[locale] }))}
              data-testid="broadcast-region"
              {...form.getInputProps("regionId")}
            />
            <Select
              label={t("dashboard.broadcasts.role")}
              placeholder={t("dashboard.broadcasts.anyRole")}
              clearable
              data={broadcastRoles.map((role) => ({
                value: role,
                label: t(`dashboard.broadcasts.roles.${role}`),
              }))}
              data-testid="broadcast-role"
              {...form.getInputProps("role")}
            />
            <Checkbox
              mt={{ base: 0, sm: 30 }}
              label={t("dashboard.broadcasts.hasActiveAds")}
              data-testid="broadcast-active-ads"
              {...form.getInputProps("hasActiveAds", { type: "checkbox" })}
            />
          </SimpleGrid>
          {preview && <PreviewCards preview={preview} />}
          <Group>
            <Button
              type="submit"
              loading={previewing.isPending || sending.isPending}
              color={preview ? "red" : undefined}
              disabled={preview?.recipients === 0}
              data-testid={preview ? "broadcast-send" : "broadcast-preview"}
            >
              {preview
                ? t("dashboard.broadcasts.send", { count: preview.recipients })
                : t("dashboard.broadcasts.preview")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PreviewCards({ preview }: { preview: BroadcastPreview }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="broadcast-preview-result">
      <Text fw={600} data-testid="broadcast-recipients">
        {t("dashboard.broadcasts.recipients", { count: preview.recipients })}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        {locales.map((language) => (
          <Paper key={language} withBorder radius="md" p="sm" lang={language}>
            <Text size="xs" c="dimmed">
              {t(`language.${language}`)}
            </Text>
            <Text fw={600}>{preview.notices[language].title}</Text>
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {preview.notices[language].body}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

const statusColor = { queued: "gray", sending: "blue", sent: "teal" } as const;

function BroadcastRow({ broadcast }: { broadcast: Broadcast }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const regions = useRegions();
  const format = useDashboardFormat();
  const { regionId, role, hasActiveAds } = broadcast.segment;
  const segment = [
    regionId === null
      ? null
      : (regions.find((region) => region.id === regionId)?.name[locale] ?? `#${regionId}`),
    role === null ? null : t(`dashboard.broadcasts.roles.${role}`),
    hasActiveAds ? t("dashboard.broadcasts.hasActiveAds") : null,
  ].filter((part) => part !== null);
  const channels = (["inApp", "email", "push"] as const).filter((name) => broadcast.channels[name]);
  return (
    <Table.Tr data-testid={`broadcast-${broadcast.id}`}>
      <Table.Td>{format.when(broadcast.createdAt)}</Table.Td>
      <Table.Td>{broadcast.staff?.name || "—"}</Table.Td>
      <Table.Td style={{ whiteSpace: "normal", minWidth: 200 }}>{broadcast.title[locale]}</Table.Td>
      <Table.Td>{segment.length > 0 ? segment.join(", ") : t("dashboard.broadcasts.everyone")}</Table.Td>
      <Table.Td>{channels.map((name) => t(`dashboard.broadcasts.channel.${name}`)).join(", ")}</Table.Td>
      <Table.Td style={{ minWidth: 130 }}>
        <Badge color={statusColor[broadcast.status]} variant="light" data-testid="broadcast-status">
          {t(`dashboard.broadcasts.status.${broadcast.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        {broadcast.sentCount} / {broadcast.recipients}
      </Table.Td>
    </Table.Tr>
  );
}

export function BroadcastsPage() {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const list = useInfiniteQuery(broadcastsQueryOptions(viewer?.id));
  const items = list.data?.pages.flatMap((page) => page.items);
  return (
    <Stack gap="lg">
      <Composer />
      <Title order={2} size="h4">
        {t("dashboard.broadcasts.listTitle")}
      </Title>
      <KeysetTable
        query={list}
        rows={items}
        name="broadcasts"
        emptyText={t("dashboard.broadcasts.none")}
        minWidth={900}
        head={
          <>
            <Table.Th>{t("dashboard.broadcasts.column.when")}</Table.Th>
            <Table.Th>{t("dashboard.broadcasts.column.staff")}</Table.Th>
            <Table.Th>{t("dashboard.broadcasts.column.title")}</Table.Th>
            <Table.Th>{t("dashboard.broadcasts.column.segment")}</Table.Th>
            <Table.Th>{t("dashboard.broadcasts.column.channels")}</Table.Th>
            <Table.Th>{t("dashboard.broadcasts.column.status")}</Table.Th>
            <Table.Th>{t("dashboard.broadcasts.column.sent")}</Table.Th>
          </>
        }
        row={(broadcast) => <BroadcastRow key={broadcast.id} broadcast={broadcast} />}
      />
    </Stack>
  );
}
