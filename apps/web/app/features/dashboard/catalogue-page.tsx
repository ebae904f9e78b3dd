/**
 * Dashboard → catalogue (editors, moderators, admins; S2.8, requirements P1): browse a kind's marks
 * (searchable), a mark's models and a model's generations, hidden ones included; edit an entry's
 * names, aliases (the colloquial names search finds it by), slug and visibility; add a mark of the
 * kind, a model or a generation under the selected parent; merge a duplicate into another entry of the same level.
 * Every change is audited as `catalogue.edit`.
 */
import {
  Badge,
  Button,
  Group,
  Modal,
  NavLink,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CatalogKind,
  type CatalogStaffGeneration,
  type CatalogStaffMark,
  type CatalogStaffModel,
  catalogKinds,
  catalogSlugPattern,
} from "@unaa/contracts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { ListSkeleton, LoadFailed } from "../../components/load-state.tsx";
import { toasts } from "../../lib/app-state.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import {
  type CatalogueEntryPatch,
  type CatalogueLevel,
  catalogueKey,
  createEntry,
  mergeEntry,
  saveEntry,
  staffGenerationsQueryOptions,
  staffMarksQueryOptions,
  staffModelsQueryOptions,
} from "./api/catalogue-api.ts";
import classes from "./dashboard.module.css";
import { DialogButtons } from "./dialog-buttons.tsx";

type Entry = CatalogStaffMark | CatalogStaffModel | CatalogStaffGeneration;

type Dialog =
  | { kind: "edit"; level: CatalogueLevel; entry: Entry; siblings: readonly Entry[] }
  | { kind: "add"; level: "mark"; catalogKind: CatalogKind; parentName: string }
  | { kind: "add"; level: "model" | "generation"; parentId: number; parentName: string };

interface EntryValues {
  slug: string;
  name: string;
  nameCyrillic: string;
  aliases: string[];
  yearFrom: number | string;
  yearTo: number | string;
  hidden: boolean;
}

const fields = ["slug", "name", "nameCyrillic", "aliases", "yearFrom", "yearTo"];
/** An alias's error arrives as `aliases.3`: shown beside the aliases field. */
const fieldAliases = Object.fromEntries(
  Array.from({ length: 30 }, (_, index) => [`aliases.${index}`, "aliases"]),
);

const hasCyrillic = (level: CatalogueLevel) => level !== "generation";
const hasYears = (level: CatalogueLevel) => level !== "mark";

function years(entry: { yearFrom: number; yearTo: number | null }, now: string): string {
  return `${entry.yearFrom}–${entry.yearTo ?? now}`;
}

/** The changed fields only: the audit history lists exactly what the edit changed. */
function patchOf(level: CatalogueLevel, entry: Entry, values: EntryValues): CatalogueEntryPatch {
  const patch: Record<string, unknown> = {};
  const slug = values.slug.trim();
  const name = values.name.trim();
  const aliases = values.aliases.map((alias) => alias.trim()).filter(Boolean);
  if (slug !== entry.slug) patch.slug = slug;
  if (name !== entry.name) patch.name = name;
  if (hasCyrillic(level) && "nameCyrillic" in entry) {
    const cyrillic = values.nameCyrillic.trim();
    if (cyrillic !== (entry.nameCyrillic ?? "")) patch.nameCyrillic = cyrillic || null;
  }
  if (aliases.join("\n") !== entry.aliases.join("\n")) patch.aliases = aliases;
  if (hasYears(level) && "yearFrom" in entry) {
    const yearFrom = Number(values.yearFrom);
    const yearTo = values.yearTo === "" ? null : Number(values.yearTo);
    if (yearFrom !== entry.yearFrom) patch.yearFrom = yearFrom;
    if (yearTo !== entry.yearTo) patch.yearTo = yearTo;
  }
  if (values.hidden !== entry.isHidden) patch.isHidden = values.hidden;
  return patch as CatalogueEntryPatch;
}

