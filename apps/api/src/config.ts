import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

// The only reader of `process.env` on the server. Parsed once at start; a bad value stops
// the process with a message that names every bad variable.

/** A switch whose default depends on other settings: unset and "" leave it undefined. */
const optionalFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => (value ? value === "true" || value === "1" : undefined));

/** Unset and "" both mean "not configured". */
const optionalText = z
  .string()
  .optional()
  .transform((value) => value || undefined);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: optionalFlag,
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context): TrustedProxies => {
      const text = (value ?? "").trim().toLowerCase();
      if (text === "" || text === "false" || text === "0") return false;
      // "true" once meant "trust any"; it is now the common case of one proxy in front.
      if (text === "true") return 1;
      if (/^\d+$/.test(text)) return Number(text);
      const addresses = text.split(",").map((entry) => entry.trim());
      const bad = addresses.filter((entry) => !isProxyAddress(entry));
      if (bad.length === 0) return addresses;
      context.addIssue({
        code: "custom",
        message: `must be a number of proxies (e.g. 1) or their addresses/CIDRs, comma-separated (not: ${bad.join(", ")})`,
      });
      return z.NEVER;
    }),
  ANALYTICS_SITE_ID: z.string().regex(/^\d+$/, "must be the numeric counter id").optional().or(z.literal("")),
  ANALYTICS_SCRIPT_URL: z.url({ protocol: /^https$/ }).default("https://mc.yandex.ru/metrika/tag.js"),
  // Business pages' map (issue 15): an https tile template with {z}, {x}, {y} (and optionally {s}).
  MAP_TILE_URL: z
    .string()
    .regex(
      /^https:\/\/[^/\s]+\/\S*\{z\}\S*\{x\}\S*\{y\}\S*$/,
      "must be an https tile URL with {z}, {x} and {y}",
    )
    .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  MAP_TILE_ATTRIBUTION: z.string().min(1).max(300).default("© OpenStreetMap contributors"),
  // Accounts (issue 3)
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  CODE_DELIVERY: z.enum(["outbox", "live"]).default("outbox"),
  SMTP_HOST: optionalText,
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
  SMTP_USER: optionalText,
  SMTP_PASSWORD: optionalText,
  SMTP_FROM: optionalText,
  SMS_GATEWAY_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SMS_GATEWAY_KEY: optionalText,
  SMS_HOURLY_BUDGET: z.coerce.number().int().min(1).default(1000),
  AD_VIEWS_FLUSH_MS: z.coerce.number().int().min(100).default(5_000),
  JOB_WORKERS: optionalFlag,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: z.url({ protocol: /^https?$/ }).default("https://www.googleapis.com/oauth2/v3/certs"),
  GOOGLE_ISSUERS: z.string().default("accounts.google.com,https://accounts.google.com"),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
  // Web push (issue 14)
  VAPID_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,90}$/, "must be a base64url P-256 public key")
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,45}$/, "must be a base64url P-256 private key")
      .optional(),
  ),
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(https:\/\/|mailto:)\S+$/, "must be an https: URL or a mailto: address")
      .optional(),
  ),
  // Money (issue 16, decision 061)
  PAYMENT_SANDBOX: optionalFlag,
  SANDBOX_WEBHOOK_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  FREEDOMPAY_MERCHANT_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,20}$/, "must be the numeric merchant id")
      .optional(),
  ),
  FREEDOMPAY_SECRET_KEY: optionalText,
  FREEDOMPAY_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.freedompay.kg"),
  FREEDOMPAY_TESTING_MODE: optionalFlag,
  // Uploaded files (issue 5)
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
});

export type Env = z.infer<typeof envSchema>;

export type TrustedProxies = false | number | string[];

