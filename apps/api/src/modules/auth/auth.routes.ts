import {
  authResultSchema,
  codeSentSchema,
  googleLoginBodySchema,
  REFRESH_COOKIE,
  REFRESH_TOKEN_TTL_DAYS,
  resetPasswordBodySchema,
  SESSION_COOKIE,
  sendResetCodeBodySchema,
  sessionIdParamsSchema,
  sessionListSchema,
  signInBodySchema,
  signRequestBodySchema,
  signUpBodySchema,
} from "@unaa/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { AppError } from "../../errors.ts";
import { errors } from "../../lib/route-errors.ts";
import { currentUser, requireUser } from "../../plugins/auth.ts";
import type { RequestContext } from "../users/users.service.ts";
import type { AuthService, SignedIn } from "./auth.service.ts";

const MAX_AGE_SECONDS = REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60;

/** Per-IP request limits of whole routes (the code and sign-in limits live in the services). */
export interface AuthRouteLimits {
  signRequestPerHour: number;
  signUpPerHour: number;
  signInPerMinute: number;
}

export const defaultAuthRouteLimits: AuthRouteLimits = {
  signRequestPerHour: 30,
  signUpPerHour: 10,
  signInPerMinute: 30,
};

const noContent = z.null().describe("No content");

export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, locale: request.locale };
}

/**
 * The cookies of a session. `Secure` when the request came over HTTPS (behind a TLS proxy: with
 * TRUST_PROXY, as HSTS); plain HTTP (development, tests, `npm start` opened from another device on
 * the network) would otherwise lose them, production mode or not (decision 037).
 */
export function createSessionCookies() {
  const options = (request: FastifyRequest, path: string) =>
    ({
      httpOnly: true,
      sameSite: "lax",
      secure: request.protocol === "https",
      path,
    }) as const;
  return {
    set(request: FastifyRequest, reply: FastifyReply, signed: SignedIn) {
      reply.setCookie(REFRESH_COOKIE, signed.session.refreshToken, {
        ...options(request, "/api/auth"),
        maxAge: MAX_AGE_SECONDS,
      });
      reply.setCookie(SESSION_COOKIE, signed.session.sessionId, {
        ...options(request, "/"),
        maxAge: MAX_AGE_SECONDS,
        signed: true,
      });
    },
    clear(request: FastifyRequest, reply: FastifyReply) {
      reply.clearCookie(REFRESH_COOKIE, options(request, "/api/auth"));
      reply.clearCookie(SESSION_COOKIE, options(request, "/"));
    },
  };
}

/**
 * CSRF: the calls that read or set the session cookies come from our own pages. A browser sends
 * `Origin` on every cross-site POST; when it names another site the call is refused (400, not
 * 403, because 403 means "blocked" to the client).
 */
