import type { ErrorCode } from "./error-codes.ts";
import type { Locale } from "./locales.ts";

/**
 * The message of each error code in every locale. The API answers in the request's
 * `X-Lang`; the web shows the same texts beside fields and in toasts.
 */
export const errorMessages: Record<Locale, Record<ErrorCode, string>> = {
  ru: {
    VALIDATION_FAILED: "Проверьте правильность заполнения полей",
    BAD_REQUEST: "Некорректный запрос",
    UNAUTHORIZED: "Войдите, чтобы продолжить",
    TOKEN_EXPIRED: "Сессия истекла, войдите снова",
    FORBIDDEN: "Недостаточно прав",
    BLOCKED: "Вы были заблокированы, обратитесь к администрации сайта.",
    NOT_FOUND: "Не найдено",
    ROUTE_NOT_FOUND: "Такого адреса API нет",
    METHOD_NOT_ALLOWED: "Метод не поддерживается",
    CONFLICT: "Конфликт с текущими данными, обновите страницу",
    PAYLOAD_TOO_LARGE: "Слишком большой файл или запрос",
    UNSUPPORTED_MEDIA_TYPE: "Неподдерживаемый формат",
    RATE_LIMITED: "Слишком много запросов, попробуйте позже",
    INTERNAL: "Что-то пошло не так. Мы уже разбираемся",
    SERVICE_UNAVAILABLE: "Сервис временно недоступен",
  },
  ky: {
    VALIDATION_FAILED: "Талаалардын туура толтурулганын текшериңиз",
    BAD_REQUEST: "Туура эмес суроо-талап",
    UNAUTHORIZED: "Улантуу үчүн кириңиз",
    TOKEN_EXPIRED: "Сеанстын мөөнөтү бүттү, кайра кириңиз",
    FORBIDDEN: "Укугуңуз жетишсиз",
    BLOCKED: "Сиз бөгөттөлдүңүз, сайттын администрациясына кайрылыңыз.",
    NOT_FOUND: "Табылган жок",
    ROUTE_NOT_FOUND: "API'де мындай дарек жок",
    METHOD_NOT_ALLOWED: "Бул ыкма колдоого алынбайт",
    CONFLICT: "Учурдагы маалымат менен карама-каршылык, баракты жаңылаңыз",
    PAYLOAD_TOO_LARGE: "Файл же суроо-талап өтө чоң",
    UNSUPPORTED_MEDIA_TYPE: "Колдоого алынбаган формат",
    RATE_LIMITED: "Суроо-талап өтө көп, бир аздан кийин аракет кылыңыз",
    INTERNAL: "Бир нерсе туура эмес болду. Биз иштеп жатабыз",
    SERVICE_UNAVAILABLE: "Кызмат убактылуу жеткиликсиз",
  },
  en: {
    VALIDATION_FAILED: "Please check the highlighted fields",
    BAD_REQUEST: "Bad request",
    UNAUTHORIZED: "Please sign in to continue",
    TOKEN_EXPIRED: "Your session has expired, please sign in again",
    FORBIDDEN: "You don't have permission to do that",
    BLOCKED: "You have been blocked, contact the site administration.",
    NOT_FOUND: "Not found",
    ROUTE_NOT_FOUND: "There is no such API address",
    METHOD_NOT_ALLOWED: "Method not allowed",
    CONFLICT: "This conflicts with the current data, reload the page",
    PAYLOAD_TOO_LARGE: "The file or request is too large",
    UNSUPPORTED_MEDIA_TYPE: "Unsupported format",
    RATE_LIMITED: "Too many requests, try again later",
    INTERNAL: "Something went wrong. We're on it",
    SERVICE_UNAVAILABLE: "The service is temporarily unavailable",
  },
};
