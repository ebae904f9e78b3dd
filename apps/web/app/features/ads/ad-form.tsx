import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconArrowLeft, IconArrowRight, IconCheck, IconRestore } from "@tabler/icons-react";
import {
  type Ad,
  adDescriptionMaxLength,
  adTitleMaxLength,
  type ErrorCode,
  errorMessages,
  type FieldDefinition,
  unitFieldOf,
  type Vertical,
  type VerticalDefinition,
  verticalDefinitions,
} from "@unaa/contracts";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { guestStorage, toasts } from "../../lib/app-state.ts";
import { HttpError } from "../../lib/http-client.ts";
import { localizePath } from "../../lib/i18n.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { errorCodeText } from "../auth/api-errors.ts";
import { FormAlert } from "../auth/form-alert.tsx";
import { useCurrentUser } from "../auth/session.ts";
import { useIsHydrated } from "../auth/use-hydrated.ts";
import {
  fetchCatalogComplectations,
  fetchCatalogGenerations,
  fetchCatalogMarks,
  fetchCatalogModels,
} from "../catalog/catalog-api.ts";
import { CatalogPicker } from "../catalog/catalog-picker.tsx";
import { clearDraft, loadDraft, saveDraft } from "./ad-draft.ts";
import {
  type CatalogLists,
  catalogFieldsOf,
  fieldsFromComplectation,
  resolveCatalogSlugs,
} from "./ad-form-catalog.ts";
import {
  AdField,
  type AdFormStepProps,
  formatFieldNumber,
  isChipList,
  numberOptionsOf,
} from "./ad-form-fields.tsx";
import { AdFormPreview } from "./ad-form-preview.tsx";
import { AdFormPrice } from "./ad-form-price.tsx";
import {
  type AdFormStep,
  type AdFormValues,
  type CatalogSlugs,
  emptyAdFormValues,
  errorKeyOf,
  errorsOfStep,
  type FieldErrorText,
  type FieldValue,
  fieldsOfStep,
  firstStepOf,
  freeTextFields,
  hasContent,
  isFormField,
  parseAdInput,
  stepOfErrorKey,
  stepsOf,
  validateAdForm,
} from "./ad-form-values.ts";
import { adPath } from "./ad-format.ts";
import { createAd, runAdAction, updateAd } from "./my-ads-api.ts";
import { deletePhoto } from "./photo-upload.ts";
import { PhotoUploader } from "./photo-uploader.tsx";

const browserCatalog: CatalogLists = {
  marks: fetchCatalogMarks,
  models: fetchCatalogModels,
  generations: fetchCatalogGenerations,
  complectations: fetchCatalogComplectations,
};

/** How long typing pauses before the draft is written to local storage. */
const draftSaveDelayMs = 400;

export interface AdFormProps {
  vertical: Vertical;
  /** Editing an ad: its id and the form's state of it. Without it the form creates a new ad. */
  edit?: { id: number; values: AdFormValues };
}

type Outcome = { kind: "pending" } | { kind: "limit" } | null;

/**
 * The one ad form of every vertical, step by step, built from the vertical's definition: what is
 * sold, its details, photos, price and contacts, description, preview. Checked in the browser with
 * the API's own schema; the API's field errors land on their fields and steps. A new ad's form is
 * kept as a draft in local storage until it is published.
 */
