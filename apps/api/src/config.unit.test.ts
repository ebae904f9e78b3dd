import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.ts";

describe("config", () => {
  it("uses the documented defaults: port 3000, ./data, PGlite", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.isProduction).toBe(false);
  });

  it("takes the public origin from PUBLIC_ORIGIN only, else http://localhost:$PORT (no Host header)", () => {
    expect(parseConfig({}).publicOrigin).toBe("http://localhost:3000");
    expect(parseConfig({ PORT: "4800" }).publicOrigin).toBe("http://localhost:4800");
    expect(parseConfig({ PUBLIC_ORIGIN: "https://unaa.kg/" }).publicOrigin).toBe("https://unaa.kg");
  });

  it("trusts X-Forwarded-* only from a number of hops or listed proxies, never from anyone", () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: "10.0.0.1, 172.16.0.0/12,fd00::/8" }).trustProxy).toEqual([
      "10.0.0.1",
      "172.16.0.0/12",
      "fd00::/8",
    ]);
    expect(() => parseConfig({ TRUST_PROXY: "any" })).toThrow(/TRUST_PROXY: must be a number of proxies/);
    expect(() => parseConfig({ TRUST_PROXY: "10.0.0.0/40" })).toThrow(/TRUST_PROXY/);
  });

  it("reads PORT, DATA_DIR and DATABASE_URL", () => {
    const config = parseConfig({ PORT: "8080", DATA_DIR: "/tmp/x", DATABASE_URL: "postgres://u@h:5432/db" });
    expect(config).toMatchObject({ port: 8080, dataDir: "/tmp/x", databaseUrl: "postgres://u@h:5432/db" });
  });

  it("fails fast with one line naming each bad variable", () => {
    let error: unknown;
    try {
      parseConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud", PUBLIC_ORIGIN: "ftp://x" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ["PORT", "DATABASE_URL", "LOG_LEVEL", "PUBLIC_ORIGIN"])
      expect(message).toContain(`  ${name}:`);
  });

  it("keeps uploads on local disk unless STORAGE_DRIVER=s3 names a bucket", () => {
    expect(parseConfig({}).storage).toEqual({ driver: "local" });
    expect(
      parseConfig({
        STORAGE_DRIVER: "s3",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_BUCKET: "unaa",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_PUBLIC_URL: "https://cdn.unaa.kg/",
      }).storage,
    ).toEqual({
      driver: "s3",
      endpoint: "http://127.0.0.1:9000",
      bucket: "unaa",
      region: "us-east-1",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      publicUrl: "https://cdn.unaa.kg",
    });
    expect(() => parseConfig({ STORAGE_DRIVER: "s3" })).toThrow(/S3_BUCKET: required/);
    expect(() => parseConfig({ STORAGE_DRIVER: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "key" })).toThrow(
      /S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => parseConfig({ STORAGE_DRIVER: "disk" })).toThrow(/STORAGE_DRIVER/);
  });

  it("seeds demo data into a new embedded database, not into PostgreSQL, unless SEED_DEMO says otherwise", () => {
    expect(parseConfig({}).seedDemo).toBe(true);
    expect(parseConfig({ DATABASE_URL: "postgres://u@h:5432/db" }).seedDemo).toBe(false);
    expect(parseConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
    expect(parseConfig({ SEED_DEMO: "1", DATABASE_URL: "postgres://u@h:5432/db" }).seedDemo).toBe(true);
    expect(parseConfig({ SEED_DEMO: "" }).seedDemo).toBe(true);
    expect(() => parseConfig({ SEED_DEMO: "yes" })).toThrow(/SEED_DEMO/);
  });

  it("decides demo data apart from NODE_ENV: production seeds the embedded database's demo too", () => {
    const production = parseConfig({ NODE_ENV: "production" });
    expect(production).toMatchObject({ isProduction: true, seedDemo: true });
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(parseConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });

  it("serves in one process per core with PostgreSQL and Redis, else in one; more needs both", () => {
    const postgres = "postgres://localhost/unaa";
    const redis = "redis://localhost:6379";
    expect(parseConfig({}).processes).toBe(1);
    expect(parseConfig({ DATABASE_URL: postgres }).processes).toBe(1);
    expect(parseConfig({ DATABASE_URL: postgres, REDIS_URL: redis }).processes).toBe(availableParallelism());
    expect(parseConfig({ DATABASE_URL: postgres, REDIS_URL: redis, SERVER_PROCESSES: "3" }).processes).toBe(
      3,
    );
    expect(parseConfig({ SERVER_PROCESSES: "1" }).processes).toBe(1);
    expect(() => parseConfig({ SERVER_PROCESSES: "2", DATABASE_URL: postgres })).toThrow(
      /SERVER_PROCESSES: more than one process needs DATABASE_URL .* and REDIS_URL/,
    );
    expect(() => parseConfig({ SERVER_PROCESSES: "0" })).toThrow(ConfigError);
  });
});
