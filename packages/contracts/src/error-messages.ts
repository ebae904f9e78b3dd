import type { ErrorCode } from "./error-codes.ts";
import { messages as en } from "./error-messages/en.ts";
import { messages as ky } from "./error-messages/ky.ts";
import { messages as ru } from "./error-messages/ru.ts";
import type { Locale } from "./locales.ts";

/**
 * The message of each error code in every locale. The API answers in the request's
 * `X-Lang`; the web shows the same texts beside fields and in toasts.
 */
export const errorMessages: Record<Locale, Record<ErrorCode, string>> = { ru, ky, en };

/** What a field failed, as far as the answer knows: a schema check's issue (zod's fields). */
export interface FieldIssue {
  code: string;
  /** What was checked: `string` (its length), `number`, `array` (its items) … */
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  /** False for an exclusive bound (`positive()`: more than 0). */
  inclusive?: boolean;
  /** The type a value should have had (`int` for a whole number). */
  expected?: string;
}

interface FieldIssueTexts {
  invalid: string;
  integer: string;
  choose: string;
  format: string;
  unknownField: string;
  min: string;
  max: string;
  moreThan: string;
  lessThan: string;
  minLength: string;
  maxLength: string;
}

/** Texts of failed schema checks (`{n}` is the bound), the `message` of a validation field error. */
export const fieldIssueMessages: Record<Locale, FieldIssueTexts> = {
  ru: {
    invalid: "Проверьте значение",
    integer: "Введите целое число",
    choose: "Выберите вариант",
    format: "Неверный формат",
    unknownField: "Неизвестное поле",
    min: "Не меньше {n}",
    max: "Не больше {n}",
    moreThan: "Больше {n}",
    lessThan: "Меньше {n}",
    minLength: "Не короче {n} символов",
    maxLength: "Не длиннее {n} символов",
  },
  ky: {
    invalid: "Маанини текшериңиз",
    integer: "Бүтүн сан жазыңыз",
    choose: "Вариантты тандаңыз",
    format: "Формат туура эмес",
    unknownField: "Белгисиз талаа",
    min: "{n} кем эмес",
    max: "{n} ашпасын",
    moreThan: "{n} санынан чоң болсун",
    lessThan: "{n} санынан кичине болсун",
    minLength: "Кеминде {n} белги",
    maxLength: "{n} белгиден ашпасын",
  },
  en: {
    invalid: "Check this value",
    integer: "Enter a whole number",
    choose: "Choose an option",
    format: "Wrong format",
    unknownField: "Unknown field",
    min: "At least {n}",
    max: "At most {n}",
    moreThan: "More than {n}",
    lessThan: "Less than {n}",
    minLength: "At least {n} characters",
    maxLength: "At most {n} characters",
  },
};

/** The text of a failed schema check in a locale; the bound is named when the issue carries it. */
export function fieldIssueMessage(issue: FieldIssue, locale: Locale): string {
  const texts = fieldIssueMessages[locale];
  const isLength = issue.origin === "string";
  const withBound = (text: string, bound: number | bigint) => text.replace("{n}", String(bound));
  switch (issue.code) {
    case "too_small":
      if (issue.minimum === undefined) return texts.invalid;
      if (isLength) return withBound(texts.minLength, issue.minimum);
      return withBound(issue.inclusive === false ? texts.moreThan : texts.min, issue.minimum);
    case "too_big":
      if (issue.maximum === undefined) return texts.invalid;
      if (isLength) return withBound(texts.maxLength, issue.maximum);
      return withBound(issue.inclusive === false ? texts.lessThan : texts.max, issue.maximum);
    case "invalid_type":
      return issue.expected === "int" ? texts.integer : texts.invalid;
    case "invalid_value":
      return texts.choose;
    case "invalid_format":
      return texts.format;
    case "unrecognized_keys":
      return texts.unknownField;
    default:
      return texts.invalid;
  }
}
