import { defineConfig } from "vitest/config";

// One runner, three projects: `npm run test:unit`, `test:api`, `test:browser` pick one each.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/**/*.test.ts", "apps/web/app/**/*.test.{ts,tsx}", "apps/api/src/**/*.unit.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/api/src/**/*.test.ts"],
          exclude: ["apps/api/src/**/*.unit.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["apps/web/e2e/**/*.e2e.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
