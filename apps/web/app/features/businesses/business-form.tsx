/**
 * Settings → My business (issue 15): create or edit the user's one business page — link, name,
 * kind, description, logo and cover (uploaded through the photo pipeline, with progress), region,
 * town and address, a map point (click the map, or type it), phones among the confirmed ones,
 * hours per weekday with an optional break, website and socials.
 */
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import {
  type AdPhoto as AdPhotoData,
  businessKinds,
  businessLinkMaxLength,
  businessNameMaxLength,
  kyrgyzstanBounds,
  type OwnBusiness,
  weekdays,
} from "@unaa/contracts";
import { useContext, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdPhoto } from "../../components/ad-photo.tsx";
import { AppLink } from "../../components/app-link.tsx";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { formatPhone } from "../../lib/format.ts";
import { showSuccess } from "../../lib/notify.ts";
import { checkPhotoFile, photoAccept, uploadPhoto } from "../../lib/photo-upload.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { SharedConfigContext, useRegions } from "../../lib/shared-config.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { SettingsSection } from "../auth/settings-section.tsx";
import { useAccountForm } from "../auth/use-account-form.ts";
import classes from "./business.module.css";
import { deleteBusiness, saveBusiness } from "./business-api.ts";
import {
  type BusinessFormValues,
  businessFormValuesOf,
  businessInputOf,
  emptyBusinessFormValues,
  formFieldOf,
} from "./business-form-values.ts";
import { businessPath } from "./business-format.ts";
import { LazyBusinessMap } from "./lazy-business-map.tsx";
import { businessKeys, useOwnBusiness } from "./own-business.ts";

/** A logo or cover: the picture, and upload (with its progress), replace and remove. */
function PhotoField({
  label,
  photo,
  onChange,
  error,
  testId,
}: {
  label: string;
  photo: AdPhotoData | null;
  onChange: (photo: AdPhotoData | null) => void;
  error?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = async (file: File) => {
    const problem = checkPhotoFile(file);
    if (problem) {
      setFailure(t(`error.code.${problem}`));
      return;
    }
    setFailure(null);
    setProgress(0);
    try {
      onChange(await uploadPhoto(file, setProgress));
    } catch {
      setFailure(t("business.form.uploadFailed"));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap={6} data-testid={testId}>
      <Text fz="sm" fw={500}>
        {label}
      </Text>
      <Group gap="sm" align="center">
        {photo && (
          <AdPhoto
            photo={photo}
            alt=""
            sizes="96px"
            className={classes.logo}
            style={{ width: 96, height: 96 }}
          />
        )}
        <input
          ref={input}
          type="file"
          accept={photoAccept}
          hidden
          aria-label={label}
          data-testid={`${testId}-input`}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (file) void upload(file);
          }}
        />
        <Button variant="default" onClick={() => input.current?.click()} loading={progress !== null}>
          {t(photo ? "business.form.replace" : "business.form.upload")}
        </Button>
        {photo && (
          <Button variant="subtle" color="red" onClick={() => onChange(null)}>
            {t("business.form.remove")}
          </Button>
        )}
      </Group>
      {progress !== null && (
        <Stack gap={2}>
          <Progress
            value={progress * 100}
            aria-label={t("business.form.uploading", { percent: Math.round(progress * 100) })}
          />
          <Text fz="xs" c="dimmed">
            {t("business.form.uploading", { percent: Math.round(progress * 100) })}
          </Text>
        </Stack>
      )}
      {(failure || error) && (
        <Text fz="sm" c="red" role="alert">
          {failure ?? error}
        </Text>
      )}
    </Stack>
  );
}

