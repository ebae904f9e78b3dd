import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../../config.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { resolveAuthSecret } from "../../lib/auth-secret.ts";
import { createGoogleVerifier } from "../../lib/google-id-token.ts";
import { type CodeSender, createChannelSender } from "../../lib/senders/code-sender.ts";
import { createOutboxSender } from "../../lib/senders/outbox.ts";
import { createSmsHttpSender } from "../../lib/senders/sms-http.ts";
import { createSmtpSender } from "../../lib/senders/smtp.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { deriveAuthKeys } from "../../lib/tokens.ts";
import { authPlugin } from "../../plugins/auth.ts";
import { multipartUploads } from "../../plugins/multipart.ts";
import { rateLimits } from "../../plugins/rate-limit.ts";
import { uploadsRoutes } from "../users/uploads.routes.ts";
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
  /** For SSR page gates: the viewer of the `unaa_session` cookie. */
  resolveViewer: SessionsService["resolveViewer"];
  /**
   * The access-token check (`request.user`) and the `/auth` and `/user` routes: register first
   * inside the `/api` scope, so every API route sees `request.user`.
   */
  apiRoutes: FastifyPluginAsync;
}

export interface AccountsOptions {
  config: Config;
  database: DatabaseHandle;
  /** Where avatars go (and `/uploads/*` reads from): the one storage of the app. */
  storage: FileStorage;
  /** Other domains' clean-up when an account is deleted (ads, chats). */
  deletionHooks?: AccountDeletionHook[];
}

/**
 * Everything accounts need, wired once: cookies, rate limits, uploads, the code sender of the
 * configuration, the services, and `/uploads/*`. Call on the root instance before the API routes.
 */
export async function setUpAccounts(app: FastifyInstance, options: AccountsOptions): Promise<Accounts> {
  const { config, database, storage } = options;
  const db = database.db;
  if (!app.hasDecorator("parseCookie")) await app.register(cookie);
  await app.register(rateLimits, { redisUrl: config.redisUrl });
  await app.register(multipartUploads);

  const keys = deriveAuthKeys(resolveAuthSecret(config));
  const sender = createCodeSender(app, config, database);
  if (config.isProduction && config.codeDelivery === "outbox") {
    app.log.warn(
      "CODE_DELIVERY=outbox in production: codes are only written to the log and the outbox table",
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
    },
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

  await app.register(uploadsRoutes, { storage });

  // Not encapsulated: the access-token check must cover every route of the /api scope.
  const apiRoutes = fp(
    async (api: FastifyInstance) => {
      await api.register(authPlugin, { resolveAccessToken: (token) => sessions.resolveAccessToken(token) });
      await api.register(authRoutes, { prefix: "/auth", auth, config });
      await api.register(usersRoutes, { prefix: "/user", users, config });
    },
    { name: "unaa-accounts-api" },
  );

  const accounts: Accounts = {
    auth,
    sessions,
    users,
    storage,
    resolveViewer: (header) => sessions.resolveViewer(header),
    apiRoutes,
  };
  app.decorate("accounts", accounts);
  return accounts;
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
