/**
 * Dashboard → regions (editors, moderators, admins; decision 067): the regions and towns
 * dictionary. Each region opens to its towns; names in ky, ru and en, position and visibility are
 * edited in a dialog, and a town can be added. A hidden place leaves the public pickers and filters
 * (the configuration follows at once); ads keep theirs. Every change is audited.
 */
import {
  Accordion,
  Badge,
  Button,
  Group,
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
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type DashboardRegion,
  type DashboardRegions,
  type DashboardTown,
  type Locale,
  locales,
  placeNameMax,
  townKinds,
} from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/form-alert.tsx";
import { ListSkeleton, LoadFailed } from "../../components/load-state.tsx";
import { toasts } from "../../lib/app-state.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { addTown, regionsKey, regionsQueryOptions, savePlace } from "./api/regions-api.ts";
import classes from "./dashboard.module.css";
import { DialogButtons } from "./dialog-buttons.tsx";

type Dialog =
  | { kind: "region"; place: DashboardRegion }
  | { kind: "town"; place: DashboardTown }
  | { kind: "add"; region: DashboardRegion };

interface PlaceValues {
  slug: string;
  kind: string | null;
  name: Record<Locale, string>;
  position: number | string;
  hidden: boolean;
}

const fields = ["slug", "kind", "name.ky", "name.ru", "name.en", "position", "hidden"];

function PlaceDialog({ dialog, onClose }: { dialog: Dialog; onClose: () => void }) {
  const { t } = useTranslation();
  const viewerId = useCurrentUser()?.id;
  const queryClient = useQueryClient();
  const errorTexts = useApiErrorTexts();
  const [formError, setFormError] = useState<string | null>(null);
  const locale = useLocale();
  const adding = dialog.kind === "add";
  const place = adding ? null : dialog.place;
  const form = useForm<PlaceValues>({
    initialValues: {
      slug: "",
      kind: adding ? "village" : null,
      name: place ? { ...place.name } : { ky: "", ru: "", en: "" },
      position: place?.position ?? 0,
      hidden: place?.hidden ?? false,
    },
    validate: {
      name: {
        ky: (value) => (value.trim() ? null : t("dashboard.regions.nameRequired")),
        ru: (value) => (value.trim() ? null : t("dashboard.regions.nameRequired")),
        en: (value) => (value.trim() ? null : t("dashboard.regions.nameRequired")),
      },
      slug: (value) =>
        !adding || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value.trim()) ? null : t("dashboard.regions.slugRule"),
    },
  });
  const save = useMutation({
    mutationFn: (values: PlaceValues) => {
      const name = { ky: values.name.ky.trim(), ru: values.name.ru.trim(), en: values.name.en.trim() };
      const position = Number(values.position) || 0;
      if (dialog.kind === "add") {
        const kind = (values.kind ?? "village") as (typeof townKinds)[number];
        return addTown(dialog.region.id, { slug: values.slug.trim(), kind, name, position });
      }
      return savePlace(dialog.kind, dialog.place.id, { name, position, hidden: values.hidden });
    },
    onSuccess: (list: DashboardRegions) => {
      queryClient.setQueryData(regionsKey(viewerId), list);
      toasts.add({ title: t("dashboard.regions.saved"), color: "teal" });
      onClose();
    },
    onError: (error) => {
      const texts = errorTexts(error, fields);
      for (const [field, text] of Object.entries(texts.fields)) form.setFieldError(field, text);
      setFormError(texts.form);
    },
  });
  const title = adding
    ? t("dashboard.regions.addTownTo", { region: dialog.region.name[locale] })
    : t(dialog.kind === "region" ? "dashboard.regions.editRegion" : "dashboard.regions.editTown");
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setFormError(null);
          save.mutate(values);
        })}
        data-testid="place-form"
      >
        <Stack gap="md">
          <FormAlert text={formError} />
          {locales.map((locale) => (
            <TextInput
              key={locale}
              label={t(`dashboard.regions.name.${locale}`)}
              required
              maxLength={placeNameMax}
              data-testid={`place-name-${locale}`}
              {...form.getInputProps(`name.${locale}`)}
            />
          ))}
          {adding && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label={t("dashboard.regions.slug")}
                description={t("dashboard.regions.slugRule")}
                required
                maxLength={60}
                data-testid="place-slug"
                {...form.getInputProps("slug")}
              />
              <Select
                label={t("dashboard.regions.kind")}
                data={townKinds.map((kind) => ({ value: kind, label: t(`dashboard.regions.kinds.${kind}`) }))}
                allowDeselect={false}
                {...form.getInputProps("kind")}
              />
            </SimpleGrid>
          )}
          <NumberInput
            label={t("dashboard.regions.position")}
            description={t("dashboard.regions.positionHint")}
            min={0}
            max={10_000}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps("position")}
          />
          {!adding && (
            <Switch
              label={t("dashboard.regions.hidden")}
              description={t("dashboard.regions.hiddenHint")}
              data-testid="place-hidden"
              {...form.getInputProps("hidden", { type: "checkbox" })}
            />
          )}
          <DialogButtons
            onCancel={onClose}
            label={t("dashboard.regions.save")}
            busy={save.isPending}
            testId="place-save"
          />
        </Stack>
      </form>
    </Modal>
  );
}

