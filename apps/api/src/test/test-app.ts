import type { FastifyInstance } from "fastify";
import { createApp } from "../app.ts";
import { type Config, parseConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { seedDatabase } from "../db/seed/index.ts";
import { openTestDatabase } from "./test-database.ts";

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

const silent = { info() {} };

/** The real app on a fresh seeded database, for `app.inject()` tests. */
export async function createTestApp(
  env: Record<string, string> = {},
  prepare?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "./data", ...env });
  const database = await openTestDatabase();
  await seedDatabase(database.db, silent);
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