export function AdForm({ vertical, edit }: AdFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const isHydrated = useIsHydrated();
  const definition = verticalDefinitions[vertical];
  const steps = useMemo(() => stepsOf(definition), [definition]);
  const [values, setValues] = useState<AdFormValues>(() => edit?.values ?? emptyAdFormValues(vertical));
  const [step, setStep] = useState<AdFormStep>("main");
  /** The furthest step opened: the stepper lets the seller jump back to any step up to it. */
  const [reached, setReached] = useState(edit ? steps.length - 1 : 0);
  /** Steps whose errors show: the seller tried to leave them (or to publish). */
  const [checkedSteps, setCheckedSteps] = useState<ReadonlySet<AdFormStep>>(new Set());
  /** Texts the API gave for fields, until the seller changes the field. */
  const [apiErrors, setApiErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [isBusy, setBusy] = useState(false);
  /** Published: the page is about to change, and the draft must not be written back. */
  const [isSent, setSent] = useState(false);
  const [draftAdId, setDraftAdId] = useState<number | null>(null);
  const [isRestored, setRestored] = useState(false);
  /** The draft is read once the user is known; nothing is written before, or it would be lost. */
  const [isDraftRead, setDraftRead] = useState(false);
  const catalogRequest = useRef(0);
  const top = useRef<HTMLDivElement>(null);

  const clientErrors = useMemo(() => validateAdForm(values), [values]);
  const stepIndex = steps.indexOf(step);

  const errorText = useCallback(
    (error: FieldErrorText, key: string): string => {
      const field = definition.fields.find((item) => `fields.${item.name}` === key);
      const isNumber = field?.kind === "number" || field?.kind === "integer";
      const options = isNumber ? numberOptionsOf(field) : { decimals: 0, isGrouped: true };
      const shown = Object.fromEntries(
        Object.entries(error.values ?? {}).map(([name, value]) => [
          name,
          formatFieldNumber(value, locale, options),
        ]),
      );
      return t(error.keys, shown);
    },
    [definition, locale, t],
  );

  const errorOf = (key: string): string | undefined => {
    if (apiErrors[key]) return apiErrors[key];
    const error = clientErrors[key];
    if (!error || !checkedSteps.has(stepOfErrorKey(definition, key))) return undefined;
    return errorText(error, key);
  };

  // A new ad: the draft of this user and vertical comes back after a reload.
  useEffect(() => {
    if (edit || isDraftRead || !user) return;
    const draft = guestStorage ? loadDraft(guestStorage, user.id, vertical) : null;
    if (draft && hasContent(draft.values)) {
      setValues(draft.values);
      setStep(steps.includes(draft.step) ? draft.step : "main");
      setReached(Math.max(0, steps.indexOf(draft.step)));
      setDraftAdId(draft.adId);
      setRestored(true);
    }
    setDraftRead(true);
  }, [edit, isDraftRead, user, vertical, steps]);

  useEffect(() => {
    if (edit || !isDraftRead || !user || !guestStorage || outcome || isSent) return;
    if (!hasContent(values)) return;
    const storage = guestStorage;
    const timer = setTimeout(
      () => saveDraft(storage, user.id, { values, step, adId: draftAdId }),
      draftSaveDelayMs,
    );
    return () => clearTimeout(timer);
  }, [edit, isDraftRead, user, values, step, draftAdId, outcome, isSent]);

  const forgetApiErrors = (keys: string[]) =>
    setApiErrors((current) => {
      if (!keys.some((key) => current[key])) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });

  const change = (patch: Partial<AdFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    forgetApiErrors(Object.keys(patch));
  };

  const changeField = (name: string, value: FieldValue) => {
    setValues((current) => ({ ...current, fields: { ...current.fields, [name]: value } }));
    forgetApiErrors([`fields.${name}`]);
  };

  const changeCatalog = (slugs: CatalogSlugs) => {
    const request = ++catalogRequest.current;
    const catalogFields = catalogFieldsOf(definition);
    // The ids follow once the lists answer; until then a changed level has none.
    setValues((current) => ({
      ...current,
      catalog: slugs,
      fields: {
        ...current.fields,
        ...Object.fromEntries(
          catalogFields
            .filter((field) => slugs[field.level] !== current.catalog[field.level])
            .map((field) => [field.name, null]),
        ),
      },
    }));
    forgetApiErrors(catalogFields.map((field) => `fields.${field.name}`));
    resolveCatalogSlugs(browserCatalog, definition, slugs).then(
      ({ ids, names, complectation }) => {
        if (request !== catalogRequest.current) return;
        setValues((current) => ({
          ...current,
          catalogNames: names,
          fields: {
            ...current.fields,
            ...ids,
            ...(complectation ? fieldsFromComplectation(definition, complectation, current.fields) : {}),
          },
        }));
      },
      () => undefined,
    );
  };

  const goTo = (next: AdFormStep) => {
    setStep(next);
    setReached((current) => Math.max(current, steps.indexOf(next)));
    setFormError(null);
    top.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  };

  /** Shows the step's errors; true when it has none. */
  const checkStep = (current: AdFormStep): boolean => {
    setCheckedSteps((checked) => new Set(checked).add(current));
    const hasErrors =
      Object.keys(errorsOfStep(definition, clientErrors, current)).length > 0 ||
      Object.keys(apiErrors).some((key) => stepOfErrorKey(definition, key) === current);
    if (hasErrors) focusFirstError();
    return !hasErrors;
  };

  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const invalid = top.current?.parentElement?.querySelector<HTMLElement>(
        '[aria-invalid="true"], [role="alert"]',
      );
      invalid?.scrollIntoView({ block: "center", behavior: "smooth" });
      if (invalid instanceof HTMLInputElement || invalid instanceof HTMLTextAreaElement) invalid.focus();
    });

  /** The API refused the body: its field errors go to their fields and steps, the rest above the form. */
  const showApiError = (error: unknown) => {
    if (!(error instanceof HttpError)) {
      setFormError(t("auth.error.network"));
      return;
    }
    const placed: Record<string, string> = {};
    let isUnplaced = error.errors.length === 0;
    for (const item of error.errors) {
      const key = typeof item === "string" ? "" : errorKeyOf(item.path);
      if (typeof item === "string" || !isFormField(definition, key)) {
        isUnplaced = true;
        continue;
      }
      placed[key] ??= Object.hasOwn(errorMessages[locale], item.code)
        ? errorMessages[locale][item.code as ErrorCode]
        : t([`adForm.fieldError.${item.code}`, "adForm.fieldError.invalid"]);
    }
    setApiErrors(placed);
    setFormError(isUnplaced ? errorCodeText(error, locale) : null);
    const first = firstStepOf(definition, Object.keys(placed));
    if (first) goTo(first);
  };

  const submit = async () => {
    setCheckedSteps(new Set(steps));
    const first = firstStepOf(definition, Object.keys(clientErrors));
    if (first) {
      goTo(first);
      focusFirstError();
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      const input = parseAdInput(values);
      if (edit) {
        const ad = await updateAd(edit.id, input);
        showToast(
          t(
            ad.hasPendingChanges || ad.status === "pending"
              ? "adForm.done.savedForModeration"
              : "adForm.done.saved",
          ),
        );
        navigate(localizePath(adPath(ad), locale));
        return;
      }
      const draft = draftAdId ? await updateAd(draftAdId, input) : await createAd(input);
      setDraftAdId(draft.id);
      await publish(draft);
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(false);
    }
  };

  const publish = async (draft: Ad) => {
    try {
      const ad = await runAdAction(draft.id, "publish");
      setSent(true);
      forgetDraft();
      if (ad.status === "active") {
        showToast(t("adForm.done.published"), {
          to: `/services/${ad.vertical}/${ad.id}`,
          label: t("adForm.done.promote"),
        });
        navigate(localizePath(adPath(ad), locale));
      } else {
        setOutcome({ kind: "pending" });
      }
    } catch (error) {
      if (error instanceof HttpError && error.code === "AD_LIMIT_REACHED") {
        // The ad stays a draft on the server, in "My ads": the local copy is no longer needed.
        setSent(true);
        forgetDraft();
        setOutcome({ kind: "limit" });
        return;
      }
      throw error;
    }
  };

  const forgetDraft = () => {
    if (user && guestStorage) clearDraft(guestStorage, user.id, vertical);
    setRestored(false);
  };

  const startOver = () => {
    // Photos uploaded for this draft belong to no ad yet: they go too.
    if (draftAdId === null) for (const photo of values.photos) deletePhoto(photo.id).catch(() => undefined);
    forgetDraft();
    setSent(false);
    setValues(emptyAdFormValues(vertical));
    setDraftAdId(null);
    setCheckedSteps(new Set());
    setApiErrors({});
    setReached(0);
    goTo("main");
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    if (step === "preview") {
      void submit();
      return;
    }
    if (!checkStep(step)) return;
    const next = steps[stepIndex + 1];
    if (next) goTo(next);
  };

  if (outcome)
    return (
      <OutcomePanel
        outcome={outcome}
        vertical={vertical}
        onAnother={() => {
          setOutcome(null);
          startOver();
        }}
      />
    );

  const stepProps: AdFormStepProps = { definition, values, change, changeField, errorOf };

  return (
    <Stack gap="lg" maw={920} ref={top} style={{ scrollMarginTop: 80 }}>
      {isRestored && (
        <Alert color="indigo" variant="light" icon={<IconRestore size={20} />} data-testid="draft-restored">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t("adForm.draft.restored")}</Text>
            <Group gap="xs">
              <Button size="xs" variant="subtle" onClick={() => setRestored(false)}>
                {t("adForm.draft.keep")}
              </Button>
              <Button size="xs" variant="light" onClick={startOver} data-testid="draft-start-over">
                {t("adForm.draft.startOver")}
              </Button>
            </Group>
          </Group>
        </Alert>
      )}
      <Stepper
        active={stepIndex}
        onStepClick={(index) => {
          const target = steps[index];
          if (target && index <= reached) goTo(target);
        }}
        size="xs"
        iconSize={28}
        wrap={false}
        visibleFrom="md"
        allowNextStepsSelect={false}
      >
        {steps.map((item, index) => (
          <Stepper.Step
            key={item}
            label={t(stepLabelKey(vertical, item))}
            allowStepSelect={index <= reached}
            color={hasStepErrors(item) ? "red" : undefined}
            data-testid={`step-${item}`}
          />
        ))}
      </Stepper>
      <Stack gap={6} hiddenFrom="md">
        <Text size="sm" c="dimmed">
          {t("adForm.stepOf", { step: stepIndex + 1, total: steps.length })}
        </Text>
        <Progress value={((stepIndex + 1) / steps.length) * 100} size="sm" aria-hidden />
      </Stack>
      <Paper
        withBorder
        radius="lg"
        p={{ base: "md", sm: "xl" }}
        component="form"
        onSubmit={onSubmit}
        noValidate
      >
        <Stack gap="lg">
          <Title order={2} fz="xl" data-testid="step-title">
            {t(stepLabelKey(vertical, step))}
          </Title>
          {step === "main" && <MainStep {...stepProps} changeCatalog={changeCatalog} />}
          {step === "details" && <FieldsGrid {...stepProps} fields={fieldsOfStep(definition, "details")} />}
          {step === "photos" && (
            <PhotoUploader
              photos={values.photos}
              onPhotosChange={(update) => {
                setValues((current) => ({ ...current, photos: update(current.photos) }));
                forgetApiErrors(["photoIds"]);
              }}
              deleteOnRemove={!edit}
              error={errorOf("photoIds")}
            />
          )}
          {step === "price" && <AdFormPrice {...stepProps} />}
          {step === "description" && <DescriptionStep {...stepProps} />}
          {step === "preview" && <AdFormPreview definition={definition} values={values} />}
          <FormAlert text={formError} />
          <Group justify="space-between" gap="sm">
            {stepIndex > 0 ? (
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={18} />}
                onClick={() => {
                  const previous = steps[stepIndex - 1];
                  if (previous) goTo(previous);
                }}
                disabled={isBusy}
                data-testid="step-back"
              >
                {t("adForm.back")}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              {edit && step !== "preview" && (
                <Button
                  variant="light"
                  onClick={() => void submit()}
                  loading={isBusy}
                  disabled={!isHydrated}
                  data-testid="save-now"
                >
                  {t("adForm.save")}
                </Button>
              )}
              <Button
                type="submit"
                rightSection={step === "preview" ? <IconCheck size={18} /> : <IconArrowRight size={18} />}
                loading={isBusy && step === "preview"}
                disabled={!isHydrated}
                data-testid={step === "preview" ? "publish" : "step-next"}
              >
                {step === "preview" ? t(edit ? "adForm.save" : "adForm.publish") : t("adForm.next")}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );

  function hasStepErrors(item: AdFormStep): boolean {
    return (
      (checkedSteps.has(item) && Object.keys(errorsOfStep(definition, clientErrors, item)).length > 0) ||
      Object.keys(apiErrors).some((key) => stepOfErrorKey(definition, key) === item)
    );
  }
}

