/**
 * The ad form's state and behaviour, apart from how it looks: the values (a Mantine form), which
 * step is open, checks with the API's own schema, the draft kept in local storage, the catalogue
 * choice, and sending (create, update, publish) with the API's field errors on their fields.
 */
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { type Ad, type Vertical, verticalDefinitions } from "@unaa/contracts";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { guestStorage, toasts } from "../../../lib/app-state.ts";
import { errorCodeText } from "../../../lib/error-code-text.ts";
import { errorMessage, useErrorMessages } from "../../../lib/error-messages.ts";
import { HttpError } from "../../../lib/http-client.ts";
import { localizePath } from "../../../lib/i18n.ts";
import { deletePhoto } from "../../../lib/photo-upload.ts";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { adPath } from "../ad-format.ts";
import { createAd } from "../api/create-ad.ts";
import { runAdAction } from "../api/run-ad-action.ts";
import { updateAd } from "../api/update-ad.ts";
import { clearDraft, loadDraft, saveDraft } from "./ad-draft.ts";
import {
  catalogFieldsOf,
  catalogListsOf,
  fieldsFromComplectation,
  resolveCatalogSlugs,
} from "./ad-form-catalog.ts";
import { formatFieldNumber, numberOptionsOf } from "./ad-form-fields.tsx";
import {
  type AdFormStep,
  type AdFormValues,
  type CatalogSlugs,
  emptyAdFormValues,
  errorKeyOf,
  errorsOfStep,
  type FieldErrorText,
  type FieldValue,
  firstStepOf,
  hasContent,
  isFormField,
  parseAdInput,
  stepOfErrorKey,
  stepsOf,
  validateAdForm,
} from "./ad-form-values.ts";

/** How long typing pauses before the draft is written to local storage. */
const draftSaveDelayMs = 400;

export interface AdFormProps {
  vertical: Vertical;
  /** Editing an ad: its id and the form's state of it. Without it the form creates a new ad. */
  edit?: { id: number; values: AdFormValues };
}

/** After publishing: it waits for moderation, or the free limit is reached (the ad stays a draft). */
export type AdFormOutcome = { kind: "pending" } | { kind: "limit" };

function showSuccess(title: string, link?: { to: string; label: string }) {
  toasts.add({ title, color: "teal", ...(link ? { link } : {}) });
}

