import { randomBytes } from "node:crypto";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { launchOptions } from "./browser.ts";
import { startTestServer } from "./test-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    e2e: {
      /** The shared production server: its address, log file and signing secret. */
      url: string;
      logFile: string;
      authSecret: string;
      /** The shared Chromium, for `chromium.connect`. */
      browserEndpoint: string;
    };
  }
}

/**
 * Once per run: ONE production server (built beforehand by `npm run build`) and ONE Chromium,
 * shared by every browser test file through `inject("e2e")` (see `fixtures.ts`). Both end with
 * the runner: the teardown stops them, and the server exits by itself if the runner is killed.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const authSecret = randomBytes(48).toString("base64");
  const [server, browserServer] = await Promise.all([
    startTestServer({ AUTH_SECRET: authSecret }),
    chromium.launchServer(launchOptions()),
  ]);
  project.provide("e2e", {
    url: server.url,
    logFile: server.logFile,
    authSecret,
    browserEndpoint: browserServer.wsEndpoint(),
  });
  return async () => {
    await browserServer.close();
    await server.stop();
  };
}
