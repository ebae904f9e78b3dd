/**
 * Dashboard → advertising (issue 17, decision 071): banner campaigns. An image uploaded for a slot
 * (the server crops it to the slot's size), a link, days, languages, a weight and the active
 * switch; the list shows impressions, clicks and CTR. Each change is audited.
 */

import {
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type Banner,
  type BannerSlot,
  bannerSlotSizes,
  bannerSlots,
  bannerTitleMax,
  bannerWeightMax,
  type Locale,
  locales,
} from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { DayRangeInput } from "../../components/day-range-input.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { toasts } from "../../lib/app-state.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import { useSiteDay } from "../../lib/use-site-format.ts";
import {
  bannersKey,
  bannersQueryOptions,
  deleteBanner,
  saveBanner,
  uploadBannerImage,
} from "./api/banners-api.ts";
import { KeysetTable } from "./keyset-table.tsx";

interface Values {
  title: string;
  slot: BannerSlot;
  image: string;
  imageUrl: string;
  link: string;
  days: [string | null, string | null];
  locales: Locale[];
  weight: number | string;
  isActive: boolean;
}

const fieldNames = ["title", "slot", "image", "link", "startsOn", "endsOn", "locales", "weight"];

/** Today in Asia/Bishkek (UTC+6), `YYYY-MM-DD`. */
const today = () => new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);

function valuesOf(banner: Banner | null): Values {
  return banner
    ? {
        title: banner.title,
        slot: banner.slot,
        image: banner.image,
        imageUrl: banner.imageUrl,
        link: banner.link,
        days: [banner.startsOn, banner.endsOn],
        locales: banner.locales,
        weight: banner.weight,
        isActive: banner.isActive,
      }
    : {
        title: "",
        slot: "home-top",
        image: "",
        imageUrl: "",
        link: "",
        days: [today(), null],
        locales: [...locales],
        weight: 10,
        isActive: true,
      };
}

