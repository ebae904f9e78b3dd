/**
 * Keyboard and screen-reader journeys (issue 13): what a visitor without a mouse depends on, each
 * test named after what it proves.
 */
import type { Page } from "playwright-core";
import { carAdBody, drawPhoto, pickCamry, publishAd, uploadPhoto } from "./ad-seed.ts";
import { holdRequests } from "./browser.ts";
import { describe, expect, poll, test, waitForHydration } from "./fixtures.ts";

/** Whether the focused element matches `selector`. */
function focusedMatches(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => document.activeElement?.matches(css) ?? false, selector);
}

/** Presses Tab (or Shift+Tab) until the focus is on an element matching `selector`. */
async function tabTo(page: Page, selector: string, key = "Tab", max = 120): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(key);
    if (await focusedMatches(page, selector)) return;
  }
  throw new Error(`${max} Tabs did not reach ${selector}`);
}

describe("keyboard and screen readers", () => {
  test("the skip link is the first Tab stop and the next Tab lands in the main content", async ({
    page,
    visit,
  }) => {
    await visit("/car");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Перейти к содержимому");
    await page.keyboard.press("Enter");
    await poll(() => page.evaluate(() => window.location.hash)).toBe("#main");
    await page.keyboard.press("Tab");
    // Past the header: the next stop is inside <main>.
    expect(await page.evaluate(() => document.activeElement?.closest("main")?.id ?? null)).toBe("main");
  });

  test("the /car filters work by keyboard alone: a chip by Space, the search by typing", async ({
    page,
    visit,
  }) => {
    await visit("/car");
    await waitForHydration(page);
    const search = async () => new URLSearchParams(await page.evaluate(() => window.location.search));
    await tabTo(page, '[data-testid="filter-gearbox"] input[value="manual"]');
    await page.keyboard.press("Space");
    await poll(async () => (await search()).get("gearbox")).toBe("manual");
    // The chip keeps the focus, checked once the list has the filter.
    await poll(() => focusedMatches(page, 'input[value="manual"]:checked')).toBe(true);
    // Back to the text search at the top of the panel, by Shift+Tab.
    await tabTo(page, '[data-testid="filter-q"]', "Shift+Tab");
    await page.keyboard.type("camry");
    await poll(async () => (await search()).get("q")).toBe("camry");
    expect((await search()).get("gearbox")).toBe("manual");
  });

  describe("the gallery", () => {
    test("Enter and Space on next and previous change the photo and do not open full screen", async ({
      page,
      server,
      createUser,
      visit,
    }) => {
      const seller = await createUser("gallery");
      const photoIds: number[] = [];
      for (const [index, hue] of [0, 120, 240].entries())
        photoIds.push(
          (await uploadPhoto(server, seller.accessToken, await drawPhoto(`${index + 1}`, hue))).id,
        );
      const ad = await publishAd(server, seller.accessToken, carAdBody(await pickCamry(server), photoIds));
      await visit(`/car/${ad.id}`);
      await waitForHydration(page);
      const position = () => page.getByTestId("ad-gallery-position").textContent();
      const stage = page.getByTestId("ad-gallery-stage");
      const viewer = page.getByTestId("ad-gallery-viewer");
      expect(await position()).toBe("1 из 3");

      await stage.getByRole("button", { name: "Следующее фото" }).focus();
      await page.keyboard.press("Enter");
      await poll(position).toBe("2 из 3");
      await page.keyboard.press("Space");
      await poll(position).toBe("3 из 3");
      await stage.getByRole("button", { name: "Предыдущее фото" }).focus();
      await page.keyboard.press("Enter");
      await poll(position).toBe("2 из 3");
      await page.keyboard.press("Space");
      await poll(position).toBe("1 из 3");
      expect(await viewer.count()).toBe(0);

      // Escape closes full screen and the focus goes back to the button that opened it.
      const open = page.getByTestId("ad-gallery-fullscreen");
      await open.focus();
      await page.keyboard.press("Enter");
      await viewer.waitFor();
      // The dialog's name arrives with its title, a moment after the dialog itself.
      await poll(() => page.getByRole("dialog").getAttribute("aria-labelledby")).toBeTruthy();
      await page.keyboard.press("Escape");
      await viewer.waitFor({ state: "detached" });
      await poll(() => focusedMatches(page, '[data-testid="ad-gallery-fullscreen"]')).toBe(true);
    });
    test("the focus goes back to the full-screen button also when the viewer's code arrives after the click", async ({
      page,
      server,
      createUser,
      visit,
    }) => {
      const seller = await createUser("galleryslow");
      const photo = await uploadPhoto(server, seller.accessToken, await drawPhoto("1", 60));
      const ad = await publishAd(server, seller.accessToken, carAdBody(await pickCamry(server), [photo.id]));
      // The viewer's module waits, as on a slow network, until the button has been pressed.
      const viewerModule = await holdRequests(page, /\/assets\/lazy-modal-[^/]*\.js$/);
      await visit(`/car/${ad.id}`);
      await waitForHydration(page);
      const open = page.getByTestId("ad-gallery-fullscreen");
      await open.focus();
      await page.keyboard.press("Enter");
      viewerModule.release();
      const viewer = page.getByTestId("ad-gallery-viewer");
      await viewer.waitFor();
      await poll(() => focusedMatches(page, '[data-testid="ad-gallery-viewer"] *')).toBe(true);
      await page.keyboard.press("Escape");
      await viewer.waitFor({ state: "detached" });
      await poll(() => focusedMatches(page, '[data-testid="ad-gallery-fullscreen"]')).toBe(true);
    });
  });

  test("a wrong password is announced, marks the field invalid, describes it and takes the focus", async ({
    page,
    createUser,
    visit,
  }) => {
    const user = await createUser("wrongpass");
    await visit("/login");
    await waitForHydration(page);
    const phone = page.getByTestId("login-phone");
    await phone.focus();
    await page.keyboard.type(user.phone.slice(4));
    expect(await phone.inputValue()).toBe(
      `+996 ${user.phone.slice(4, 7)} ${user.phone.slice(7, 10)} ${user.phone.slice(10)}`,
    );
    await page.getByTestId("login-password").fill("not the password 1");
    await page.keyboard.press("Enter");

    const password = page.getByTestId("login-password");
    await poll(() => password.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await password.getAttribute("aria-describedby")) ?? "";
    const message = page.locator(`[id="${describedBy.split(" ")[0]}"]`);
    expect(await message.getAttribute("role")).toBe("alert");
    expect(await message.textContent()).toBeTruthy();
    await poll(() => focusedMatches(page, '[data-testid="login-password"]')).toBe(true);
  });

  test("[S5.1] the whole number typed into the prefilled +996 phone field is not doubled", async ({
    page,
    visit,
  }) => {
    await visit("/login");
    await waitForHydration(page);
    const phone = page.getByTestId("login-phone");
    await phone.focus();
    await poll(() => phone.inputValue()).toBe("+996 ");
    await page.keyboard.type("+996700000001");
    expect(await phone.inputValue()).toBe("+996 700 000 001");
    // An empty field's check: nothing typed, submit, the phone is the first error and has the focus.
    await phone.fill("");
    await page.getByTestId("sign-in-submit").focus();
    await page.keyboard.press("Enter");
    await poll(() => phone.getAttribute("aria-invalid")).toBe("true");
    await poll(() => focusedMatches(page, '[data-testid="login-phone"]')).toBe(true);
  });
});
