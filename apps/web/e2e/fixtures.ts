/**
 * What browser tests share: the run's one production server and one Chromium (started by
 * `global-setup.ts`), and fixtures for a test's page, users and sign-in. Not a test file itself.
 *
 *   import { test, expect } from "./fixtures.ts";
 *   test("…", async ({ page, createUser, signIn, visit }) => { … });
 */
import { randomBytes } from "node:crypto";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from "playwright-core";
import { test as base, expect, inject } from "vitest";
import { codeFromLog, type SeedApi, type SeededUser, signUpByPhone } from "./ad-seed.ts";
import { collectConsoleErrors } from "./browser.ts";
import { readLogFile, type ServerLog, startTestServer, type TestServer } from "./test-server.ts";

export { describe, expect } from "vitest";

export interface SharedServer extends ServerLog, SeedApi {
  url: string;
  /** The server's signing secret (to forge an expired token, say). */
  authSecret: string;
}

/** The run's shared server. Other files write to its database too: tests own only what they create. */
export function sharedServer(): SharedServer {
  const { url, logFile, authSecret } = inject("e2e");
  const server: SharedServer = {
    url,
    baseUrl: url,
    authSecret,
    get logs() {
      return readLogFile(logFile);
    },
    readCode: (to, purpose) => codeFromLog(server, to, purpose),
  };
  return server;
}

/** The run's shared Chromium; `close()` ends this connection and the contexts it opened. */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject("e2e").browserEndpoint);
}

/**
 * A server of the test's own (a copy of the run's seeded database), for a test that must see an
 * otherwise empty site or restart the server. Stop it when done.
 */
export async function startOwnServer(env: Record<string, string> = {}): Promise<TestServer & SeedApi> {
  const server = await startTestServer(env, inject("e2e").databaseSource);
  return Object.assign(server, {
    baseUrl: server.url,
    readCode: (to: string, purpose: string) => codeFromLog(server, to, purpose),
  });
}

/** A username no other test uses. */
export function uniqueName(prefix = "e2e"): string {
  return `${prefix}_${randomBytes(4).toString("hex")}`;
}

interface FileFixtures {
  server: SharedServer;
  browser: Browser;
}

interface TestFixtures {
  /** A fresh browser context (desktop, 1280×900) and its page, closed after the test. */
  page: Page;
  /** Signs a new user up by phone over the API: a unique phone, username and address per call. */
  createUser(prefix?: string): Promise<SeededUser>;
  /** Gives the page's context the user's session cookies (no sign-in form). */
  signIn(user: SeededUser, page?: Page): Promise<void>;
  /** Opens a path of the shared server and waits until the network is quiet. */
  visit(path: string, page?: Page): ReturnType<Page["goto"]>;
}

/** What the fixtures that act on the test's page read. */
type PageContext = Pick<TestFixtures, "page"> & FileFixtures;

export const test = base.extend<{ $test: TestFixtures; $file: FileFixtures }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
    async ({}, use) => {
      await use(sharedServer());
    },
    { scope: "file" },
  ],
  browser: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const browser = await connectBrowser();
      await use(browser);
      await browser.close();
    },
    { scope: "file" },
  ],
  page: async ({ browser }, use) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await use(await context.newPage());
    await context.close();
  },
  createUser: async ({ server }, use) => {
    await use((prefix) => signUpByPhone(server, uniqueName(prefix)));
  },
  signIn: async ({ page, server }: PageContext, use: (signIn: TestFixtures["signIn"]) => Promise<void>) => {
    const { hostname } = new URL(server.url);
    await use((user, target = page) =>
      target.context().addCookies(user.cookies.map((cookie) => ({ ...cookie, domain: hostname }))),
    );
  },
  visit: async ({ page, server }: PageContext, use: (visit: TestFixtures["visit"]) => Promise<void>) => {
    await use((path, target = page) => target.goto(server.url + path, { waitUntil: "networkidle" }));
  },
});

// ---------------------------------------------------------------------------------------------
// Helpers several files shared as copies (appended; the exports above are unchanged).

export { collectConsoleErrors, recordDocumentLoads } from "./browser.ts";

/** `expect.poll` with room for a busy machine: 15 s. */
export function poll<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 15_000 });
}

/**
 * Runs `run` with a page of a fresh context of the shared Chromium (for a viewport, colour scheme
 * or device other than the `page` fixture's), and closes the context after, also on failure.
 */
export async function withPage<T>(
  browser: Browser,
  options: BrowserContextOptions,
  run: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext(options);
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/**
 * A page of `user` signed in on `server` (a browser context of its own, 1280×900: a refresh token is
 * rotated on use, so one user's cookies never go to another context), with the console errors it
 * logs beyond `allow`.
 */
export async function signedInPage(
  browser: Browser,
  server: { url: string },
  user: SeededUser,
  allow: RegExp[] = [],
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { hostname } = new URL(server.url);
  await context.addCookies(user.cookies.map((cookie) => ({ ...cookie, domain: hostname })));
  const page = await context.newPage();
  return { page, errors: collectConsoleErrors(page, allow) };
}

/** Opens `path` of `server` on `page`, waits until the network is quiet and React runs the page. */
export async function openPage(page: Page, server: { url: string }, path: string) {
  const response = await page.goto(server.url + path, { waitUntil: "networkidle" });
  await waitForHydration(page);
  return response;
}

/** Resolves once React Router has hydrated the page, so clicks are client-side navigations. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const router = (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
      .__reactRouterDataRouter;
    return router?.state.initialized === true && document.readyState === "complete";
  });
}