function BannerForm({ banner, onDone }: { banner: Banner | null; onDone: () => void }) {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const queryClient = useQueryClient();
  const errorTexts = useApiErrorTexts();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: valuesOf(banner) });
  const showErrors = (error: unknown) => {
    const texts = errorTexts(error, fieldNames);
    for (const [field, text] of Object.entries(texts.fields)) {
      form.setFieldError(field === "startsOn" || field === "endsOn" ? "days" : field, text);
    }
    setFormError(texts.form);
  };
  const upload = useMutation({
    mutationFn: (file: File) => uploadBannerImage(form.getValues().slot, file),
    onSuccess: ({ image, url }) => {
      form.setFieldValue("image", image);
      form.setFieldValue("imageUrl", url);
      form.clearFieldError("image");
    },
    onError: (error) => {
      const texts = errorTexts(error, []);
      form.setFieldError("image", texts.form);
    },
  });
  const save = useMutation({
    mutationFn: (values: Values) =>
      saveBanner(banner?.id ?? null, {
        title: values.title,
        image: values.image,
        link: values.link,
        slot: values.slot,
        startsOn: values.days[0] ?? "",
        endsOn: values.days[1] ?? values.days[0] ?? "",
        locales: values.locales,
        weight: Number(values.weight),
        isActive: values.isActive,
      }),
    onSuccess: () => {
      toasts.add({ title: t("dashboard.banners.saved"), color: "teal" });
      void queryClient.invalidateQueries({ queryKey: bannersKey(viewer?.id) });
      onDone();
    },
    onError: showErrors,
  });
  const size = bannerSlotSizes[form.getValues().slot];

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        save.mutate(values);
      })}
    >
      <Stack gap="md">
        <FormAlert text={formError} />
        <TextInput
          label={t("dashboard.banners.title")}
          description={t("dashboard.banners.titleHint")}
          required
          maxLength={bannerTitleMax}
          data-testid="banner-title"
          {...form.getInputProps("title")}
        />
        <Select
          label={t("dashboard.banners.slot")}
          data={bannerSlots.map((slot) => ({ value: slot, label: t(`dashboard.banners.slots.${slot}`) }))}
          allowDeselect={false}
          data-testid="banner-slot"
          {...form.getInputProps("slot")}
          onChange={(value) => {
            form.setFieldValue("slot", (value ?? "home-top") as BannerSlot);
            // An image is cropped for its slot: another slot needs another upload.
            form.setFieldValue("image", "");
            form.setFieldValue("imageUrl", "");
          }}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t("dashboard.banners.image", size)}
          </Text>
          {form.getValues().imageUrl && (
            <Image
              src={form.getValues().imageUrl}
              alt=""
              radius="sm"
              maw={size.width}
              style={{ aspectRatio: `${size.width} / ${size.height}` }}
              data-testid="banner-image-preview"
            />
          )}
          <FileButton
            onChange={(file) => file && upload.mutate(file)}
            accept="image/jpeg,image/png,image/webp,image/heic"
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={upload.isPending}
                style={{ alignSelf: "flex-start" }}
              >
                {t("dashboard.banners.upload")}
              </Button>
            )}
          </FileButton>
          {form.errors.image && (
            <Text size="xs" c="red" data-testid="banner-image-error">
              {form.errors.image}
            </Text>
          )}
        </Stack>
        <TextInput
          label={t("dashboard.banners.link")}
          description={t("dashboard.banners.linkHint")}
          required
          placeholder="https://"
          data-testid="banner-link"
          {...form.getInputProps("link")}
        />
        <DayRangeInput
          label={t("dashboard.banners.days")}
          required
          data-testid="banner-days"
          {...form.getInputProps("days")}
        />
        <Checkbox.Group label={t("dashboard.banners.languages")} required {...form.getInputProps("locales")}>
          <Group gap="lg" mt={6}>
            {locales.map((language) => (
              <Checkbox key={language} value={language} label={t(`language.${language}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t("dashboard.banners.weight")}
            description={t("dashboard.banners.weightHint")}
            min={1}
            max={bannerWeightMax}
            allowDecimal={false}
            data-testid="banner-weight"
            {...form.getInputProps("weight")}
          />
          <Switch
            mt={{ base: 0, sm: 34 }}
            label={t("dashboard.banners.active")}
            data-testid="banner-active"
            {...form.getInputProps("isActive", { type: "checkbox" })}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t("dashboard.banners.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="banner-save">
            {t("dashboard.banners.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const percent = (clicks: number, impressions: number) =>
  impressions === 0 ? "—" : `${((clicks / impressions) * 100).toFixed(2)}%`;

function BannerRow({ banner, onEdit }: { banner: Banner; onEdit: () => void }) {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const day = useSiteDay();
  const remove = useMutation({
    mutationFn: () => deleteBanner(banner.id),
    onSuccess: () => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: bannersKey(viewer?.id) });
    },
  });
  return (
    <Table.Tr data-testid={`banner-${banner.id}`}>
      <Table.Td>
        <Image src={banner.imageUrl} alt="" w={96} radius="xs" />
      </Table.Td>
      <Table.Td style={{ whiteSpace: "normal", minWidth: 160 }}>{banner.title}</Table.Td>
      <Table.Td>{t(`dashboard.banners.slots.${banner.slot}`)}</Table.Td>
      <Table.Td>
        {day(banner.startsOn)} – {day(banner.endsOn)}
      </Table.Td>
      <Table.Td>{banner.locales.join(", ")}</Table.Td>
      <Table.Td>{banner.weight}</Table.Td>
      <Table.Td style={{ minWidth: 90 }}>
        <Badge variant="light" color={banner.isActive ? "teal" : "gray"}>
          {t(banner.isActive ? "dashboard.banners.on" : "dashboard.banners.off")}
        </Badge>
      </Table.Td>
      <Table.Td data-testid="banner-impressions">{banner.impressions}</Table.Td>
      <Table.Td data-testid="banner-clicks">{banner.clicks}</Table.Td>
      <Table.Td>{percent(banner.clicks, banner.impressions)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={onEdit}>
            {t("dashboard.banners.edit")}
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setConfirming(true)}>
            {t("dashboard.banners.delete")}
          </Button>
        </Group>
        <ConfirmModal
          opened={confirming}
          title={t("dashboard.banners.deleteTitle")}
          text={banner.title}
          confirmLabel={t("dashboard.banners.delete")}
          color="red"
          isBusy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onClose={() => setConfirming(false)}
        />
      </Table.Td>
    </Table.Tr>
  );
}

export function BannersPage() {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const list = useInfiniteQuery(bannersQueryOptions(viewer?.id));
  const items = list.data?.pages.flatMap((page) => page.items);
  // null: closed; "new": a new campaign; else the campaign being changed.
  const [editing, setEditing] = useState<Banner | "new" | null>(null);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={640}>
          {t("dashboard.banners.lead")}
        </Text>
        <Button onClick={() => setEditing("new")} data-testid="banner-new">
          {t("dashboard.banners.new")}
        </Button>
      </Group>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="lg"
        title={t(editing === "new" ? "dashboard.banners.new" : "dashboard.banners.edit")}
      >
        {editing !== null && (
          <BannerForm banner={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
      <KeysetTable
        query={list}
        rows={items}
        name="banners"
        emptyText={t("dashboard.banners.none")}
        minWidth={1000}
        head={
          <>
            <Table.Th>{t("dashboard.banners.column.image")}</Table.Th>
            <Table.Th>{t("dashboard.banners.column.title")}</Table.Th>
            <Table.Th>{t("dashboard.banners.column.slot")}</Table.Th>
            <Table.Th>{t("dashboard.banners.column.days")}</Table.Th>
            <Table.Th>{t("dashboard.banners.column.languages")}</Table.Th>
            <Table.Th>{t("dashboard.banners.column.weight")}</Table.Th>
            <Table.Th>{t("dashboard.banners.column.active")}</Table.Th>
            <Table.Th>{t("dashboard.banners.column.impressions")}</Table.Th>
            <Table.Th>{t("dashboard.banners.column.clicks")}</Table.Th>
            <Table.Th>{t("dashboard.banners.column.ctr")}</Table.Th>
            <Table.Th />
          </>
        }
        row={(banner) => <BannerRow key={banner.id} banner={banner} onEdit={() => setEditing(banner)} />}
      />
    </Stack>
  );
}