function showToast(title: string, link?: { to: string; label: string }) {
  toasts.add({ title, color: "teal", ...(link ? { link } : {}) });
}

/** The first step is named by what the vertical sells ("Vehicle", "Service"); the others are shared. */
function stepLabelKey(vertical: Vertical, step: AdFormStep): string {
  return step === "main" ? `adForm.step.main.${vertical}` : `adForm.step.${step}`;
}

/** Fields in the definition's order: short inputs two to a row, chips and checkboxes full width. */
function FieldsGrid({ fields, ...props }: AdFormStepProps & { fields: FieldDefinition[] }) {
  const compact = (field: FieldDefinition) => isCompact(props.definition, field);
  const rows: FieldDefinition[][] = [];
  for (const field of fields) {
    const last = rows.at(-1);
    if (compact(field) && last?.length === 1 && last[0] && compact(last[0])) last.push(field);
    else rows.push([field]);
  }
  return (
    <Stack gap="lg">
      {rows.map((row) =>
        row[0] && compact(row[0]) ? (
          <SimpleGrid key={row.map((field) => field.name).join()} cols={{ base: 1, sm: 2 }} spacing="md">
            {row.map((field) => (
              <DefinitionField key={field.name} {...props} field={field} />
            ))}
          </SimpleGrid>
        ) : (
          row[0] && <DefinitionField key={row[0].name} {...props} field={row[0]} />
        ),
      )}
    </Stack>
  );
}

