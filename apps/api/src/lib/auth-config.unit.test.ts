import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../config.ts";
import { resolveAuthSecret } from "./auth-secret.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "unaa-secret-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("accounts configuration", () => {
  it("requires AUTH_SECRET in production with PostgreSQL, and 32 characters of it", () => {
    const postgres = { NODE_ENV: "production", DATABASE_URL: "postgres://u@h:5432/db" };
    expect(() => parseConfig(postgres)).toThrow(ConfigError);
    expect(() => parseConfig(postgres)).toThrow(/AUTH_SECRET: required in production with DATABASE_URL/);
    expect(() => parseConfig({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET/);
    expect(parseConfig({ ...postgres, AUTH_SECRET: "s".repeat(32) }).authSecret).toBe("s".repeat(32));
  });

  it("lets `npm start` on the embedded database run without AUTH_SECRET (one process: the secret kept in DATA_DIR)", () => {
    expect(parseConfig({ NODE_ENV: "production" }).authSecret).toBeUndefined();
  });

  it("defaults to the outbox and needs SMTP and the SMS gateway for live delivery", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      codeDelivery: "outbox",
      smtp: undefined,
      smsGateway: undefined,
      redisUrl: undefined,
    });
    expect(config.google).toEqual({
      clientId: undefined,
      jwksUrl: "https://www.googleapis.com/oauth2/v3/certs",
      issuers: ["accounts.google.com", "https://accounts.google.com"],
    });
    expect(() => parseConfig({ CODE_DELIVERY: "live" })).toThrow(/SMTP_HOST[\s\S]*SMS_GATEWAY_URL/);
    const live = parseConfig({
      CODE_DELIVERY: "live",
      SMTP_HOST: "smtp.example",
      SMTP_FROM: "Unaa <no-reply@unaa.kg>",
      SMS_GATEWAY_URL: "https://sms.example/send",
      SMS_GATEWAY_KEY: "k",
      REDIS_URL: "redis://127.0.0.1:6379",
    });
    expect(live.smtp).toMatchObject({ host: "smtp.example", port: 587 });
    expect(live.smsGateway).toEqual({ url: "https://sms.example/send", key: "k" });
    expect(() => parseConfig({ REDIS_URL: "http://x" })).toThrow(/REDIS_URL/);
  });

  it("keeps a generated secret in DATA_DIR/secret, so sessions survive restarts", () => {
    const first = resolveAuthSecret({ authSecret: undefined, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAuthSecret({ authSecret: undefined, dataDir })).toBe(first);
    expect(readFileSync(path.join(dataDir, "secret"), "utf8").trim()).toBe(first);
    expect(statSync(path.join(dataDir, "secret")).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret({ authSecret: "configured".repeat(4), dataDir })).toBe("configured".repeat(4));
  });
});
