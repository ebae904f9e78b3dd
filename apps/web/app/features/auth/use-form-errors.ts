import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type DescribeOptions, describeApiError } from "../../lib/api-errors.ts";
import { useLocale } from "../../lib/use-locale.ts";

type ShowOptions = Omit<DescribeOptions, "locale" | "translate" | "fields">;

export interface FormErrors {
  /** Field name → translated text. */
  errors: Record<string, string>;
  /** A translated text for the whole form. */
  formError: string | null;
  /** Shows an API error: field errors beside `fields`, anything else above the form. */
  showApiError: (error: unknown, fields: readonly string[], options?: ShowOptions) => void;
  /** Sets (or, with null, clears) one field's text from a translation key. */
  setFieldError: (field: string, key: string | null) => void;
  clearErrors: () => void;
}

/** Error state of an accounts form, translated into the interface language. */
export function useFormErrors(): FormErrors {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const showApiError = useCallback(
    (error: unknown, fields: readonly string[], options: ShowOptions = {}) => {
      const described = describeApiError(error, {
        ...options,
        fields,
        locale,
        translate: (key) => (i18n.exists(key) ? t(key) : undefined),
      });
      setErrors(described.fields);
      setFormError(described.form);
    },
    [i18n, locale, t],
  );

  const setFieldError = useCallback(
    (field: string, key: string | null) => {
      setErrors((current) => {
        const next = { ...current };
        if (key) next[field] = t(key);
        else delete next[field];
        return next;
      });
    },
    [t],
  );

  const clearErrors = useCallback(() => {
    setErrors({});
    setFormError(null);
  }, []);

  return useMemo(
    () => ({ errors, formError, showApiError, setFieldError, clearErrors }),
    [errors, formError, showApiError, setFieldError, clearErrors],
  );
}