/** Inputs that fit half a row: numbers, texts and long lists in a select. */
function isCompact(definition: VerticalDefinition, field: FieldDefinition): boolean {
  if (field.kind === "number" || field.kind === "integer" || field.kind === "text") return true;
  return field.kind === "enum" && !isChipList(definition, field);
}

function DefinitionField({
  definition,
  values,
  changeField,
  errorOf,
  field,
}: AdFormStepProps & { field: FieldDefinition }) {
  const companion = unitFieldOf(definition, field.name);
  return (
    <AdField
      definition={definition}
      field={field}
      value={values.fields[field.name] ?? null}
      onChange={(value) => changeField(field.name, value)}
      error={errorOf(`fields.${field.name}`) ?? (companion ? errorOf(`fields.${companion.name}`) : undefined)}
      {...(companion
        ? {
            companion: {
              field: companion,
              value: values.fields[companion.name] ?? null,
              onChange: (value: FieldValue) => changeField(companion.name, value),
            },
          }
        : {})}
    />
  );
}

/** What is sold: category, the catalogue (or a typed make where the catalogue may lack it), the year. */
function MainStep(props: AdFormStepProps & { changeCatalog: (slugs: CatalogSlugs) => void }) {
  const { t } = useTranslation();
  const { definition, values, change, errorOf, changeCatalog } = props;
  const catalogFields = catalogFieldsOf(definition);
  const typed = freeTextFields(definition);
  const fields = fieldsOfStep(definition, "main");
  const before = fields.filter((field) => field.name === definition.categoryField);
  const after = fields.filter(
    (field) => field.name !== definition.categoryField && field.kind !== "catalog" && !typed.includes(field),
  );
  const first = catalogFields[0];
  return (
    <Stack gap="lg">
      <FieldsGrid {...props} fields={before} />
      {first && (
        <Stack gap="xs">
          {!values.isOffCatalog && (
            <CatalogPicker
              kind={first.catalogKind}
              levels={Math.min(4, catalogFields.length) as 1 | 2 | 3 | 4}
              // The form's card is narrower than the page: two selects a row keep their names whole.
              columns={2}
              value={values.catalog}
              onChange={changeCatalog}
              errors={Object.fromEntries(
                catalogFields.map((field) => [field.level, errorOf(`fields.${field.name}`)]),
              )}
              required={catalogFields.filter((field) => field.required).map((field) => field.level)}
            />
          )}
          {typed.length > 0 && (
            <Checkbox
              label={t("adForm.offCatalog")}
              checked={values.isOffCatalog}
              onChange={(event) => change({ isOffCatalog: event.currentTarget.checked })}
              data-testid="off-catalog"
            />
          )}
        </Stack>
      )}
      {values.isOffCatalog && <FieldsGrid {...props} fields={typed} />}
      <FieldsGrid {...props} fields={after} />
    </Stack>
  );
}