function EntryDialog({
  dialog,
  onClose,
  onMerged,
}: {
  dialog: Dialog;
  onClose: () => void;
  onMerged: (id: number) => void;
}) {
  const { t } = useTranslation();
  const viewerId = useCurrentUser()?.id;
  const queryClient = useQueryClient();
  const errorTexts = useApiErrorTexts();
  const [formError, setFormError] = useState<string | null>(null);
  const [intoId, setIntoId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { level } = dialog;
  const entry = dialog.kind === "edit" ? dialog.entry : null;
  const form = useForm<EntryValues>({
    initialValues: {
      slug: entry?.slug ?? "",
      name: entry?.name ?? "",
      nameCyrillic: entry && "nameCyrillic" in entry ? (entry.nameCyrillic ?? "") : "",
      aliases: entry ? [...entry.aliases] : [],
      yearFrom: entry && "yearFrom" in entry ? entry.yearFrom : "",
      yearTo: entry && "yearTo" in entry ? (entry.yearTo ?? "") : "",
      hidden: entry?.isHidden ?? false,
    },
    validate: {
      name: (value) => (value.trim() ? null : t("dashboard.catalogue.nameRequired")),
      nameCyrillic: (value) =>
        level === "mark" && !value.trim() ? t("dashboard.catalogue.nameRequired") : null,
      slug: (value) => (catalogSlugPattern.test(value.trim()) ? null : t("dashboard.catalogue.slugRule")),
      yearFrom: (value) => (hasYears(level) && value === "" ? t("dashboard.catalogue.yearRequired") : null),
    },
  });
  const showError = (error: unknown) => {
    const texts = errorTexts(error, fields, { fieldAliases });
    for (const [field, text] of Object.entries(texts.fields)) form.setFieldError(field, text);
    setFormError(texts.form);
  };
  const done = (text: string) => {
    void queryClient.invalidateQueries({ queryKey: catalogueKey(viewerId) });
    toasts.add({ title: text, color: "teal" });
    onClose();
  };
  const save = useMutation({
    mutationFn: async (values: EntryValues) => {
      if (dialog.kind === "edit") {
        const patch = patchOf(level, dialog.entry, values);
        if (Object.keys(patch).length > 0) await saveEntry(level, dialog.entry.id, patch);
        return;
      }
      const named = {
        slug: values.slug.trim(),
        name: values.name.trim(),
        aliases: values.aliases.map((alias) => alias.trim()).filter(Boolean),
      };
      if (dialog.level === "mark") {
        await createEntry("mark", {
          ...named,
          kind: dialog.catalogKind,
          nameCyrillic: values.nameCyrillic.trim(),
        });
        return;
      }
      const common = {
        ...named,
        yearFrom: Number(values.yearFrom),
        yearTo: values.yearTo === "" ? null : Number(values.yearTo),
      };
      await (dialog.level === "model"
        ? createEntry("model", {
            ...common,
            markId: dialog.parentId,
            nameCyrillic: values.nameCyrillic.trim() || null,
          })
        : createEntry("generation", { ...common, modelId: dialog.parentId }));
    },
    onSuccess: () =>
      done(t(dialog.kind === "add" ? "dashboard.catalogue.created" : "dashboard.catalogue.saved")),
    onError: showError,
  });
  const merge = useMutation({
    mutationFn: ({ id, into }: { id: number; into: number }) => mergeEntry(level, id, into),
    onSuccess: (_data, { id }) => {
      onMerged(id);
      done(t("dashboard.catalogue.merged"));
    },
    onError: (error) => {
      setConfirming(false);
      showError(error);
    },
  });
  const title =
    dialog.kind === "add"
      ? t(`dashboard.catalogue.new.${dialog.level}`, { parent: dialog.parentName })
      : t(`dashboard.catalogue.editTitle.${level}`, { name: dialog.entry.name });
  const mergeTargets =
    dialog.kind === "edit"
      ? dialog.siblings
          .filter((sibling) => sibling.id !== dialog.entry.id && !sibling.isHidden)
          .map((sibling) => ({ value: String(sibling.id), label: sibling.name }))
      : [];
  const target = mergeTargets.find((option) => option.value === intoId);
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setFormError(null);
          save.mutate(values);
        })}
        data-testid="catalogue-form"
      >
        <Stack gap="md">
          <FormAlert text={formError} />
          <TextInput
            label={t("dashboard.catalogue.name")}
            required
            maxLength={100}
            data-testid="catalogue-name"
            {...form.getInputProps("name")}
          />
          {hasCyrillic(level) && (
            <TextInput
              label={t("dashboard.catalogue.nameCyrillic")}
              required={level === "mark"}
              maxLength={100}
              data-testid="catalogue-name-cyrillic"
              {...form.getInputProps("nameCyrillic")}
            />
          )}
          <TagsInput
            label={t("dashboard.catalogue.aliases")}
            description={t("dashboard.catalogue.aliasesHint")}
            maxTags={30}
            splitChars={[","]}
            data-testid="catalogue-aliases"
            {...form.getInputProps("aliases")}
          />
          <TextInput
            label={t("dashboard.catalogue.slug")}
            description={t("dashboard.catalogue.slugRule")}
            required
            maxLength={80}
            data-testid="catalogue-slug"
            {...form.getInputProps("slug")}
          />
          {hasYears(level) && (
            <SimpleGrid cols={2} spacing="sm">
              <NumberInput
                label={t("dashboard.catalogue.yearFrom")}
                required
                min={1950}
                max={2100}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                {...form.getInputProps("yearFrom")}
              />
              <NumberInput
                label={t("dashboard.catalogue.yearTo")}
                placeholder={t("dashboard.catalogue.yearToNow")}
                min={1950}
                max={2100}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                {...form.getInputProps("yearTo")}
              />
            </SimpleGrid>
          )}
          {dialog.kind === "edit" && (
            <Switch
              label={t("dashboard.catalogue.hidden")}
              description={t("dashboard.catalogue.hiddenHint")}
              data-testid="catalogue-hidden"
              {...form.getInputProps("hidden", { type: "checkbox" })}
            />
          )}
          <DialogButtons
            onCancel={onClose}
            label={t("dashboard.catalogue.save")}
            busy={save.isPending}
            testId="catalogue-save"
          />
        </Stack>
      </form>
      {dialog.kind === "edit" && mergeTargets.length > 0 && (
        <Stack
          gap="xs"
          mt="lg"
          pt="md"
          style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
        >
          <Select
            label={t("dashboard.catalogue.mergeInto")}
            description={t("dashboard.catalogue.mergeHint")}
            data={mergeTargets}
            value={intoId}
            onChange={setIntoId}
            searchable
            data-testid="catalogue-merge-into"
          />
          <Group justify="flex-end">
            <Button
              variant="light"
              color="red"
              disabled={!target}
              onClick={() => setConfirming(true)}
              data-testid="catalogue-merge"
            >
              {t("dashboard.catalogue.merge")}
            </Button>
          </Group>
          <ConfirmModal
            opened={confirming && target !== undefined}
            title={t("dashboard.catalogue.mergeTitle")}
            text={t("dashboard.catalogue.mergeText", { from: dialog.entry.name, into: target?.label ?? "" })}
            confirmLabel={t("dashboard.catalogue.merge")}
            isBusy={merge.isPending}
            onClose={() => setConfirming(false)}
            onConfirm={() => merge.mutate({ id: dialog.entry.id, into: Number(intoId) })}
          />
        </Stack>
      )}
    </Modal>
  );
}

