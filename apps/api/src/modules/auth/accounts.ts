import { SESSION_COOKIE } from "@unaa/contracts";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../../config.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { createGoogleVerifier } from "../../lib/google-id-token.ts";
import { type CodeSender, createChannelSender } from "../../lib/senders/code-sender.ts";
import { createOutboxSender } from "../../lib/senders/outbox.ts";
import { createSmsHttpSender } from "../../lib/senders/sms-http.ts";
import { createSmtpSender } from "../../lib/senders/smtp.ts";
import type { FileStorage } from "../../lib/storage.ts";
import type { AuthKeys } from "../../lib/tokens.ts";
import { authPlugin } from "../../plugins/auth.ts";
import { usersRoutes } from "../users/users.routes.ts";
import { type AccountDeletionHook, createUsersService, type UsersService } from "../users/users.service.ts";
import { authRoutes } from "./auth.routes.ts";
import { type AuthService, createAuthService } from "./auth.service.ts";
import { insertOutboxMessage } from "./codes.repository.ts";
import { createCodesService } from "./codes.service.ts";
import { createSessionsService, type SessionsService } from "./sessions.service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The accounts services, for other modules (the dashboard blocks users) and tests. */
    accounts: Accounts;
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface Accounts {
  auth: AuthService;
  sessions: SessionsService;
  users: UsersService;
  storage: FileStorage;
  /** For SSR page gates: the viewer of the `unaa_session` cookie, among the request's parsed cookies. */
  resolveViewer(cookies: RequestCookies): ReturnType<SessionsService["findViewer"]>;
  /**
   * The access-token check (`request.user`) and the `/auth` and `/user` routes: register first
   * inside the `/api` scope, so every API route sees `request.user`.
   */
  apiRoutes: FastifyPluginAsync;
}

/** A request's cookies as @fastify/cookie parsed them (`request.cookies`). */
export type RequestCookies = Readonly<Record<string, string | undefined>>;

export interface AccountsOptions {
  config: Config;
  database: DatabaseHandle;
  /** The keys derived from the server secret (the app signs cookies with one of them). */
  keys: AuthKeys;
  /** Where avatars go: the one storage of the app. */
  storage: FileStorage;
  /** Other domains' clean-up when an account is deleted (ads, chats). */
  deletionHooks?: AccountDeletionHook[];
}

/**
 * Everything accounts need, wired once: the code sender of the configuration and the services.
 * Call on the root instance after the app's plugins (cookies, rate limits, multipart), before the
 * API routes.
 */
export async function setUpAccounts(app: FastifyInstance, options: AccountsOptions): Promise<Accounts> {
  const { config, database, storage, keys } = options;
  const db = database.db;
  const sender = createCodeSender(app, config, database);
  // The demo's visitors read their codes in the log; a site for real users must send them.
  if (config.isProduction && !config.seedDemo && config.codeDelivery === "outbox") {
    app.log.warn(
      "CODE_DELIVERY=outbox in production without demo data: codes are only written to the log and the outbox table",
    );
  }

  const counter = (name: string, max: number, windowMs: number, code?: "CODE_RESEND_TOO_SOON") =>
    app.createRateCounter({ name, max, windowMs, ...(code ? { code } : {}) });
  const codes = createCodesService({
    db,
    codeKey: keys.oneTimeCode,
    sender,
    limits: {
      perDestinationMinute: counter("code-login-minute", 1, MINUTE, "CODE_RESEND_TOO_SOON"),
      perDestinationHour: counter("code-login-hour", 5, HOUR),
      perIpMinute: counter("code-ip-minute", 1, MINUTE, "CODE_RESEND_TOO_SOON"),
      perIpHour: counter("code-ip-hour", 5, HOUR),
      perNetworkHour: counter("code-network-hour", 20, HOUR),
      perAccountHour: counter("code-account-hour", 5, HOUR),
      perForeignCountryHour: counter("sms-country-hour", 20, HOUR),
      smsBudgetHour: counter("sms-budget-hour", config.smsHourlyBudget, HOUR),
    },
    log: app.log,
  });
  const sessions = createSessionsService({ db, keys });
  const users = createUsersService({
    db,
    codes,
    sessions,
    storage,
    ...(options.deletionHooks ? { deletionHooks: options.deletionHooks } : {}),
  });
  const auth = createAuthService({
    db,
    codes,
    sessions,
    users,
    verifyGoogleIdToken: createGoogleVerifier(config.google),
    signInFailures: counter("sign-in-failures", 10, 15 * MINUTE),
  });

  // Not encapsulated: the access-token check must cover every route of the /api scope.
  const apiRoutes = fp(
    async (api: FastifyInstance) => {
      await api.register(authPlugin, { resolveAccessToken: (token) => sessions.resolveAccessToken(token) });
      await api.register(authRoutes, { prefix: "/auth", auth, config });
      await api.register(usersRoutes, { prefix: "/user", users });
    },
    { name: "unaa-accounts-api" },
  );

  const accounts: Accounts = {
    auth,
    sessions,
    users,
    storage,
    resolveViewer: (cookies) => sessions.findViewer(readSessionId(app, cookies[SESSION_COOKIE])),
    apiRoutes,
  };
  app.decorate("accounts", accounts);
  return accounts;
}

/**
 * The session id of a genuine `unaa_session` value (signed by @fastify/cookie), else null.
 * Cookies signed before the plugin did it carry the same HMAC in base64url: still accepted, and
 * replaced by the next refresh (decision 020: delete this fallback 30 days after that deploy).
 */
function readSessionId(app: FastifyInstance, value: string | undefined): string | null {
  if (!value) return null;
  const signed = app.unsignCookie(value);
  if (signed.valid) return signed.value;
  const legacy = app.unsignCookie(value.replace(/[-_](?=[^.]*$)/g, (char) => (char === "-" ? "+" : "/")));
  return legacy.valid ? legacy.value : null;
}

function createCodeSender(app: FastifyInstance, config: Config, database: DatabaseHandle): CodeSender {
  if (config.codeDelivery === "outbox" || !config.smtp || !config.smsGateway) {
    return createOutboxSender(
      (message) =>
        insertOutboxMessage(database.db, {
          channel: message.channel,
          destination: message.to,
          subject: message.subject,
          body: message.text,
        }),
      app.log,
    );
  }
  const smtp = createSmtpSender(config.smtp);
  app.addHook("onClose", async () => smtp.close());
  return createChannelSender({ email: smtp, sms: createSmsHttpSender(config.smsGateway) });
}
