import { z } from "zod";
import { recordIdParamSchema } from "./ids.ts";
import { locales } from "./locales.ts";
import { textInput } from "./text.ts";
import { roles, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from "./user-rules.ts";

export const roleSchema = z.enum(roles);

export const usernameSchema = textInput()
  .trim()
  .min(USERNAME_MIN_LENGTH)
  .max(USERNAME_MAX_LENGTH)
  .regex(USERNAME_PATTERN, "Only letters, digits, `_` and `.`")
  .describe("3–30 letters, digits, `_` or `.`; unique (case-insensitive)");

/** A one-time code as typed: 6 digits. */
export const oneTimeCodeSchema = textInput()
  .trim()
  .regex(/^\d{6}$/, "6 digits")
  .describe("The 6-digit one-time code");

export const userPhoneSchema = z.object({
  id: z.number().int(),
  phone: z.string().describe("E.164, e.g. +996700123456"),
  isMain: z.boolean().describe("The phone codes and contact buttons use; exactly one when any exist"),
  confirmed: z.boolean(),
});
export type UserPhone = z.infer<typeof userPhoneSchema>;

/** The signed-in user (`GET /api/user/me`, and `user` in every sign-in answer). */
export const meSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable().describe("URL of the 512 px square WebP, or null"),
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
  phones: z.array(userPhoneSchema),
  roles: z.array(roleSchema),
  codeAccess: z
    .boolean()
    .describe("Granted the dashboard's codes log in code-access (moderators read it then)"),
  favoriteAds: z.array(z.number().int()).describe("Ids of the user's favorite ads"),
  hasPassword: z
    .boolean()
    .describe("False for accounts made by Google or code only: `PATCH /password` then needs no current one"),
  createdAt: z.iso.datetime(),
});
export type Me = z.infer<typeof meSchema>;

export const userIdParamsSchema = z.object({ id: recordIdParamSchema });
export const phoneIdParamsSchema = z.object({ id: recordIdParamSchema });

export const requestPhoneBodySchema = z.object({
  phone: textInput()
    .trim()
    .min(3)
    .max(32)
    .describe("Any format; +996 is assumed without a country code. `PHONE_INVALID` when unusable"),
});
export type RequestPhoneBody = z.infer<typeof requestPhoneBodySchema>;

export const confirmPhoneBodySchema = z.object({
  phone: requestPhoneBodySchema.shape.phone,
  code: oneTimeCodeSchema,
});
export type ConfirmPhoneBody = z.infer<typeof confirmPhoneBodySchema>;

export const requestEmailBodySchema = z.object({
  email: textInput().trim().toLowerCase().max(254).pipe(z.email()),
});
export type RequestEmailBody = z.infer<typeof requestEmailBodySchema>;

export const confirmEmailBodySchema = z.object({
  email: requestEmailBodySchema.shape.email,
  code: oneTimeCodeSchema,
});
export type ConfirmEmailBody = z.infer<typeof confirmEmailBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: textInput()
    .max(256)
    .optional()
    .describe("Required when the account has a password (`PASSWORD_WRONG` when it does not match)"),
  newPassword: textInput()
    .max(256)
    .describe("Rules as at sign-up (`PASSWORD_WEAK` with field errors on `newPassword`)"),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changeUsernameBodySchema = z.object({ username: usernameSchema });
export type ChangeUsernameBody = z.infer<typeof changeUsernameBodySchema>;

/** `PATCH /api/user/locale`: the user switched the interface language (their emails follow it). */
export const changeLocaleBodySchema = z.strictObject({ locale: z.enum(locales) });
export type ChangeLocaleBody = z.infer<typeof changeLocaleBodySchema>;

export const deleteAccountBodySchema = z
  .object({
    password: textInput().min(1).max(256).optional(),
    code: oneTimeCodeSchema
      .optional()
      .describe("A code from `sign-request` with purpose `sign-in` for the account's own login"),
  })
  .refine((body) => body.password !== undefined || body.code !== undefined, {
    message: "Give the password or a code",
    path: ["password"],
  });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