function HiddenBadge({ hidden }: { hidden: boolean }) {
  const { t } = useTranslation();
  return hidden ? (
    <Badge color="gray" variant="light" size="sm">
      {t("dashboard.catalogue.hiddenBadge")}
    </Badge>
  ) : null;
}

/** One level's list: a title, an optional add button, its rows (or a state: loading, failed, empty). */
function Column({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
        <Title order={2} size="h5">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

function EntryRow({
  entry,
  description,
  active,
  onSelect,
  onEdit,
  testId,
}: {
  entry: Entry;
  description?: string;
  active?: boolean;
  onSelect?: () => void;
  onEdit: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const label = (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={500} truncate>
        {entry.name}
      </Text>
      <HiddenBadge hidden={entry.isHidden} />
    </Group>
  );
  return (
    <Group gap={4} wrap="nowrap" data-testid={testId} data-slug={entry.slug}>
      {onSelect ? (
        <NavLink
          component="button"
          type="button"
          label={label}
          description={description}
          active={active}
          onClick={onSelect}
          style={{ flex: 1, minWidth: 0, borderRadius: "var(--mantine-radius-sm)" }}
          data-testid={`${testId}-open`}
        />
      ) : (
        <Stack gap={0} px="sm" py={6} style={{ flex: 1, minWidth: 0 }}>
          {label}
          {description && (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
      )}
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={onEdit}
        aria-label={`${t("dashboard.catalogue.edit")}: ${entry.name}`}
        data-testid={`${testId}-edit`}
      >
        {t("dashboard.catalogue.edit")}
      </Button>
    </Group>
  );
}

function matches(mark: CatalogStaffMark, query: string): boolean {
  const words = [mark.name, mark.nameCyrillic ?? "", mark.slug, ...mark.aliases].map((word) =>
    word.toLowerCase(),
  );
  return words.some((word) => word.includes(query));
}

/** A positive id from the address, or null. */
function idParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function CataloguePage() {
  const { t } = useTranslation();
  const viewerId = useCurrentUser()?.id;
  // The kind and the selected mark and model live in the address: a link opens the same lists.
  const [searchParams, setSearchParams] = useSearchParams();
  const kindParam = searchParams.get("kind");
  const kind: CatalogKind = catalogKinds.find((value) => value === kindParam) ?? "car";
  const markId = idParam(searchParams.get("mark"));
  const modelId = markId === null ? null : idParam(searchParams.get("model"));
  const select = (next: { kind?: CatalogKind; mark?: number | null; model?: number | null }) => {
    const params = new URLSearchParams();
    const nextKind = next.kind ?? kind;
    const nextMark = next.mark === undefined ? markId : next.mark;
    const nextModel = next.model === undefined ? modelId : next.model;
    if (nextKind !== "car") params.set("kind", nextKind);
    if (nextMark !== null) params.set("mark", String(nextMark));
    if (nextMark !== null && nextModel !== null) params.set("model", String(nextModel));
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };
  const [query, setQuery] = useState("");
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const marks = useQuery(staffMarksQueryOptions(viewerId, kind));
  const models = useQuery(staffModelsQueryOptions(viewerId, markId));
  const generations = useQuery(staffGenerationsQueryOptions(viewerId, modelId));
  // The selected entries as last loaded (an edit reloads the lists).
  const mark = marks.data?.items.find((item) => item.id === markId) ?? null;
  const model = models.data?.items.find((item) => item.id === modelId) ?? null;
  const now = t("dashboard.catalogue.yearToNow");

  if (viewerId === undefined || marks.isPending) return <ListSkeleton height={48} />;
  if (marks.isError) return <LoadFailed text={t("dashboard.loadFailed")} onRetry={marks.refetch} />;

  const needle = query.trim().toLowerCase();
  const shownMarks = needle ? marks.data.items.filter((item) => matches(item, needle)) : marks.data.items;
  const pickMark = (id: number | null) => select({ mark: id, model: null });
  const onMerged = (id: number) => {
    if (markId === id) pickMark(null);
    else if (modelId === id) select({ model: null });
  };

  const modelList = !mark ? (
    <Text c="dimmed" size="sm">
      {t("dashboard.catalogue.pickMark")}
    </Text>
  ) : models.isPending ? (
    <ListSkeleton height={36} />
  ) : models.isError ? (
    <LoadFailed text={t("dashboard.loadFailed")} onRetry={models.refetch} />
  ) : models.data.items.length === 0 ? (
    <Text c="dimmed" size="sm">
      {t("dashboard.catalogue.noModels")}
    </Text>
  ) : (
    <div className={classes.entries}>
      <Stack gap={2}>
        {models.data.items.map((item) => (
          <EntryRow
            key={item.id}
            entry={item}
            description={years(item, now)}
            active={model?.id === item.id}
            onSelect={() => select({ model: item.id })}
            onEdit={() =>
              setDialog({ kind: "edit", level: "model", entry: item, siblings: models.data.items })
            }
            testId="catalogue-model"
          />
        ))}
      </Stack>
    </div>
  );

  const generationList = !model ? (
    <Text c="dimmed" size="sm">
      {t("dashboard.catalogue.pickModel")}
    </Text>
  ) : generations.isPending ? (
    <ListSkeleton height={36} />
  ) : generations.isError ? (
    <LoadFailed text={t("dashboard.loadFailed")} onRetry={generations.refetch} />
  ) : generations.data.items.length === 0 ? (
    <Text c="dimmed" size="sm">
      {t("dashboard.catalogue.noGenerations")}
    </Text>
  ) : (
    <div className={classes.entries}>
      <Stack gap={2}>
        {generations.data.items.map((item) => (
          <EntryRow
            key={item.id}
            entry={item}
            description={years(item, now)}
            onEdit={() =>
              setDialog({ kind: "edit", level: "generation", entry: item, siblings: generations.data.items })
            }
            testId="catalogue-generation"
          />
        ))}
      </Stack>
    </div>
  );

  return (
    <>
      <Text c="dimmed" mb="md">
        {t("dashboard.catalogue.lead")}
      </Text>
      <Group gap="sm" mb="md" align="flex-end">
        <SegmentedControl
          value={kind}
          onChange={(value) => select({ kind: value as CatalogKind, mark: null, model: null })}
          data={catalogKinds.map((value) => ({ value, label: t(`nav.${value}`) }))}
          aria-label={t("dashboard.catalogue.kind")}
          data-testid="catalogue-kind"
        />
        <TextInput
          label={t("dashboard.catalogue.search")}
          placeholder={t("dashboard.catalogue.searchPlaceholder")}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
          data-testid="catalogue-search"
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Column
          title={t("dashboard.catalogue.marks")}
          testId="catalogue-marks"
          action={
            <Button
              size="compact-sm"
              variant="light"
              onClick={() =>
                setDialog({ kind: "add", level: "mark", catalogKind: kind, parentName: t(`nav.${kind}`) })
              }
              data-testid="catalogue-add-mark"
            >
              {t("dashboard.catalogue.add")}
            </Button>
          }
        >
          {shownMarks.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t(needle ? "dashboard.catalogue.noMatch" : "dashboard.catalogue.noMarks")}
            </Text>
          ) : (
            <div className={classes.entries}>
              <Stack gap={2}>
                {shownMarks.map((item) => (
                  <EntryRow
                    key={item.id}
                    entry={item}
                    description={item.nameCyrillic ?? undefined}
                    active={mark?.id === item.id}
                    onSelect={() => pickMark(item.id)}
                    onEdit={() =>
                      setDialog({ kind: "edit", level: "mark", entry: item, siblings: marks.data.items })
                    }
                    testId="catalogue-mark"
                  />
                ))}
              </Stack>
            </div>
          )}
        </Column>
        <Column
          title={
            mark ? t("dashboard.catalogue.modelsOf", { name: mark.name }) : t("dashboard.catalogue.models")
          }
          testId="catalogue-models"
          action={
            mark && (
              <Button
                size="compact-sm"
                variant="light"
                onClick={() =>
                  setDialog({ kind: "add", level: "model", parentId: mark.id, parentName: mark.name })
                }
                data-testid="catalogue-add-model"
              >
                {t("dashboard.catalogue.add")}
              </Button>
            )
          }
        >
          {modelList}
        </Column>
        <Column
          title={
            model
              ? t("dashboard.catalogue.generationsOf", { name: model.name })
              : t("dashboard.catalogue.generations")
          }
          testId="catalogue-generations"
          action={
            model && (
              <Button
                size="compact-sm"
                variant="light"
                onClick={() =>
                  setDialog({ kind: "add", level: "generation", parentId: model.id, parentName: model.name })
                }
                data-testid="catalogue-add-generation"
              >
                {t("dashboard.catalogue.add")}
              </Button>
            )
          }
        >
          {generationList}
        </Column>
      </SimpleGrid>
      {dialog && <EntryDialog dialog={dialog} onClose={() => setDialog(null)} onMerged={onMerged} />}
    </>
  );
}
