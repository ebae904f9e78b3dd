import { configDefaults, defineConfig } from "vitest/config";

const apiTests = {
  include: ["apps/api/src/**/*.test.ts"],
  exclude: ["apps/api/src/**/*.unit.test.ts"],
  // Migrates and seeds one template per project and run; each file opens a copy of it.
  globalSetup: ["apps/api/src/test/global-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Files share their worker's modules (`isolate: false`, as in every project here): each file builds
  // its own app on its own database copy, so nothing is shared but imported code, which a fresh
  // module graph per file made every file import again (37 % of the API run; the run 436 → 282 s).
  isolate: false,
};

/**
 * With a PostgreSQL server (TEST_DATABASE_URL, as CI has) every API file runs on it, and the embedded
 * PGlite, the default database, runs again only the files whose behaviour depends on the engine or
 * the driver: migrations and seeds, the job queue, backups, transactions that race (money, refresh
 * tokens, ad life cycle), full-text and list queries, dates by time zone. The servers of the browser
 * files that run two at a time then run on it too (databases made from one template), while the
 * serial browser files keep the embedded PGlite end to end (decision 078). Without a server every
 * file runs on PGlite (decision 075).
 */
const engineFiles = [
  "apps/api/src/app.test.ts",
  "apps/api/src/commands/db-backup.test.ts",
  "apps/api/src/db/seed/*.test.ts",
  "apps/api/src/jobs/job-queue.test.ts",
  "apps/api/src/modules/health/health.test.ts",
  "apps/api/src/modules/ads/ads.test.ts",
  "apps/api/src/modules/ads/ads-search.test.ts",
  "apps/api/src/modules/ads/ads-text-search.test.ts",
  "apps/api/src/modules/ads/ads-lists.test.ts",
  "apps/api/src/modules/auth/auth.test.ts",
  "apps/api/src/modules/money/money.test.ts",
  "apps/api/src/modules/dashboard/stats.test.ts",
];

const browserTests = {
  // One production server and one Chromium per project and run; its files connect to them.
  globalSetup: ["apps/web/e2e/global-setup.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // One module graph per worker (see `apiTests`): each file connects to the run's browser itself.
  isolate: false,
};
const serialBrowserFiles = [
  "apps/web/e2e/accounts.e2e.ts",
  "apps/web/e2e/catalog.e2e.ts",
  "apps/web/e2e/error-page.e2e.ts",
  "apps/web/e2e/navigation.e2e.ts",
  "apps/web/e2e/realtime.e2e.ts",
  "apps/web/e2e/saved-searches.e2e.ts",
];

// One runner, several projects: `npm run test:unit`, `test:api`, `test:browser` pick theirs. The API
// tests run on embedded PGlite, or on the PostgreSQL server of TEST_DATABASE_URL when set, with the
// engine's own files (`engineFiles`) on PGlite as well.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          // One module graph per worker: 46 → 13 s (import was 60 % of the run).
          isolate: false,
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
      {
        test: {
          name: "api",
          ...apiTests,
          ...(process.env.TEST_DATABASE_URL ? { include: engineFiles } : {}),
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: "api-postgres", ...apiTests, env: { UNAA_TEST_DB: "postgres" } } }]
        : []),
      // Browser files run two at a time; the ones that time what the browser does against the server
      // (a refresh, a socket's reconnect, a chunk that fails, preloads, a sign-in redirect) run one at
      // a time, after the others. The accessibility file runs with the others: axe answers what the
      // page is, not how fast it came (decision 099).
      {
        test: {
          name: "browser",
          include: ["apps/web/e2e/**/*.e2e.ts"],
          exclude: [...configDefaults.exclude, ...serialBrowserFiles],
          ...browserTests,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "browser-serial",
          include: serialBrowserFiles,
          ...browserTests,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          // Its servers run on PGlite, `npm start`'s default database, even when CI has PostgreSQL.
          env: { E2E_DATABASE: "pglite" },
        },
      },
    ],
  },
});