/** The title (services write their own) and the description. */
function DescriptionStep({ definition, values, change, errorOf }: AdFormStepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {definition.title.kind === "seller" && (
        <TextInput
          label={t("field.title")}
          withAsterisk
          description={t("adForm.description.titleHint")}
          value={values.title}
          maxLength={adTitleMaxLength}
          onChange={(event) => change({ title: event.currentTarget.value })}
          error={errorOf("title")}
          data-testid="field-title"
        />
      )}
      <Textarea
        label={t("field.description")}
        description={t("adForm.description.hint")}
        value={values.description}
        maxLength={adDescriptionMaxLength}
        onChange={(event) => change({ description: event.currentTarget.value })}
        autosize
        minRows={6}
        maxRows={16}
        error={errorOf("description")}
        data-testid="field-description"
      />
      <Text size="xs" c="dimmed" ta="right">
        {t("adForm.description.count", { length: values.description.length, max: adDescriptionMaxLength })}
      </Text>
    </Stack>
  );
}

function OutcomePanel({
  outcome,
  vertical,
  onAnother,
}: {
  outcome: NonNullable<Outcome>;
  vertical: Vertical;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  const isPending = outcome.kind === "pending";
  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      maw={720}
      data-testid={isPending ? "outcome-pending" : "outcome-limit"}
    >
      <Stack gap="md">
        <Title order={2} fz="xl">
          {t(isPending ? "adForm.done.pendingTitle" : "adForm.done.limitTitle")}
        </Title>
        <Text>
          {t(isPending ? "adForm.done.pendingText" : "adForm.done.limitText", {
            section: t(`nav.${vertical}`),
          })}
        </Text>
        <Group gap="sm">
          <Button component={AppLink} to={`/settings/adds?status=${isPending ? "pending" : "draft"}`}>
            {t("adForm.done.myAds")}
          </Button>
          <Anchor component="button" type="button" onClick={onAnother}>
            {t("adForm.done.another")}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
