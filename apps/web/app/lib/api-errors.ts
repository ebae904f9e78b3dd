/**
 * Turns an API error into texts for a form: each field error beside its field, the rest above the
 * form. Codes cross the wire; the texts come from contracts' error messages and from the
 * `auth.fieldError.*` translations, so they follow the interface language.
 */
import type { ErrorCode, Locale } from "@unaa/contracts";
import { errorCodeText } from "./error-code-text.ts";
import { HttpError, NetworkError } from "./http-client.ts";

export interface FormErrorTexts {
  /** Field name → text. Only names listed in `fields` appear. */
  fields: Record<string, string>;
  /** A text for the whole form, or null when every error found its field. */
  form: string | null;
}

export interface DescribeOptions {
  locale: Locale;
  /** The form's fields, by the names the API uses in `errors[].path` (last segment). */
  fields: readonly string[];
  /** Which field an error code belongs to, e.g. `{ CODE_INVALID: "code" }`. */
  fieldOfCode?: Partial<Record<string, string>>;
  /** API path → form field, when the form names a field differently. */
  fieldAliases?: Partial<Record<string, string>>;
  /** A translation lookup that answers undefined for a missing key. */
  translate: (key: string) => string | undefined;
}

/** Codes that name the field they are about, shared by every accounts form. */
export const defaultFieldOfCode: Partial<Record<ErrorCode, string>> = {
  LOGIN_INVALID: "login",
  ACCOUNT_EXISTS: "login",
  CODE_INVALID: "code",
  CODE_EXPIRED: "code",
  CODE_ATTEMPTS_EXCEEDED: "code",
  PASSWORD_WEAK: "password",
  CREDENTIALS_INVALID: "password",
  PASSWORD_WRONG: "currentPassword",
  USERNAME_TAKEN: "username",
  PHONE_INVALID: "phone",
  PHONE_TAKEN: "phone",
  EMAIL_TAKEN: "email",
  IMAGE_TOO_LARGE: "file",
  IMAGE_UNSUPPORTED: "file",
  FILE_REQUIRED: "file",
};

export function describeApiError(error: unknown, options: DescribeOptions): FormErrorTexts {
  const { translate, locale } = options;
  if (!(error instanceof HttpError)) {
    const key = error instanceof NetworkError ? "auth.error.network" : "auth.error.unknown";
    return { fields: {}, form: translate(key) ?? String(error) };
  }
  const known = new Set(options.fields);
  const fieldOf: Partial<Record<string, string>> = { ...defaultFieldOfCode, ...options.fieldOfCode };
  const codeText = errorCodeText(error, locale);
  const fields: Record<string, string> = {};
  let isUnplaced = false;

  for (const item of error.errors) {
    if (typeof item === "string") {
      isUnplaced = true;
      continue;
    }
    const last = item.path.split(".").at(-1) ?? "";
    const field = options.fieldAliases?.[item.path] ?? options.fieldAliases?.[last] ?? last;
    if (!known.has(field)) {
      isUnplaced = true;
      continue;
    }
    if (fields[field]) continue;
    fields[field] =
      translate(`auth.fieldError.${item.code}`) ??
      (error.code === "VALIDATION_FAILED" ? translate("auth.fieldError.invalid") : undefined) ??
      codeText;
  }

  const ownField = fieldOf[error.code];
  if (ownField && known.has(ownField) && !fields[ownField]) fields[ownField] = codeText;

  const isPlaced = Object.keys(fields).length > 0;
  return { fields, form: isPlaced && !isUnplaced ? null : codeText };
}