export function useAdForm({ vertical, edit }: AdFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  // The language's API error messages (`showApiError`) load with the form, not with the page.
  useErrorMessages();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const definition = verticalDefinitions[vertical];
  const steps = useMemo(() => stepsOf(definition), [definition]);
  // The API's texts for fields live in the form's errors until the seller changes the field
  // (`setFieldValue` clears that field's error); the browser's own checks are derived from the values.
  const form = useForm<AdFormValues>({
    mode: "controlled",
    initialValues: edit?.values ?? emptyAdFormValues(vertical),
  });
  const { values } = form;
  const [step, setStep] = useState<AdFormStep>("main");
  /** The furthest step opened: the stepper lets the seller jump back to any step up to it. */
  const [reached, setReached] = useState(edit ? steps.length - 1 : 0);
  /** Steps whose errors show: the seller tried to leave them (or to publish). */
  const [checkedSteps, setCheckedSteps] = useState<ReadonlySet<AdFormStep>>(new Set());
  const [formError, setFormError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<AdFormOutcome | null>(null);
  const [isBusy, setBusy] = useState(false);
  /** Published: the page is about to change, and the draft must not be written back. */
  const [isSent, setSent] = useState(false);
  const [draftAdId, setDraftAdId] = useState<number | null>(null);
  const [isRestored, setRestored] = useState(false);
  /** The draft is read once the user is known; nothing is written before, or it would be lost. */
  const [isDraftRead, setDraftRead] = useState(false);
  const catalogRequest = useRef(0);
  /** The top of the form: each step scrolls there, and errors are looked for below it. */
  const top = useRef<HTMLDivElement>(null);

  const clientErrors = useMemo(() => validateAdForm(values), [values]);
  const stepIndex = steps.indexOf(step);
  const apiErrors = form.errors;

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

  /** The text beside a field: the API's, else the browser's check once its step was checked. */
  const errorOf = (key: string): string | undefined => {
    const fromApi = apiErrors[key];
    if (typeof fromApi === "string") return fromApi;
    const error = clientErrors[key];
    if (!error || !checkedSteps.has(stepOfErrorKey(definition, key))) return undefined;
    return errorText(error, key);
  };

  const hasStepErrors = (item: AdFormStep): boolean =>
    (checkedSteps.has(item) && Object.keys(errorsOfStep(definition, clientErrors, item)).length > 0) ||
    Object.keys(apiErrors).some((key) => stepOfErrorKey(definition, key) === item);

  // A new ad: the draft of this user and vertical comes back after a reload.
  useEffect(() => {
    if (edit || isDraftRead || !user) return;
    const draft = guestStorage ? loadDraft(guestStorage, user.id, vertical) : null;
    if (draft && hasContent(draft.values)) {
      form.setValues(draft.values);
      setStep(steps.includes(draft.step) ? draft.step : "main");
      setReached(Math.max(0, steps.indexOf(draft.step)));
      setDraftAdId(draft.adId);
      setRestored(true);
    }
    setDraftRead(true);
  }, [edit, isDraftRead, user, vertical, steps, form.setValues]);

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

  /** Common values by name (`price`, `regionId`…); each change drops the API's text of that field. */
  const change = (patch: Partial<AdFormValues>) => {
    for (const [name, value] of Object.entries(patch)) form.setFieldValue(name as keyof AdFormValues, value);
  };

  /** One of the vertical's fields. */
  const changeField = (name: string, value: FieldValue) => form.setFieldValue(`fields.${name}`, value);

  const changePhotos = (update: (photos: AdFormValues["photos"]) => AdFormValues["photos"]) => {
    form.setFieldValue("photos", update);
    form.clearFieldError("photoIds");
  };

  const changeCatalog = (slugs: CatalogSlugs) => {
    const request = ++catalogRequest.current;
    const catalogFields = catalogFieldsOf(definition);
    // The ids follow once the lists answer; until then a changed level has none.
    const previous = form.getValues().catalog;
    form.setFieldValue("catalog", slugs);
    for (const field of catalogFields) {
      if (slugs[field.level] !== previous[field.level]) form.setFieldValue(`fields.${field.name}`, null);
      form.clearFieldError(`fields.${field.name}`);
    }
    resolveCatalogSlugs(catalogListsOf(queryClient), definition, slugs).then(
      ({ ids, names, complectation }) => {
        if (request !== catalogRequest.current) return;
        form.setFieldValue("catalogNames", names);
        form.setFieldValue("fields", (current: AdFormValues["fields"]) => ({
          ...current,
          ...ids,
          ...(complectation ? fieldsFromComplectation(definition, complectation, current) : {}),
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

  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const invalid = top.current?.parentElement?.querySelector<HTMLElement>(
        '[aria-invalid="true"], [role="alert"]',
      );
      invalid?.scrollIntoView({ block: "center", behavior: "smooth" });
      // A group's error (chips, radios) has no input of its own marked: its first choice takes the focus.
      const field = invalid?.matches("input, textarea")
        ? invalid
        : invalid?.closest(".unaa-field")?.querySelector<HTMLElement>("input, textarea");
      field?.focus({ preventScroll: true });
    });

  /** Shows the step's errors; true when it has none. */
  const checkStep = (current: AdFormStep): boolean => {
    setCheckedSteps((checked) => new Set(checked).add(current));
    const hasErrors =
      Object.keys(errorsOfStep(definition, clientErrors, current)).length > 0 ||
      Object.keys(apiErrors).some((key) => stepOfErrorKey(definition, key) === current);
    if (hasErrors) focusFirstError();
    return !hasErrors;
  };

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
      placed[key] ??=
        errorMessage(locale, item.code) ?? t([`adForm.fieldError.${item.code}`, "adForm.fieldError.invalid"]);
    }
    form.setErrors(placed);
    setFormError(isUnplaced ? errorCodeText(error, locale) : null);
    const first = firstStepOf(definition, Object.keys(placed));
    if (first) goTo(first);
  };

  const forgetDraft = () => {
    if (user && guestStorage) clearDraft(guestStorage, user.id, vertical);
    setRestored(false);
  };

  const publish = async (draft: Ad) => {
    try {
      // Silent: a refusal shows beside the fields or as the limit's own panel.
      const ad = await runAdAction(draft.id, "publish", { silent: true });
      setSent(true);
      forgetDraft();
      if (ad.status === "active") {
        showSuccess(t("adForm.done.published"), {
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

  /** Checks every step, then saves the edit, or creates (or updates) the draft ad and publishes it. */
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
        showSuccess(
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

  /** The form's submit: the next step once this one is right; on the last step, publishing. */
  const submitStep = () => {
    if (isBusy) return;
    if (step === "preview") {
      void submit();
      return;
    }
    if (!checkStep(step)) return;
    const next = steps[stepIndex + 1];
    if (next) goTo(next);
  };

  const goBack = () => {
    const previous = steps[stepIndex - 1];
    if (previous) goTo(previous);
  };

  /** A new ad from an empty form: the draft, and photos uploaded for it that no ad holds, go. */
  const startOver = () => {
    if (draftAdId === null) for (const photo of values.photos) deletePhoto(photo.id).catch(() => undefined);
    forgetDraft();
    setSent(false);
    setOutcome(null);
    form.setValues(emptyAdFormValues(vertical));
    form.clearErrors();
    setDraftAdId(null);
    setCheckedSteps(new Set());
    setReached(0);
    goTo("main");
  };

  return {
    definition,
    steps,
    step,
    stepIndex,
    reached,
    values,
    isEdit: edit !== undefined,
    isBusy,
    isRestored,
    formError,
    outcome,
    top,
    errorOf,
    hasStepErrors,
    change,
    changeField,
    changePhotos,
    changeCatalog,
    goTo,
    goBack,
    submit,
    submitStep,
    startOver,
    keepRestoredDraft: () => setRestored(false),
  };
}

export type AdFormState = ReturnType<typeof useAdForm>;
