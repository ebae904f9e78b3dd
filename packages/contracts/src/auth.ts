import { z } from "zod";
import { codeChannels, deviceTypes, signPurposes } from "./auth-rules.ts";
import { textInput } from "./text.ts";
import { meSchema, oneTimeCodeSchema, usernameSchema } from "./user.ts";

/** Spec S3.6: the device type plus "Web Desktop" or "Web Mobile", e.g. "Windows Web Desktop". */
export const deviceSchema = z.object({
  type: z.enum(deviceTypes),
  label: textInput().trim().min(1).max(100).describe('e.g. "Windows Web Desktop", "iPhone Web Mobile"'),
});
export type Device = z.infer<typeof deviceSchema>;

export const sourceSchema = textInput().max(512).describe("The browser's user agent");

export const loginSchema = textInput()
  .trim()
  .min(3)
  .max(254)
  .describe(
    "A phone in any format (normalised to E.164; +996 when no country code is given) or an email " +
      "(lower-cased). `LOGIN_INVALID` when it is neither",
  );

/** Not checked against the rules here: the server answers `PASSWORD_WEAK` with field errors. */
export const passwordSchema = textInput().min(1).max(256);

export const signRequestBodySchema = z.object({
  purpose: z.enum(signPurposes),
  login: loginSchema,
});
export type SignRequestBody = z.infer<typeof signRequestBodySchema>;

export const codeSentSchema = z.object({
  channel: z.enum(codeChannels),
  sentTo: z.string().describe('Masked destination: "+996 *** *** 456" or "a***@mail.kg"'),
  expiresInSeconds: z.number().int().describe("600"),
  resendInSeconds: z.number().int().describe("60: when the next code may be asked for"),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

export const signUpBodySchema = z.object({
  login: loginSchema,
  code: oneTimeCodeSchema,
  username: usernameSchema,
  password: passwordSchema,
  device: deviceSchema,
  source: sourceSchema,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInBodySchema = z
  .object({
    login: loginSchema,
    password: passwordSchema.optional().describe("Either `password`…"),
    code: oneTimeCodeSchema.optional().describe("…or a code from `sign-request` with purpose `sign-in`"),
    device: deviceSchema,
    source: sourceSchema,
  })
  .refine((body) => body.password !== undefined || body.code !== undefined, {
    message: "Give the password or a code",
    path: ["password"],
  });
export type SignInBody = z.infer<typeof signInBodySchema>;

export const sendResetCodeBodySchema = z.object({ login: loginSchema });
export type SendResetCodeBody = z.infer<typeof sendResetCodeBodySchema>;

export const resetPasswordBodySchema = z.object({
  login: loginSchema,
  code: oneTimeCodeSchema,
  password: passwordSchema,
  device: deviceSchema,
  source: sourceSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const googleLoginBodySchema = z.object({
  idToken: textInput().min(1).max(4096).describe("The Google ID token (a JWT) from Google Identity Services"),
  device: deviceSchema,
  source: sourceSchema,
});
export type GoogleLoginBody = z.infer<typeof googleLoginBodySchema>;

/** Every sign-in answer and the refresh answer (spec S3.7). */
export const authResultSchema = z.object({
  user: meSchema,
  accessToken: z.string().describe("JWT (HS256), 15 minutes; send as `Authorization: Bearer …`"),
});
export type AuthResult = z.infer<typeof authResultSchema>;

export const sessionSchema = z.object({
  id: z.uuid(),
  device: deviceSchema,
  source: z.string(),
  ip: z.string(),
  city: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  current: z.boolean().describe("The session the call was made with"),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.object({ sessions: z.array(sessionSchema).describe("Newest first") });
export type SessionList = z.infer<typeof sessionListSchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid() });

/** Claims of the access token. */
export interface AccessTokenClaims {
  sub: string;
  sid: string;
  roles: string[];
}