function EditBusiness({ business }: { business: OwnBusiness | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const regions = useRegions();
  const user = useCurrentUser();
  const tiles = useContext(SharedConfigContext)?.mapTiles;
  const queryClient = useQueryClient();
  const [isBusy, setBusy] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const [askDelete, setAskDelete] = useState(false);
  const account = useAccountForm<BusinessFormValues>({
    initialValues: business ? businessFormValuesOf(business) : emptyBusinessFormValues(),
    check: (values) => ({
      link: values.link.trim() ? null : "auth.fieldError.too_small",
      name: values.name.trim() ? null : "auth.fieldError.too_small",
      regionId: values.regionId ? null : "auth.fieldError.invalid",
    }),
  });
  const { form } = account;
  const values = form.values;
  const region = regions.find((item) => String(item.id) === values.regionId);
  const phones = (user?.phones ?? []).filter((phone) => phone.confirmed);

  const submit = async (submitted: BusinessFormValues) => {
    setBusy(true);
    try {
      const saved = await saveBusiness(business?.id ?? null, businessInputOf(submitted));
      queryClient.setQueryData(businessKeys.mine(user?.id ?? 0), { business: saved });
      showSuccess(t(business ? "business.form.saved" : "business.form.created"));
    } catch (error) {
      const paths = (error as { errors?: ({ path: string } | string)[] }).errors ?? [];
      const aliases = Object.fromEntries(
        paths.flatMap((item) => (typeof item === "string" ? [] : [[item.path, formFieldOf(item.path)]])),
      );
      const fields = [
        ...new Set(Object.values(aliases)),
        "link",
        "name",
        "regionId",
        "townId",
        "logo",
        "cover",
      ];
      account.showApiError(error, fields, { fieldAliases: aliases });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!business) return;
    setDeleting(true);
    try {
      await deleteBusiness(business.id);
      queryClient.setQueryData(businessKeys.mine(user?.id ?? 0), { business: null });
      showSuccess(t("business.form.deleted"));
    } catch (error) {
      account.showApiError(error, []);
    } finally {
      setDeleting(false);
      setAskDelete(false);
    }
  };

  const point = values.point;
  const setPointPart = (part: "lat" | "lng", value: string | number) => {
    const number = typeof value === "number" ? value : Number.parseFloat(value);
    if (!Number.isFinite(number)) return;
    form.setFieldValue("point", { lat: point?.lat ?? 42.8746, lng: point?.lng ?? 74.5698, [part]: number });
  };

  return (
    <form onSubmit={account.onSubmit(submit)} noValidate data-testid="business-form">
      <Stack gap="lg">
        <SettingsSection
          title={t(business ? "business.form.editTitle" : "business.form.createTitle")}
          description={t("business.form.intro")}
        >
          {business && (
            <Anchor component={AppLink} to={businessPath(business.link)} data-testid="business-view">
              {t("business.form.view")}
            </Anchor>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("business.form.name")}
              withAsterisk
              maxLength={businessNameMaxLength}
              {...form.getInputProps("name")}
              data-testid="business-name"
            />
            <TextInput
              label={t("business.form.link")}
              description={t("business.form.linkHint")}
              withAsterisk
              leftSection={
                <Text fz="xs" c="dimmed">
                  /business/
                </Text>
              }
              leftSectionWidth={72}
              maxLength={businessLinkMaxLength}
              autoCapitalize="none"
              spellCheck={false}
              {...form.getInputProps("link")}
              data-testid="business-link"
            />
          </SimpleGrid>
          <Select
            label={t("business.form.kind")}
            data={businessKinds.map((kind) => ({ value: kind, label: t(`business.kind.${kind}`) }))}
            allowDeselect={false}
            comboboxProps={{ transitionProps: { duration: 0 } }}
            {...form.getInputProps("kind")}
            data-testid="business-kind-input"
          />
          <Textarea
            label={t("business.form.description")}
            autosize
            minRows={3}
            maxRows={12}
            maxLength={3000}
            {...form.getInputProps("description")}
            data-testid="business-description-input"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PhotoField
              label={t("business.form.logo")}
              photo={values.logo}
              onChange={(photo) => form.setFieldValue("logo", photo)}
              error={form.errors.logo as string | undefined}
              testId="business-logo"
            />
            <PhotoField
              label={t("business.form.cover")}
              photo={values.cover}
              onChange={(photo) => form.setFieldValue("cover", photo)}
              error={form.errors.cover as string | undefined}
              testId="business-cover"
            />
          </SimpleGrid>
        </SettingsSection>

        <SettingsSection title={t("business.form.address")}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t("business.form.region")}
              withAsterisk
              data={regions.map((item) => ({ value: String(item.id), label: item.name[locale] }))}
              searchable
              comboboxProps={{ transitionProps: { duration: 0 } }}
              {...form.getInputProps("regionId")}
              onChange={(id) => {
                form.setFieldValue("regionId", id);
                form.setFieldValue("townId", null);
              }}
              data-testid="business-region-input"
            />
            <Select
              label={t("business.form.town")}
              data={(region?.towns ?? []).map((town) => ({
                value: String(town.id),
                label: town.name[locale],
              }))}
              disabled={!region}
              searchable
              clearable
              comboboxProps={{ transitionProps: { duration: 0 } }}
              {...form.getInputProps("townId")}
              data-testid="business-town-input"
            />
          </SimpleGrid>
          <TextInput
            label={t("business.form.address")}
            maxLength={200}
            {...form.getInputProps("address")}
            data-testid="business-address-input"
          />
          <Stack gap={6}>
            <Text fz="sm" fw={500}>
              {t("business.form.point")}
            </Text>
            <Text fz="xs" c="dimmed">
              {t("business.form.pointHint")}
            </Text>
            {tiles && (
              <LazyBusinessMap
                point={point}
                tiles={tiles}
                label={t("business.form.point")}
                onPick={(picked) => form.setFieldValue("point", picked)}
                className={classes.map}
              />
            )}
            <Group gap="sm" align="flex-end">
              <NumberInput
                label={t("business.form.lat")}
                value={point?.lat ?? ""}
                min={kyrgyzstanBounds.south}
                max={kyrgyzstanBounds.north}
                decimalScale={6}
                step={0.001}
                onChange={(value) => setPointPart("lat", value)}
                w={140}
                data-testid="business-lat"
              />
              <NumberInput
                label={t("business.form.lng")}
                value={point?.lng ?? ""}
                min={kyrgyzstanBounds.west}
                max={kyrgyzstanBounds.east}
                decimalScale={6}
                step={0.001}
                onChange={(value) => setPointPart("lng", value)}
                w={140}
                data-testid="business-lng"
              />
              {point && (
                <Button variant="subtle" onClick={() => form.setFieldValue("point", null)}>
                  {t("business.form.clearPoint")}
                </Button>
              )}
            </Group>
            {typeof form.errors.point === "string" && (
              <Text fz="sm" c="red" role="alert">
                {form.errors.point}
              </Text>
            )}
          </Stack>
        </SettingsSection>

        <SettingsSection title={t("business.form.hours")}>
          <Stack gap="md" data-testid="business-hours-input">
            {weekdays.map((day) => {
              const hours = values.hours[day];
              const path = `hours.${day}`;
              return (
                <Stack key={day} gap={6}>
                  <Switch
                    label={t("business.form.isOpen", { day: t(`business.weekday.${day}`) })}
                    {...form.getInputProps(`${path}.isOpen`, { type: "checkbox" })}
                    data-testid={`business-day-${day}`}
                  />
                  {hours.isOpen && (
                    <Group gap="sm" align="flex-end" wrap="wrap">
                      <TextInput
                        type="time"
                        label={t("business.form.open")}
                        w={160}
                        {...form.getInputProps(`${path}.open`)}
                      />
                      <TextInput
                        type="time"
                        label={t("business.form.close")}
                        w={160}
                        {...form.getInputProps(`${path}.close`)}
                      />
                      <Checkbox
                        label={t("business.form.hasBreak")}
                        {...form.getInputProps(`${path}.hasBreak`, { type: "checkbox" })}
                        mb={8}
                      />
                      {hours.hasBreak && (
                        <>
                          <TextInput
                            type="time"
                            label={t("business.form.breakStart")}
                            w={160}
                            {...form.getInputProps(`${path}.breakStart`)}
                          />
                          <TextInput
                            type="time"
                            label={t("business.form.breakEnd")}
                            w={160}
                            {...form.getInputProps(`${path}.breakEnd`)}
                          />
                        </>
                      )}
                    </Group>
                  )}
                </Stack>
              );
            })}
          </Stack>
        </SettingsSection>

        <SettingsSection title={t("business.page.contacts")}>
          {phones.length > 0 ? (
            <Checkbox.Group
              label={t("business.form.phones")}
              description={t("business.form.phonesHint")}
              {...form.getInputProps("phoneIds")}
              data-testid="business-phones-input"
            >
              <Stack gap={6} mt="xs">
                {phones.map((phone) => (
                  <Checkbox key={phone.id} value={String(phone.id)} label={formatPhone(phone.phone)} />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : (
            <Alert color="orange" variant="light">
              {t("adForm.contacts.noPhone")}
            </Alert>
          )}
          <TextInput
            label={t("business.form.website")}
            placeholder="https://"
            maxLength={200}
            {...form.getInputProps("website")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Instagram" placeholder="@" {...form.getInputProps("instagram")} />
            <TextInput label="Telegram" placeholder="@" {...form.getInputProps("telegram")} />
            <TextInput label="WhatsApp" placeholder="+996" {...form.getInputProps("whatsapp")} />
            <TextInput label="Facebook" {...form.getInputProps("facebook")} />
          </SimpleGrid>
        </SettingsSection>

        <FormAlert text={account.formError} />
        <Group justify="space-between">
          {business ? (
            <Button
              variant="subtle"
              color="red"
              onClick={() => setAskDelete(true)}
              data-testid="business-delete"
            >
              {t("business.form.delete")}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={isBusy} size="md" data-testid="business-save">
            {t(business ? "business.form.save" : "business.form.create")}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={askDelete}
        title={t("business.form.delete")}
        text={t("business.form.deleteConfirm")}
        confirmLabel={t("business.form.delete")}
        onConfirm={() => void remove()}
        onClose={() => setAskDelete(false)}
        isBusy={isDeleting}
      />
    </form>
  );
}

export function BusinessSettings() {
  const user = useCurrentUser();
  const mine = useOwnBusiness(user?.id);
  if (!user || mine.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={240} radius="lg" />
        <Skeleton height={160} radius="lg" />
      </Stack>
    );
  }
  if (mine.isError) return <FormAlert text={String(mine.error)} />;
  const business = mine.data.business;
  return <EditBusiness key={business ? `${business.id}-${business.updatedAt}` : "new"} business={business} />;
}
