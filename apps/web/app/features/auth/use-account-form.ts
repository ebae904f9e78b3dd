import { type UseFormReturnType, useForm } from "@mantine/form";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ApiErrorOptions, useApiErrorTexts } from "../../lib/use-api-error-texts.ts";

/** What a form's own checks found, by field: a translation key, or null when the field is fine. */
export type FieldProblems = Readonly<Record<string, string | null>>;

export interface AccountForm<Values> {
  /** The Mantine form: values, and the texts beside the fields (`form.errors`). */
  form: UseFormReturnType<Values>;
  /** A text for the whole form, shown above it. */
  formError: string | null;
  /**
   * The form's submit handler: every submit starts without the last errors, runs the form's own
   * checks (their texts beside the fields), and calls `send` when they pass.
   */
  onSubmit: (send: (values: Values) => Promise<unknown>) => (event?: FormEvent<HTMLFormElement>) => void;
  /** An API error: field errors beside `fields`, anything else above the form. */
  showApiError: (error: unknown, fields: readonly string[], options?: ApiErrorOptions) => void;
  /** Sets (or, with null, clears) one field's text from a translation key. */
  setFieldError: (field: string, key: string | null) => void;
  clearErrors: () => void;
}

/**
 * An accounts form (sign-in, sign-up, reset, profile) on Mantine's form library. Texts follow the
 * interface language: the checks answer translation keys, API errors their codes' messages. A
 * field's text stays until the next submit, as before the forms used the library.
 *
 * Errors are tied to their fields: Mantine's inputs mark a field with an error `aria-invalid` and
 * point `aria-describedby` at its text (announced: the theme gives field errors `role="alert"`).
 * When a submit fails — the form's own checks or the API's field errors — the first invalid field
 * of the submitted form takes the focus.
 */
export function useAccountForm<Values extends Record<string, unknown>>({
  initialValues,
  check,
}: {
  initialValues: Values;
  check?: (values: Values) => FieldProblems;
}): AccountForm<Values> {
  const { t } = useTranslation();
  const describe = useApiErrorTexts();
  const [formError, setFormError] = useState<string | null>(null);
  /** The form element of the last submit, where the first invalid field is looked for. */
  const submitted = useRef<HTMLFormElement | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  // After the render that shows the errors (a busy form's fields are enabled again by then).
  useEffect(() => {
    if (focusRequest === 0) return;
    submitted.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  const focusFirstError = () => setFocusRequest((count) => count + 1);
  const form = useForm<Values>({
    mode: "controlled",
    initialValues,
    clearInputErrorOnChange: false,
    validate: (values) => {
      const problems = Object.entries(check?.(values) ?? {});
      return Object.fromEntries(problems.flatMap(([field, key]) => (key ? [[field, t(key)]] : [])));
    },
  });
  return {
    form,
    formError,
    onSubmit: (send) => (event) => {
      submitted.current = event?.currentTarget ?? null;
      form.onSubmit(
        (values) => {
          setFormError(null);
          return send(values);
        },
        () => {
          setFormError(null);
          focusFirstError();
        },
      )(event);
    },
    showApiError: (error, fields, options) => {
      const described = describe(error, fields, options);
      form.setErrors(described.fields);
      setFormError(described.form);
      if (Object.keys(described.fields).length > 0) focusFirstError();
    },
    setFieldError: (field, key) => {
      form.setFieldError(field, key ? t(key) : null);
      if (key) focusFirstError();
    },
    clearErrors: () => {
      form.clearErrors();
      setFormError(null);
    },
  };
}
