import type { FastifyInstance } from "fastify";
import { createApp } from "../app.ts";
import { type Config, parseConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { openTestDatabase } from "./test-database.ts";

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a database of its own, copied from the run's seeded template, for `app.inject()` tests. */
export async function createTestApp(
  env: Record<string, string> = {},
  prepare?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "./data", ...env });
  const database = await openTestDatabase({ seeded: true });
  const app = await createApp({ config, database });
  await prepare?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