function HiddenBadge({ hidden }: { hidden: boolean }) {
  const { t } = useTranslation();
  return hidden ? (
    <Badge color="gray" variant="light">
      {t("dashboard.regions.hiddenBadge")}
    </Badge>
  ) : null;
}

export function RegionsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const viewerId = useCurrentUser()?.id;
  const regions = useQuery(regionsQueryOptions(viewerId));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  if (viewerId === undefined || regions.isPending) return <ListSkeleton height={48} />;
  if (regions.isError) return <LoadFailed text={t("dashboard.loadFailed")} onRetry={regions.refetch} />;
  if (regions.data.items.length === 0)
    return (
      <Text c="dimmed" ta="center">
        {t("dashboard.regions.none")}
      </Text>
    );
  return (
    <>
      <Text c="dimmed" mb="md">
        {t("dashboard.regions.lead")}
      </Text>
      <Accordion variant="separated" radius="md" data-testid="regions">
        {regions.data.items.map((region) => (
          <Accordion.Item
            key={region.id}
            value={String(region.id)}
            data-testid="region"
            data-slug={region.slug}
          >
            <Accordion.Control>
              <Group gap="xs" wrap="nowrap">
                <Text fw={500}>{region.name[locale]}</Text>
                <HiddenBadge hidden={region.hidden} />
                <Text size="sm" c="dimmed">
                  {t("dashboard.regions.towns", { count: region.towns.length })}
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Group gap="xs" mb="sm">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setDialog({ kind: "region", place: region })}
                >
                  {t("dashboard.regions.editRegion")}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setDialog({ kind: "add", region })}
                  data-testid="town-add"
                >
                  {t("dashboard.regions.addTown")}
                </Button>
              </Group>
              {region.towns.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t("dashboard.regions.noTowns")}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={480}>
                  <Table striped className={classes.table}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t("dashboard.regions.town")}</Table.Th>
                        <Table.Th>{t("dashboard.regions.kind")}</Table.Th>
                        <Table.Th>{t("dashboard.regions.position")}</Table.Th>
                        <Table.Th />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {region.towns.map((town) => (
                        <Table.Tr key={town.id} data-testid="town" data-slug={town.slug}>
                          <Table.Td>
                            <Group gap="xs" wrap="nowrap">
                              {town.name[locale]}
                              <HiddenBadge hidden={town.hidden} />
                            </Group>
                          </Table.Td>
                          <Table.Td>
                            {t(`dashboard.regions.kinds.${town.kind}`, { defaultValue: town.kind })}
                          </Table.Td>
                          <Table.Td>{town.position}</Table.Td>
                          <Table.Td>
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              onClick={() => setDialog({ kind: "town", place: town })}
                              data-testid="town-edit"
                            >
                              {t("dashboard.regions.edit")}
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {dialog && <PlaceDialog dialog={dialog} onClose={() => setDialog(null)} />}
    </>
  );
}