export function createOriginCheck(config: Config) {
  return async function checkOrigin(request: FastifyRequest): Promise<void> {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && origin !== config.publicOrigin) throw new AppError("ORIGIN_MISMATCH");
  };
}

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  config: Config;
  limits?: AuthRouteLimits;
}> = async (app, { auth, config, limits = defaultAuthRouteLimits }) => {
  const cookies = createSessionCookies();
  app.addHook("onRequest", createOriginCheck(config));

  const perIp = (max: number, timeWindow: number) => ({ rateLimit: { max, timeWindow } });
  const signedInAnswer = async (request: FastifyRequest, reply: FastifyReply, signed: SignedIn) => {
    cookies.set(request, reply, signed);
    return { user: signed.user, accessToken: signed.session.accessToken };
  };

  app.post(
    "/sign-request",
    {
      config: perIp(limits.signRequestPerHour, 3_600_000),
      schema: {
        tags: ["auth"],
        summary: "Send a one-time code (sign-up, sign-in, reset, or to confirm a phone or email)",
        description:
          "Sends a 6-digit code by SMS (phone) or email, valid 10 minutes, 5 wrong tries. At most 1 code a " +
          "minute (`CODE_RESEND_TOO_SOON`) and 5 an hour (`RATE_LIMITED`) per phone/email and per IP, with " +
          "`Retry-After`; also limited per IP network, per account, per country and by the site's SMS budget. " +
          "Sign-in and reset answer an unknown login exactly like a known one (no code is sent). " +
          "Purposes `phone` and `email` need the Bearer token (same as `/user/request-phone`).",
        body: signRequestBodySchema,
        response: {
          200: codeSentSchema,
          400: errors("`LOGIN_INVALID`, `PHONE_INVALID`, `VALIDATION_FAILED`, `ORIGIN_MISMATCH`"),
          403: errors("`BLOCKED`"),
          409: errors("`ACCOUNT_EXISTS` (sign-up), `PHONE_TAKEN`, `EMAIL_TAKEN`"),
          429: errors("`CODE_RESEND_TOO_SOON`, `RATE_LIMITED`; see `Retry-After`"),
          503: errors("`CODE_DELIVERY_FAILED`"),
        },
      },
    },
    async (request) =>
      auth.requestCode(
        request.body.purpose,
        request.body.login,
        request.user?.id ?? null,
        requestContext(request),
      ),
  );

  app.post(
    "/sign-up",
    {
      config: perIp(limits.signUpPerHour, 3_600_000),
      schema: {
        tags: ["auth"],
        summary: "Create an account with the code from sign-request (purpose sign-up) (cred)",
        description:
          "Sets the `unaa_refresh` (Path=/api/auth) and `unaa_session` (Path=/) cookies. `PASSWORD_WEAK` " +
          "lists the broken rules as field errors on `password`: `too_short`, `common`, `repetitive`, `equals_login`.",
        body: signUpBodySchema,
        response: {
          200: authResultSchema,
          400: errors(
            "`CODE_INVALID`, `CODE_EXPIRED`, `CODE_ATTEMPTS_EXCEEDED`, `PASSWORD_WEAK`, `LOGIN_INVALID`",
          ),
          409: errors("`USERNAME_TAKEN`, `ACCOUNT_EXISTS`"),
          429: errors("`RATE_LIMITED`"),
        },
      },
    },
    async (request, reply) =>
      signedInAnswer(request, reply, await auth.signUp(request.body, requestContext(request))),
  );

  app.post(
    "/sign-in",
    {
      config: perIp(limits.signInPerMinute, 60_000),
      schema: {
        tags: ["auth"],
        summary: "Sign in with a password or a code (cred)",
        description:
          "After 10 failed passwords for one login in 15 minutes, passwords answer `CODE_REQUIRED` (401) " +
          "until the window passes: sign in with a code (sign-request purpose `sign-in`) instead.",
        body: signInBodySchema,
        response: {
          200: authResultSchema,
          400: errors("`LOGIN_INVALID`, `CODE_INVALID`, `CODE_EXPIRED`, `CODE_ATTEMPTS_EXCEEDED`"),
          401: errors("`CREDENTIALS_INVALID`, `CODE_REQUIRED` (with `Retry-After`)"),
          403: errors("`BLOCKED`"),
          429: errors("`RATE_LIMITED`"),
        },
      },
    },
    async (request, reply) =>
      signedInAnswer(request, reply, await auth.signIn(request.body, requestContext(request))),
  );

  app.post(
    "/send-reset-password-code",
    {
      config: perIp(limits.signRequestPerHour, 3_600_000),
      schema: {
        tags: ["auth"],
        summary: "Send a password-reset code (same as sign-request with purpose reset)",
        body: sendResetCodeBodySchema,
        response: {
          200: codeSentSchema,
          400: errors("`LOGIN_INVALID`"),
          403: errors("`BLOCKED`"),
          429: errors("`CODE_RESEND_TOO_SOON`, `RATE_LIMITED`"),
        },
      },
    },
    async (request) => auth.requestCode("reset", request.body.login, null, requestContext(request)),
  );

  app.post(
    "/reset-password",
    {
      config: perIp(limits.signUpPerHour, 3_600_000),
      schema: {
        tags: ["auth"],
        summary: "Set a new password with a reset code; every other session ends (cred)",
        body: resetPasswordBodySchema,
        response: {
          200: authResultSchema,
          400: errors(
            "`CODE_INVALID` (also for an unknown login), `CODE_EXPIRED`, `CODE_ATTEMPTS_EXCEEDED`, `PASSWORD_WEAK`",
          ),
          403: errors("`BLOCKED`"),
        },
      },
    },
    async (request, reply) =>
      signedInAnswer(request, reply, await auth.resetPassword(request.body, requestContext(request))),
  );

  app.post(
    "/google-login",
    {
      config: perIp(limits.signInPerMinute, 60_000),
      schema: {
        tags: ["auth"],
        summary: "Sign in with a Google ID token (cred)",
        description:
          "Checks the token's signature (Google's JWKS), audience (our client id), issuer and expiry. " +
          "Links to the account with the same confirmed email, else creates one.",
        body: googleLoginBodySchema,
        response: {
          200: authResultSchema,
          401: errors("`GOOGLE_TOKEN_INVALID`"),
          403: errors("`BLOCKED`"),
        },
      },
    },
    async (request, reply) =>
      signedInAnswer(request, reply, await auth.googleLogin(request.body, requestContext(request))),
  );

  app.post(
    "/refresh",
    {
      schema: {
        tags: ["auth"],
        summary: "New access token for the refresh cookie; rotates the cookie (cred)",
        description:
          "A missing, expired, unknown or already rotated token, an ended session or a blocked user " +
          "answer 403 and clear the cookies. Presenting a rotated token again ends its session.",
        response: { 200: authResultSchema, 403: errors("`SESSION_ENDED`, `BLOCKED`") },
      },
    },
    async (request, reply) => {
      try {
        return await signedInAnswer(
          request,
          reply,
          await auth.refresh(request.cookies[REFRESH_COOKIE], request.locale),
        );
      } catch (error) {
        if (error instanceof AppError && error.status === 403) cookies.clear(request, reply);
        throw error;
      }
    },
  );

  app.post(
    "/token",
    {
      preHandler: requireUser,
      schema: {
        tags: ["auth"],
        summary: "The caller's active sessions, newest first (cred)",
        security: [{ bearer: [] }],
        response: { 200: sessionListSchema, 401: errors("`UNAUTHORIZED`, `TOKEN_EXPIRED`") },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { sessions: await auth.listSessions(user.id, user.sessionId) };
    },
  );

  app.delete(
    "/token/all",
    {
      preHandler: requireUser,
      schema: {
        tags: ["auth"],
        summary: "End every session of the caller except the current one (cred)",
        response: { 204: noContent, 401: errors("`UNAUTHORIZED`") },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await auth.endOtherSessions(user.id, user.sessionId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/token/:id",
    {
      preHandler: requireUser,
      schema: {
        tags: ["auth"],
        summary: "End one session of the caller (cred)",
        params: sessionIdParamsSchema,
        response: {
          204: noContent,
          401: errors("`UNAUTHORIZED`"),
          404: errors("`NOT_FOUND`: not the caller's"),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await auth.endSession(user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/logout",
    {
      schema: {
        tags: ["auth"],
        summary: "End the current session and clear the cookies; succeeds whatever their state (cred)",
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await auth.logout(request.cookies[REFRESH_COOKIE], request.user?.sessionId);
      cookies.clear(request, reply);
      return reply.status(204).send(null);
    },
  );
};
