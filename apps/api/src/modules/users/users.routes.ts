import {
  changeLocaleBodySchema,
  changePasswordBodySchema,
  changeUsernameBodySchema,
  codeSentSchema,
  confirmEmailBodySchema,
  confirmPhoneBodySchema,
  deleteAccountBodySchema,
  meSchema,
  phoneIdParamsSchema,
  requestEmailBodySchema,
  requestPhoneBodySchema,
} from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errors, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, requireUser } from "../../plugins/auth.ts";
import { MAX_UPLOAD_BYTES, readUploadedFile } from "../../plugins/multipart.ts";
import { createSessionCookies, requestContext } from "../auth/auth.routes.ts";
import type { UsersService } from "./users.service.ts";

const security = [{ bearer: [] }];

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const cookies = createSessionCookies();

  app.get(
    "/me",
    {
      preHandler: requireUser,
      schema: {
        tags: ["user"],
        summary: "The signed-in user",
        security,
        response: { 200: meSchema, 401: unauthorized },
      },
    },
    async (request) => users.getMe(currentUser(request).id),
  );

  app.delete(
    "/me",
    {
      preHandler: requireUser,
      schema: {
        tags: ["user"],
        summary: "Delete the account (needs the password, or a code from sign-request purpose sign-in)",
        description:
          "Personal data is erased (username becomes `deleted-<id>`; email, phones, avatar, password and " +
          "Google link removed), every session ends and the cookies are cleared.",
        security,
        body: deleteAccountBodySchema,
        response: {
          204: z.null().describe("Deleted"),
          400: errors("`PASSWORD_WRONG`, `CODE_INVALID`, `CODE_EXPIRED`, `CODE_ATTEMPTS_EXCEEDED`"),
          401: unauthorized,
          409: errors("`STAFF_LAST_ADMIN` (the site's last live admin: another admin first)"),
        },
      },
    },
    async (request, reply) => {
      await users.deleteAccount(currentUser(request).id, request.body);
      cookies.clear(request, reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/avatar",
    {
      preHandler: requireUser,
      schema: {
        tags: ["user"],
        summary: "Upload an avatar: multipart/form-data, field `file`",
        description:
          "JPEG, PNG, WebP or HEIC (recognised by content, not by name), at most 10 MB and 60 megapixels. " +
          "Stored as a 512 px square WebP without any metadata (EXIF, GPS).",
        consumes: ["multipart/form-data"],
        security,
        response: {
          200: meSchema,
          400: errors("`FILE_REQUIRED`"),
          401: unauthorized,
          413: errors("`PAYLOAD_TOO_LARGE` (over 10 MB), `IMAGE_TOO_LARGE` (too many pixels)"),
          415: errors("`IMAGE_UNSUPPORTED`"),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const data = await readUploadedFile(request, MAX_UPLOAD_BYTES, "PAYLOAD_TOO_LARGE");
      return users.uploadAvatar(user.id, data);
    },
  );

  app.delete(
    "/avatar",
    {
      preHandler: requireUser,
      schema: {
        tags: ["user"],
        summary: "Remove the avatar",
        security,
        response: { 200: meSchema, 401: unauthorized },
      },
    },
    async (request) => users.deleteAvatar(currentUser(request).id),
  );

  app.post(
    "/request-phone",
    {
      preHandler: requireUser,
      schema: {
        tags: ["user"],
        summary: "Send a code to a phone to add it",
        security,
        body: requestPhoneBodySchema,
        response: {
          200: codeSentSchema,
          400: errors("`PHONE_INVALID`"),
          401: unauthorized,
          409: errors("`PHONE_TAKEN` (another account), `CONFLICT` (already yours)"),
          429: errors("`CODE_RESEND_TOO_SOON`, `RATE_LIMITED`"),
        },
      },
    },
    async (request) =>
      users.requestPhone(currentUser(request).id, request.body.phone, requestContext(request)),
  );

  app.post(
    "/confirm-phone",
    {
      preHandler: requireUser,
      schema: {
        tags: ["user"],
        summary: "Add the phone with its code; the first phone becomes the main one",
        security,
        body: confirmPhoneBodySchema,
        response: {
          200: meSchema,
          400: errors("`PHONE_INVALID`, `CODE_INVALID`, `CODE_EXPIRED`, `CODE_ATTEMPTS_EXCEEDED`"),
          401: unauthorized,
          409: errors("`PHONE_TAKEN`, `CONFLICT`"),
        },
      },
    },
    async (request) => users.confirmPhone(currentUser(request).id, request.body.phone, request.body.code),
  );

  app.patch(
    "/phone/:id/main",
    {
      preHandler: requireUser,
      schema: {
        tags: ["user"],
        summary: "Make a phone the main one",
        security,
        params: phoneIdParamsSchema,
        response: { 200: meSchema, 401: unauthorized, 404: errors("`NOT_FOUND`") },
      },
    },
    async (request) => users.setMainPhone(currentUser(request).id, request.params.id),
  );

  app.delete(
    "/phone/:id",
    {
      preHandler: requireUser,
      schema: {
        tags: ["user"],
        summary: "Remove a phone",
        security,
        params: phoneIdParamsSchema,
        response: {
          200: meSchema,
          400: errors("`PHONE_LAST`: the only way left to sign in"),
          401: unauthorized,
          404: errors("`NOT_FOUND`"),
        },
      },
    },
    async (request) => users.deletePhone(currentUser(request).id, request.params.id),
  );

  app.post(
    "/request-email",
    {
      preHandler: requireUser,
      schema: {
        tags: ["user"],
        summary: "Send a code to an email to set it",
        security,
        body: requestEmailBodySchema,
        response: {
          200: codeSentSchema,
          400: errors("`VALIDATION_FAILED`"),
          401: unauthorized,
          409: errors("`EMAIL_TAKEN`, `CONFLICT`"),
          429: errors("`CODE_RESEND_TOO_SOON`, `RATE_LIMITED`"),
        },
      },
    },
    async (request) =>
      users.requestEmail(currentUser(request).id, request.body.email, requestContext(request)),
  );

  app.patch(
    "/confirm-email",
    {
      preHandler: requireUser,
      schema: {
        tags: ["user"],
        summary: "Set the email with its code",
        security,
        body: confirmEmailBodySchema,
        response: {
          200: meSchema,
          400: errors("`CODE_INVALID`, `CODE_EXPIRED`, `CODE_ATTEMPTS_EXCEEDED`"),
          401: unauthorized,
          409: errors("`EMAIL_TAKEN`"),
        },
      },
    },
    async (request) => users.confirmEmail(currentUser(request).id, request.body.email, request.body.code),
  );

  app.patch(
    "/password",
    {
      preHandler: requireUser,
      schema: {
        tags: ["user"],
        summary: "Change the password; every other session ends",
        security,
        body: changePasswordBodySchema,
        response: {
          204: z.null().describe("Changed"),
          400: errors("`PASSWORD_WRONG` (on `currentPassword`), `PASSWORD_WEAK` (on `newPassword`)"),
          401: unauthorized,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await users.changePassword(user.id, user.sessionId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    "/locale",
    {
      preHandler: requireUser,
      schema: {
        tags: ["user"],
        summary: "Remember the interface language the user switched to (notification emails use it)",
        description: "Sign-in and refresh remember the language of their page too (`X-Lang`).",
        security,
        body: changeLocaleBodySchema,
        response: {
          204: z.null().describe("Remembered"),
          400: errors("`VALIDATION_FAILED`"),
          401: unauthorized,
        },
      },
    },
    async (request, reply) => {
      await users.setLocale(currentUser(request).id, request.body.locale);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    "/username",
    {
      preHandler: requireUser,
      schema: {
        tags: ["user"],
        summary: "Change the username",
        security,
        body: changeUsernameBodySchema,
        response: {
          200: meSchema,
          400: errors("`VALIDATION_FAILED`"),
          401: unauthorized,
          409: errors("`USERNAME_TAKEN`"),
        },
      },
    },
    async (request) => users.changeUsername(currentUser(request).id, request.body.username),
  );
};
