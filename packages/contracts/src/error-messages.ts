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
    LOGIN_INVALID: "Введите номер телефона или email",
    PHONE_INVALID: "Неверный номер телефона",
    ORIGIN_MISMATCH: "Запрос отправлен с другого сайта",
    CODE_INVALID: "Неверный код",
    CODE_EXPIRED: "Срок действия кода истёк, запросите новый",
    CODE_ATTEMPTS_EXCEEDED: "Слишком много неверных попыток, запросите новый код",
    PASSWORD_WEAK: "Пароль слишком простой",
    PASSWORD_WRONG: "Неверный текущий пароль",
    PHONE_LAST: "Нельзя удалить единственный способ входа",
    FILE_REQUIRED: "Выберите файл",
    CREDENTIALS_INVALID: "Неверный логин или пароль",
    CODE_REQUIRED: "Слишком много попыток входа. Войдите по коду",
    GOOGLE_TOKEN_INVALID: "Не удалось войти через Google",
    SESSION_ENDED: "Сеанс завершён, войдите снова",
    ACCOUNT_EXISTS: "Аккаунт уже существует, войдите",
    USERNAME_TAKEN: "Это имя пользователя уже занято",
    PHONE_TAKEN: "Этот номер уже привязан к другому аккаунту",
    EMAIL_TAKEN: "Этот email уже привязан к другому аккаунту",
    IMAGE_TOO_LARGE: "Слишком большое изображение",
    IMAGE_UNSUPPORTED: "Загрузите изображение JPEG, PNG, WebP или HEIC",
    CODE_RESEND_TOO_SOON: "Новый код можно запросить через минуту",
    CODE_DELIVERY_FAILED: "Не удалось отправить код, попробуйте позже",
    CATALOG_NOT_FOUND: "Такой записи в каталоге нет",
    CATALOG_SLUG_TAKEN: "Такой адрес (slug) уже занят на этом уровне каталога",
    CATALOG_MERGE_INVALID: "Объединить можно только с другой действующей записью того же уровня и вида",
    AD_NOT_FOUND: "Объявление не найдено",
    AD_STATE_CONFLICT: "В этом состоянии объявления так сделать нельзя",
    AD_CATALOG_MISMATCH: "Выберите марку, модель и поколение из каталога: одно должно подходить к другому",
    AD_LOCATION_INVALID: "Выберите регион и город из списка",
    AD_LIMIT_REACHED: "Достигнут лимит бесплатных объявлений в этом разделе",
    AD_REJECTED_NEEDS_EDIT: "Объявление отклонено: исправьте его, и после правки оно снова уйдёт на проверку",
    AD_COMPLAINT_EXISTS: "Вы уже пожаловались на это объявление",
    AD_CHAT_ONLY: "Продавец просит писать в чат",
    AD_PHONE_INVALID: "Выберите один из своих подтверждённых телефонов",
    AD_PHOTO_INVALID: "Фото не найдено среди ваших загрузок, загрузите его снова",
    AD_PHOTO_NOT_FOUND: "Фото не найдено",
    AD_PHOTO_LIMIT_REACHED: "Слишком много фото без объявления: добавьте их в объявление или удалите",
    CHAT_NOT_FOUND: "Чат не найден",
    CHAT_USER_NOT_FOUND: "Пользователь не найден",
    CHAT_SELF: "Нельзя написать самому себе",
    CHAT_AD_UNAVAILABLE: "Объявление снято с публикации: написать продавцу по нему нельзя",
    CHAT_BLOCKED: "Переписка недоступна: один из вас заблокировал другого",
    CHAT_USER_DELETED: "Пользователь удалил аккаунт, написать ему нельзя",
    CHAT_MESSAGE_NOT_FOUND: "Такого сообщения в этом чате нет",
    CHAT_REPORT_EXISTS: "Вы уже пожаловались на этот чат",
    CHAT_MESSAGES_TOO_FAST: "Вы отправляете сообщения слишком часто, подождите немного",
    NOTIFICATION_NOT_FOUND: "Уведомление не найдено",
    CHAT_NEW_CHATS_LIMIT: "Слишком много новых чатов за час, попробуйте позже",
    SAVED_SEARCH_NOT_FOUND: "Сохранённый поиск не найден",
    SAVED_SEARCH_LIMIT_REACHED: "Можно сохранить не больше 30 поисков: удалите ненужные",
    BUSINESS_NOT_FOUND: "Бизнес не найден",
    BUSINESS_EXISTS: "У вас уже есть бизнес: можно вести только один",
    BUSINESS_LINK_TAKEN: "Эта ссылка уже занята",
    BUSINESS_PHOTO_INVALID: "Это фото нельзя использовать: загрузите его снова",
    BUSINESS_LOCATION_INVALID: "Выберите регион и город из списка",
    BUSINESS_PHONE_INVALID: "Выберите один из ваших подтверждённых телефонов",
    AD_BUSINESS_INVALID: "Объявление можно разместить только от имени своего бизнеса",
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
    LOGIN_INVALID: "Телефон номерин же email киргизиңиз",
    PHONE_INVALID: "Телефон номери туура эмес",
    ORIGIN_MISMATCH: "Суроо-талап башка сайттан жөнөтүлдү",
    CODE_INVALID: "Код туура эмес",
    CODE_EXPIRED: "Коддун мөөнөтү бүттү, жаңысын сураңыз",
    CODE_ATTEMPTS_EXCEEDED: "Туура эмес аракеттер өтө көп, жаңы код сураңыз",
    PASSWORD_WEAK: "Сырсөз өтө жөнөкөй",
    PASSWORD_WRONG: "Учурдагы сырсөз туура эмес",
    PHONE_LAST: "Кирүүнүн жалгыз жолун өчүрүүгө болбойт",
    FILE_REQUIRED: "Файл тандаңыз",
    CREDENTIALS_INVALID: "Логин же сырсөз туура эмес",
    CODE_REQUIRED: "Кирүү аракеттери өтө көп. Код менен кириңиз",
    GOOGLE_TOKEN_INVALID: "Google аркылуу кирүү мүмкүн болгон жок",
    SESSION_ENDED: "Сеанс аяктады, кайра кириңиз",
    ACCOUNT_EXISTS: "Аккаунт мурунтан эле бар, кириңиз",
    USERNAME_TAKEN: "Бул колдонуучу аты бош эмес",
    PHONE_TAKEN: "Бул номер башка аккаунтка байланган",
    EMAIL_TAKEN: "Бул email башка аккаунтка байланган",
    IMAGE_TOO_LARGE: "Сүрөт өтө чоң",
    IMAGE_UNSUPPORTED: "JPEG, PNG, WebP же HEIC сүрөтүн жүктөңүз",
    CODE_RESEND_TOO_SOON: "Жаңы кодду бир мүнөттөн кийин сурасаңыз болот",
    CODE_DELIVERY_FAILED: "Кодду жөнөтүү мүмкүн болгон жок, кийинчерээк аракет кылыңыз",
    CATALOG_NOT_FOUND: "Каталогдо мындай жазуу жок",
    CATALOG_SLUG_TAKEN: "Каталогдун бул деңгээлинде мындай дарек (slug) бош эмес",
    CATALOG_MERGE_INVALID:
      "Бир гана ошол эле деңгээлдеги жана түрдөгү башка иштеп турган жазуу менен бириктирүүгө болот",
    AD_NOT_FOUND: "Жарыя табылган жок",
    AD_STATE_CONFLICT: "Жарыянын бул абалында муну кылууга болбойт",
    AD_CATALOG_MISMATCH:
      "Марканы, моделди жана муунду каталогдон тандаңыз: бири экинчисине туура келиши керек",
    AD_LOCATION_INVALID: "Аймакты жана шаарды тизмеден тандаңыз",
    AD_LIMIT_REACHED: "Бул бөлүмдөгү акысыз жарыялардын чегине жеттиңиз",
    AD_REJECTED_NEEDS_EDIT: "Жарыя четке кагылды: аны оңдоңуз, оңдогондон кийин ал кайра текшерүүгө кетет",
    AD_COMPLAINT_EXISTS: "Сиз бул жарыяга даттанып койгонсуз",
    AD_CHAT_ONLY: "Сатуучу чатка жазууну суранат",
    AD_PHONE_INVALID: "Өзүңүздүн ырасталган телефондоруңуздун бирин тандаңыз",
    AD_PHOTO_INVALID: "Сүрөт сиздин жүктөөлөрүңүздүн арасынан табылган жок, аны кайра жүктөңүз",
    AD_PHOTO_NOT_FOUND: "Сүрөт табылган жок",
    AD_PHOTO_LIMIT_REACHED: "Жарыясыз сүрөттөр өтө көп: аларды жарыяга кошуңуз же өчүрүңүз",
    CHAT_NOT_FOUND: "Чат табылган жок",
    CHAT_USER_NOT_FOUND: "Колдонуучу табылган жок",
    CHAT_SELF: "Өзүңүзгө жаза албайсыз",
    CHAT_AD_UNAVAILABLE: "Жарыя жарыяланбай калды: ал боюнча сатуучуга жазууга болбойт",
    CHAT_BLOCKED: "Кат алышуу жеткиликсиз: бириңиз экинчиңизди бөгөттөдүңүз",
    CHAT_USER_DELETED: "Колдонуучу аккаунтун өчүрдү, ага жазууга болбойт",
    CHAT_MESSAGE_NOT_FOUND: "Бул чатта мындай билдирүү жок",
    CHAT_REPORT_EXISTS: "Бул чатка даттануу жөнөтүлгөн",
    CHAT_MESSAGES_TOO_FAST: "Билдирүүлөрдү өтө тез жөнөтүп жатасыз, бир аз күтүңүз",
    NOTIFICATION_NOT_FOUND: "Билдирме табылган жок",
    CHAT_NEW_CHATS_LIMIT: "Бир саатта жаңы чаттар өтө көп, кийинчерээк аракет кылыңыз",
    SAVED_SEARCH_NOT_FOUND: "Сакталган издөө табылган жок",
    SAVED_SEARCH_LIMIT_REACHED: "30дан ашык издөө сактоого болбойт: кереги жоктарын өчүрүңүз",
    BUSINESS_NOT_FOUND: "Бизнес табылган жок",
    BUSINESS_EXISTS: "Сизде бизнес бар: бирөөнү гана жүргүзүүгө болот",
    BUSINESS_LINK_TAKEN: "Бул шилтеме бош эмес",
    BUSINESS_PHOTO_INVALID: "Бул сүрөттү колдонууга болбойт: кайра жүктөңүз",
    BUSINESS_LOCATION_INVALID: "Аймакты жана шаарды тизмеден тандаңыз",
    BUSINESS_PHONE_INVALID: "Тастыкталган телефондоруңуздун бирин тандаңыз",
    AD_BUSINESS_INVALID: "Жарнаманы өз бизнесиңиздин атынан гана жайгаштырууга болот",
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
    LOGIN_INVALID: "Enter a phone number or an email",
    PHONE_INVALID: "Invalid phone number",
    ORIGIN_MISMATCH: "The request came from another site",
    CODE_INVALID: "Wrong code",
    CODE_EXPIRED: "The code has expired, ask for a new one",
    CODE_ATTEMPTS_EXCEEDED: "Too many wrong tries, ask for a new code",
    PASSWORD_WEAK: "The password is too weak",
    PASSWORD_WRONG: "The current password is wrong",
    PHONE_LAST: "You can't remove your only way to sign in",
    FILE_REQUIRED: "Choose a file",
    CREDENTIALS_INVALID: "Wrong login or password",
    CODE_REQUIRED: "Too many sign-in attempts. Sign in with a code",
    GOOGLE_TOKEN_INVALID: "Signing in with Google failed",
    SESSION_ENDED: "The session has ended, please sign in again",
    ACCOUNT_EXISTS: "The account already exists, sign in",
    USERNAME_TAKEN: "This username is taken",
    PHONE_TAKEN: "This number belongs to another account",
    EMAIL_TAKEN: "This email belongs to another account",
    IMAGE_TOO_LARGE: "The image is too large",
    IMAGE_UNSUPPORTED: "Upload a JPEG, PNG, WebP or HEIC image",
    CODE_RESEND_TOO_SOON: "You can ask for a new code in a minute",
    CODE_DELIVERY_FAILED: "The code could not be sent, try again later",
    CATALOG_NOT_FOUND: "There is no such catalogue entry",
    CATALOG_SLUG_TAKEN: "This slug is already taken at this level of the catalogue",
    CATALOG_MERGE_INVALID: "An entry can only be merged into another live entry of the same level and kind",
    AD_NOT_FOUND: "The ad was not found",
    AD_STATE_CONFLICT: "This cannot be done to the ad in its current state",
    AD_CATALOG_MISMATCH:
      "Choose the mark, model and generation from the catalogue: each must belong to the one before",
    AD_LOCATION_INVALID: "Choose the region and town from the list",
    AD_LIMIT_REACHED: "You have reached the limit of free ads in this section",
    AD_REJECTED_NEEDS_EDIT: "The ad was rejected: edit it, and the edit sends it back to moderation",
    AD_COMPLAINT_EXISTS: "You have already complained about this ad",
    AD_CHAT_ONLY: "The seller asks you to write in the chat",
    AD_PHONE_INVALID: "Choose one of your confirmed phones",
    AD_PHOTO_INVALID: "This photo is not among your uploads, upload it again",
    AD_PHOTO_NOT_FOUND: "The photo was not found",
    AD_PHOTO_LIMIT_REACHED: "Too many photos without an ad: add them to an ad or delete them",
    CHAT_NOT_FOUND: "Chat not found",
    CHAT_USER_NOT_FOUND: "User not found",
    CHAT_SELF: "You cannot write to yourself",
    CHAT_AD_UNAVAILABLE: "This ad is no longer published: you cannot start a chat about it",
    CHAT_BLOCKED: "You cannot message here: one of you has blocked the other",
    CHAT_USER_DELETED: "This user deleted their account and cannot be messaged",
    CHAT_MESSAGE_NOT_FOUND: "There is no such message in this chat",
    CHAT_REPORT_EXISTS: "You have already reported this chat",
    CHAT_MESSAGES_TOO_FAST: "You are sending messages too fast, wait a moment",
    NOTIFICATION_NOT_FOUND: "Notification not found",
    CHAT_NEW_CHATS_LIMIT: "Too many new chats this hour, try again later",
    SAVED_SEARCH_NOT_FOUND: "Saved search not found",
    SAVED_SEARCH_LIMIT_REACHED: "You can save up to 30 searches: delete some first",
    BUSINESS_NOT_FOUND: "Business not found",
    BUSINESS_EXISTS: "You already have a business: one per account",
    BUSINESS_LINK_TAKEN: "This link is already taken",
    BUSINESS_PHOTO_INVALID: "This photo cannot be used: upload it again",
    BUSINESS_LOCATION_INVALID: "Choose a region and town from the list",
    BUSINESS_PHONE_INVALID: "Choose one of your confirmed phones",
    AD_BUSINESS_INVALID: "An ad can be posted only as your own business",
    INTERNAL: "Something went wrong. We're on it",
    SERVICE_UNAVAILABLE: "The service is temporarily unavailable",
  },
};

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
