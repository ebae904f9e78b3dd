import { defineConfig } from "vitest/config";

const apiTests = {
  include: ["apps/api/src/**/*.test.ts"],
  exclude: ["apps/api/src/**/*.unit.test.ts"],
  // Migrates and seeds one template per project and run; each file opens a copy of it.
  globalSetup: ["apps/api/src/test/global-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// One runner, several projects: `npm run test:unit`, `test:api`, `test:browser` pick theirs. The API
// tests run on embedded PGlite, and again on the PostgreSQL server of TEST_DATABASE_URL when set.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/**/*.test.ts",
            "apps/web/app/**/*.test.{ts,tsx}",
            "apps/web/*.test.ts",
            "apps/api/src/**/*.unit.test.ts",
            "scripts/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      { test: { name: "api", ...apiTests } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: "api-postgres", ...apiTests, env: { UNAA_TEST_DB: "postgres" } } }]
        : []),
      {
        test: {
          name: "browser",
          include: ["apps/web/e2e/**/*.e2e.ts"],
          // One production server and one Chromium for the whole run; files connect to them.
          globalSetup: ["apps/web/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
