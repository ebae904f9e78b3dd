import path from "node:path";
import { z } from "zod";

/**
 * The only reader of `process.env` on the server. Parsed once at start; a bad value stops
 * the process with a message that names every bad variable.
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

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
  TRUST_PROXY: booleanFlag,
  ANALYTICS_SITE_ID: z.string().regex(/^\d+$/, "must be the numeric counter id").optional().or(z.literal("")),
  ANALYTICS_SCRIPT_URL: z.url({ protocol: /^https$/ }).default("https://mc.yandex.ru/metrika/tag.js"),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicOrigin: string | undefined;
  logLevel: Env["LOG_LEVEL"];
  trustProxy: boolean;
  analyticsSiteId: string | undefined;
  analyticsScriptUrl: string;
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
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicOrigin: env.PUBLIC_ORIGIN?.replace(/\/$/, ""),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    analyticsSiteId: env.ANALYTICS_SITE_ID || undefined,
    analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL,
  };
}

export function loadConfig(overrides: Record<string, string | undefined> = {}): Config {
  return parseConfig({ ...process.env, ...overrides });
}
