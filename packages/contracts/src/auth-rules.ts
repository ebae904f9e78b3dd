/**
 * Sign-in rules the pages share with the API: cookie names, code and token lifetimes, the password
 * rules. Schema-free (no zod), so a page importing a constant does not bundle the schemas.
 */
import type { Locale } from "./locales.ts";

/** Names of the two cookies the API sets (both httpOnly, SameSite=Lax). */
export const REFRESH_COOKIE = "unaa_refresh";
export const SESSION_COOKIE = "unaa_session";

export const PASSWORD_MIN_LENGTH = 8;
export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 600;
export const CODE_RESEND_SECONDS = 60;
export const ACCESS_TOKEN_TTL_SECONDS = 900;
export const REFRESH_TOKEN_TTL_DAYS = 30;

/** Why a code is sent. `phone` and `email` confirm a contact added in settings. */
export const signPurposes = ["sign-up", "sign-in", "reset", "phone", "email"] as const;
export type SignPurpose = (typeof signPurposes)[number];

export const codeChannels = ["sms", "email"] as const;
export type CodeChannel = (typeof codeChannels)[number];

/**
 * Field error codes of `PASSWORD_WEAK` (on `password`, or `newPassword` in `PATCH /user/password`):
 * `too_short` (under 8 characters), `common` (in the common-password list), `repetitive` (one
 * character repeated, or only spaces), `equals_login` (the phone, email or username).
 */
export const passwordRuleCodes = ["too_short", "common", "repetitive", "equals_login"] as const;
export type PasswordRuleCode = (typeof passwordRuleCodes)[number];

/** The message of each password rule, as the API puts it in `errors[].message`. */
export const passwordRuleMessages: Record<Locale, Record<PasswordRuleCode, string>> = {
  ru: {
    too_short: `Не меньше ${PASSWORD_MIN_LENGTH} символов`,
    common: "Этот пароль слишком распространён",
    repetitive: "Пароль не может состоять из одного повторяющегося символа или пробелов",
    equals_login: "Пароль не должен совпадать с телефоном, email или именем пользователя",
  },
  ky: {
    too_short: `Кеминде ${PASSWORD_MIN_LENGTH} белги`,
    common: "Бул сырсөз өтө кеңири колдонулат",
    repetitive: "Сырсөз бир эле кайталанган белгиден же боштуктардан турбашы керек",
    equals_login: "Сырсөз телефон, email же колдонуучу аты менен дал келбеши керек",
  },
  en: {
    too_short: `At least ${PASSWORD_MIN_LENGTH} characters`,
    common: "This password is too common",
    repetitive: "The password cannot be one repeated character or only spaces",
    equals_login: "The password must differ from the phone, email and username",
  },
};

export const deviceTypes = ["desktop", "mobile", "tablet"] as const;
export type DeviceType = (typeof deviceTypes)[number];