/** An IP address or a CIDR range ("10.0.0.0/8", "fd00::/8"). */
function isProxyAddress(entry: string): boolean {
  const [address = "", bits, ...rest] = entry.split("/");
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

export interface Config {
  env: Env["NODE_ENV"];
  /**
   * NODE_ENV=production: the production server (`npm start`, deployments, browser tests), with
   * React's production build. Says nothing about the data: demo data is `seedDemo` (decision 037).
   */
  isProduction: boolean;
  /**
   * A new database gets the demo accounts and ads (SEED_DEMO; unset: yes on the embedded database,
   * no with DATABASE_URL).
   */
  seedDemo: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The site's public address for canonical links, sharing tags, hreflang and the sitemap: always
   * PUBLIC_ORIGIN, else `http://localhost:$PORT` — never a request's Host header (host poisoning).
   * With PORT=0 the server replaces it with the port it got once listening.
   */
  publicOrigin: string;
  logLevel: Env["LOG_LEVEL"];
  /**
   * Which `X-Forwarded-*` to believe: false (none), a number of proxy hops in front of the app, or
   * the proxies' addresses/CIDRs. Never "any": a client could then pick its own address.
   */
  trustProxy: TrustedProxies;
  analyticsSiteId: string | undefined;
  analyticsScriptUrl: string;
  /** The business pages' map tiles and the attribution they require. */
  mapTiles: { url: string; attribution: string };
  /**
   * HMAC and JWT key. Unset (development, tests, the embedded database): one is generated and kept in
   * DATA_DIR/secret. Required in production with DATABASE_URL, where processes must share it.
   */
  authSecret: string | undefined;
  /** `outbox`: codes go to a table and the log; `live`: SMTP for email, the SMS gateway for phones. */
  codeDelivery: "outbox" | "live";
  smtp: SmtpConfig | undefined;
  smsGateway: { url: string; key: string } | undefined;
  /** At most this many SMS codes an hour for the whole site (SMS pumping); a warning is logged when hit. */
  smsHourlyBudget: number;
  /** How often the views counted in memory are written to the ads (decision 045). */
  adViewsFlushMs: number;
  /** Whether this process works background jobs and creates the scheduled ones (decision 050). */
  jobWorkers: boolean;
  google: { clientId: string | undefined; jwksUrl: string; issuers: string[] };
  redisUrl: string | undefined;
  /**
   * How many processes serve the site on this host (decision 081): SERVER_PROCESSES, unset one per
   * core with PostgreSQL and Redis (what the processes share: data, rate limits, sockets, cache
   * drops), else one (the embedded database belongs to one process).
   */
  processes: number;
  /**
   * Web push keys (VAPID_*); unset: a pair is generated and kept in DATA_DIR/vapid.json. The subject
   * defaults to the public address (https) or a mailto: at its host.
   */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string | undefined };
  /** Where uploads (avatars, ad photos) are kept: DATA_DIR/uploads, or an S3-compatible bucket. */
  storage: { driver: "local" } | S3StorageConfig;
  /**
   * Top-ups (decision 061). The sandbox provider (PAYMENT_SANDBOX; unset: on outside production and on
   * demo data) credits balances without money: never on a real site. Its notices are signed with
   * SANDBOX_WEBHOOK_SECRET, unset: a key derived from the auth secret.
   */
  payments: { sandbox: boolean; sandboxSecret: string | undefined; freedomPay: FreedomPayConfig | undefined };
}

/** Freedom Pay (PayBox) merchant account: FREEDOMPAY_MERCHANT_ID and FREEDOMPAY_SECRET_KEY turn it on. */
export interface FreedomPayConfig {
  merchantId: string;
  secretKey: string;
  /** Without a trailing slash. */
  apiUrl: string;
  testingMode: boolean;
}

export interface S3StorageConfig {
  driver: "s3";
  /** MinIO, Ceph, another provider (path-style URLs); unset: AWS S3 of the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the AWS SDK's default chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where browsers fetch the files (bucket website or CDN, no trailing slash); unset: the app serves them at /uploads. */
  publicUrl: string | undefined;
}

export interface SmtpConfig {
  host: string;
  port: number;
  user: string | undefined;
  password: string | undefined;
  from: string;
}

