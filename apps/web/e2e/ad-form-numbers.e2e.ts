/**
 * Numbers in the ad form, in Chromium against the production server (issue 10): a decimal comma
 * and a decimal point both mean the decimal sign in every language (on /en a typed "3,5" became
 * 35), and the number shows with the language's own sign. The form starts from a saved draft on
 * the details step, where the engine size is; what the form holds is read from the draft it saves.
 */
import type { Page } from "playwright-core";
import { type CarPick, pickCamry } from "./ad-seed.ts";
import { collectConsoleErrors } from "./browser.ts";
import { describe, expect, poll, test } from "./fixtures.ts";

const draftKey = (userId: number) => `unaa-ad-draft:${userId}:car`;

/** A car draft on the details step (the shape `ad-draft.ts` stores), its engine size 2.5 l. */
function detailsDraft(camry: CarPick) {
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
 * Waits for the restored session after a page load. Each page load refreshes the session, which
 * replaces the refresh cookie: a load that starts before the last refresh answered would send the
 * old cookie, and the account would be signed out as if the cookie were stolen.
 */
async function waitForSession(page: Page): Promise<void> {
  await page.getByTestId("user-menu").waitFor();
}

/** The engine size the form's saved draft holds. */
async function savedEngineVolume(page: Page, userId: number): Promise<unknown> {
  const stored = await page.evaluate((key) => localStorage.getItem(key), draftKey(userId));
  return (JSON.parse(stored ?? "null") as { values: { fields: Record<string, unknown> } } | null)?.values
    .fields.engineVolume;
}

describe("decimal numbers in the ad form", () => {
  const cases = [
    { lang: "en", typed: "3,5", shown: "3.5" },
    { lang: "en", typed: "3.5", shown: "3.5" },
    { lang: "ru", typed: "3.5", shown: "3,5" },
    { lang: "ru", typed: "3,5", shown: "3,5" },
    { lang: "ky", typed: "3.5", shown: "3,5" },
    { lang: "ky", typed: "3,5", shown: "3,5" },
  ] as const;

  test.for(cases)(
    "[S5.2] /$lang: a typed $typed is 3.5 litres, shown as $shown",
    async ({ lang, typed, shown }, { page, server, createUser, signIn }) => {
      const camry = await pickCamry(server);
      const seller = await createUser("numbers_seller");
      await signIn(seller);
      const errors = collectConsoleErrors(page);
      await page.goto(`${server.url}/`);
      await waitForSession(page);
      await page.evaluate(([key, draft]) => localStorage.setItem(key, draft), [
        draftKey(seller.userId),
        JSON.stringify(detailsDraft(camry)),
      ] as const);
      await page.goto(`${server.url}/${lang}/create/car`);
      await waitForSession(page);
      const input = page.getByTestId("field-engineVolume");
      await poll(() => input.inputValue()).toBe(lang === "en" ? "2.5" : "2,5");

      await input.fill("");
      await input.pressSequentially(typed, { delay: 30 });
      expect(await input.inputValue()).toBe(shown);
      // The form writes its draft after a short pause in typing.
      await poll(() => savedEngineVolume(page, seller.userId)).toBe(3.5);
      expect(errors).toEqual([]);
    },
  );
});
