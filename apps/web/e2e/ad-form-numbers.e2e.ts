/**
 * Numbers in the ad form, in Chromium against the production server (issue 10): a decimal comma
 * and a decimal point both mean the decimal sign in every language (on /en a typed "3,5" became
 * 35), and the number shows with the language's own sign. The form starts from a saved draft on
 * the details step, where the engine size is; what the form holds is read from the draft it saves.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CarPick, codeFromLog, pickCamry, type SeededUser, signUpByPhone } from "./ad-seed.ts";
import { collectConsoleErrors } from "./browser.ts";
import { connectBrowser, sharedServer } from "./fixtures.ts";

const server = sharedServer();
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let seller: SeededUser;
let camry: CarPick;

function poll<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 15_000 });
}

const draftKey = () => `unaa-ad-draft:${seller.userId}:car`;

/** A car draft on the details step (the shape `ad-draft.ts` stores), its engine size 2.5 l. */
function detailsDraft() {
  return {
    version: 1,
    savedAt: new Date().toISOString(),
    step: "details",
    adId: null,
    values: {
      vertical: "car",
      fields: {
        mark: camry.markId,
        model: camry.modelId,
        generation: camry.generationId,
        year: 2019,
        engineVolume: 2.5,
      },
      catalog: { mark: "toyota", model: "camry", generation: "xv70", complectation: null },
      catalogNames: { mark: "Toyota", model: "Camry", generation: "XV70" },
      isOffCatalog: false,
      title: "",
      description: "",
      price: null,
      currency: "KGS",
      negotiable: false,
      isAbroad: false,
      regionId: null,
      townId: null,
      abroadCountry: null,
      videoUrl: "",
      chatOnly: false,
      phoneIds: [],
      photos: [],
    },
  };
}

/**
 * Opens a page and waits for the restored session. Each page load refreshes the session, which
 * replaces the refresh cookie: a load that starts before the last refresh answered would send the
 * old cookie, and the account would be signed out as if the cookie were stolen.
 */
async function visitSignedIn(path: string): Promise<void> {
  await page.goto(server.url + path);
  await page.getByTestId("user-menu").waitFor();
}

/** The engine size the form's saved draft holds. */
async function savedEngineVolume(): Promise<unknown> {
  const stored = await page.evaluate((key) => localStorage.getItem(key), draftKey());
  return (JSON.parse(stored ?? "null") as { values: { fields: Record<string, unknown> } } | null)?.values
    .fields.engineVolume;
}

beforeAll(async () => {
  const api = {
    baseUrl: server.url,
    readCode: (to: string, purpose: string) => codeFromLog(server, to, purpose),
  };
  camry = await pickCamry(api);
  seller = await signUpByPhone(api, "numbers_seller");
  browser = await connectBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { hostname } = new URL(server.url);
  await context.addCookies(seller.cookies.map((cookie) => ({ ...cookie, domain: hostname })));
  page = await context.newPage();
  errors = collectConsoleErrors(page);
});

afterAll(async () => {
  await browser?.close();
});

describe("decimal numbers in the ad form", () => {
  const cases = [
    { lang: "en", typed: "3,5", shown: "3.5" },
    { lang: "en", typed: "3.5", shown: "3.5" },
    { lang: "ru", typed: "3.5", shown: "3,5" },
    { lang: "ru", typed: "3,5", shown: "3,5" },
    { lang: "ky", typed: "3.5", shown: "3,5" },
    { lang: "ky", typed: "3,5", shown: "3,5" },
  ] as const;

  it.each(cases)(
    "[S5.2] /$lang: a typed $typed is 3.5 litres, shown as $shown",
    async ({ lang, typed, shown }) => {
      if (page.url() === "about:blank") await visitSignedIn("/");
      await page.evaluate(([key, draft]) => localStorage.setItem(key, draft), [
        draftKey(),
        JSON.stringify(detailsDraft()),
      ] as const);
      await visitSignedIn(`/${lang}/create/car`);
      const input = page.getByTestId("field-engineVolume");
      await poll(() => input.inputValue()).toBe(lang === "en" ? "2.5" : "2,5");

      await input.fill("");
      await input.pressSequentially(typed, { delay: 30 });
      expect(await input.inputValue()).toBe(shown);
      // The form writes its draft after a short pause in typing.
      await poll(savedEngineVolume).toBe(3.5);
      expect(errors).toEqual([]);
    },
  );
});
