import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { type DescribeOptions, describeApiError, type FormErrorTexts } from "./api-errors.ts";
import { useErrorMessages } from "./error-messages.ts";
import { useLocale } from "./use-locale.ts";

export type ApiErrorOptions = Omit<DescribeOptions, "locale" | "translate" | "fields">;

/**
 * An API error as the texts of a form, in the interface language: each field error
 * beside one of `fields`, the rest for the whole form (`describeApiError`). The language's error
 * messages load when the form mounts; until then a code's text is the API's message (same language).
 */
export function useApiErrorTexts(): (
  error: unknown,
  fields: readonly string[],
  options?: ApiErrorOptions,
) => FormErrorTexts {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  useErrorMessages();
  return useCallback(
    (error, fields, options = {}) =>
      describeApiError(error, {
        ...options,
        fields,
        locale,
        translate: (key) => (i18n.exists(key) ? t(key) : undefined),
      }),
    [i18n, locale, t],
  );
}