/** The public origin when PUBLIC_ORIGIN is unset, as the README documents it. */
export function defaultPublicOrigin(port: number): string {
  return `http://localhost:${port}`;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseConfig(source: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const problems = [
    // With the embedded database there is one process, and the secret it generates lives in DATA_DIR
    // beside the data; with PostgreSQL, every process must sign with the same one.
    env.NODE_ENV === "production" &&
      env.DATABASE_URL &&
      !env.AUTH_SECRET &&
      "AUTH_SECRET: required in production with DATABASE_URL (32+ random characters, e.g. `openssl rand -base64 48`)",
    env.CODE_DELIVERY === "live" &&
      !(env.SMTP_HOST && env.SMTP_FROM) &&
      "SMTP_HOST: SMTP_HOST and SMTP_FROM are required when CODE_DELIVERY=live",
    env.CODE_DELIVERY === "live" &&
      !(env.SMS_GATEWAY_URL && env.SMS_GATEWAY_KEY) &&
      "SMS_GATEWAY_URL: SMS_GATEWAY_URL and SMS_GATEWAY_KEY are required when CODE_DELIVERY=live",
    env.STORAGE_DRIVER === "s3" && !env.S3_BUCKET && "S3_BUCKET: required when STORAGE_DRIVER=s3",
    (env.SERVER_PROCESSES ?? 1) > 1 &&
      !(env.DATABASE_URL && env.REDIS_URL) &&
      "SERVER_PROCESSES: more than one process needs DATABASE_URL (the embedded database belongs to one process) and REDIS_URL (rate limits, sockets and caches shared)",
    !env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY &&
      "VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together",
    !env.FREEDOMPAY_MERCHANT_ID !== !env.FREEDOMPAY_SECRET_KEY &&
      "FREEDOMPAY_MERCHANT_ID: FREEDOMPAY_MERCHANT_ID and FREEDOMPAY_SECRET_KEY go together",
    !env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY &&
      "S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
  ].filter((problem) => typeof problem === "string");
  if (problems.length > 0) {
    throw new ConfigError(`Invalid environment:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
  }
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicOrigin: env.PUBLIC_ORIGIN?.replace(/\/$/, "") ?? defaultPublicOrigin(env.PORT),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    analyticsSiteId: env.ANALYTICS_SITE_ID || undefined,
    analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL,
    mapTiles: { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION },
    authSecret: env.AUTH_SECRET,
    codeDelivery: env.CODE_DELIVERY,
    smtp:
      env.SMTP_HOST && env.SMTP_FROM
        ? {
            host: env.SMTP_HOST,
            port: env.SMTP_PORT,
            user: env.SMTP_USER,
            password: env.SMTP_PASSWORD,
            from: env.SMTP_FROM,
          }
        : undefined,
    smsGateway:
      env.SMS_GATEWAY_URL && env.SMS_GATEWAY_KEY
        ? { url: env.SMS_GATEWAY_URL, key: env.SMS_GATEWAY_KEY }
        : undefined,
    smsHourlyBudget: env.SMS_HOURLY_BUDGET,
    adViewsFlushMs: env.AD_VIEWS_FLUSH_MS,
    jobWorkers: env.JOB_WORKERS ?? true,
    google: {
      clientId: env.GOOGLE_CLIENT_ID,
      jwksUrl: env.GOOGLE_JWKS_URL,
      issuers: env.GOOGLE_ISSUERS.split(",")
        .map((issuer) => issuer.trim())
        .filter(Boolean),
    },
    redisUrl: env.REDIS_URL,
    processes: env.SERVER_PROCESSES ?? (env.DATABASE_URL && env.REDIS_URL ? availableParallelism() : 1),
    vapid: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT },
    storage:
      env.STORAGE_DRIVER === "s3" && env.S3_BUCKET
        ? {
            driver: "s3",
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : undefined,
            publicUrl: env.S3_PUBLIC_URL?.replace(/\/$/, ""),
          }
        : { driver: "local" },
    payments: {
      sandbox: env.PAYMENT_SANDBOX ?? (env.NODE_ENV !== "production" || (env.SEED_DEMO ?? !env.DATABASE_URL)),
      sandboxSecret: env.SANDBOX_WEBHOOK_SECRET,
      freedomPay:
        env.FREEDOMPAY_MERCHANT_ID && env.FREEDOMPAY_SECRET_KEY
          ? {
              merchantId: env.FREEDOMPAY_MERCHANT_ID,
              secretKey: env.FREEDOMPAY_SECRET_KEY,
              apiUrl: env.FREEDOMPAY_API_URL.replace(/\/$/, ""),
              testingMode: env.FREEDOMPAY_TESTING_MODE ?? false,
            }
          : undefined,
    },
  };
}

export function loadConfig(overrides: Record<string, string | undefined> = {}): Config {
  return parseConfig({ ...process.env, ...overrides });
}
