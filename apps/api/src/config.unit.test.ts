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

  it("treats an empty DATABASE_URL as unset", () => {
    expect(parseConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });
});
