/**
 * Publishing ads in Chromium against the production server (issue 5, "Done when"): a signed-in user
 * publishes a car ad with three real photos through the step form, reorders the photos, finds the
 * ad by filter and by text, opens it, lowers its price (the old one shows crossed out) and archives
 * it in My ads; an unfinished form survives a reload; bad input and the API's field errors show
 * translated on the step that holds the field; the same journey for a services ad on a phone.
 *
 * Each test signs up its own user by phone (`createUser`: the code from the outbox log), so the
 * phone is confirmed and ads go live at once (moderation "auto"); the journeys after the form start
 * from an ad published over the API.
 */
import type { Ad } from "@unaa/contracts";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { type AdRef, carAdBody, pickCamry, publishAd } from "./ad-seed.ts";
import { collectConsoleErrors } from "./browser.ts";
import { describe, expect, poll, type SharedServer, test, withPage } from "./fixtures.ts";

// The 400 answers these journeys provoke (and the mocked one) are logged by the browser.
const allowedConsole = [/Failed to load resource: the server responded with a status of 4\d\d/];

function consoleErrors(page: Page): string[] {
  return collectConsoleErrors(page, allowedConsole);
}

/** A published Toyota Camry XV70, 2019 at 1 850 000 som (what the form journey publishes), over the API. */
async function publishedCamry(server: SharedServer, token: string): Promise<AdRef> {
  return publishAd(server, token, carAdBody(await pickCamry(server), []));
}

/** Types into a catalogue picker and takes the option offered with the keyboard. */
async function pick(page: Page, testId: string, typed: string, expected: string): Promise<void> {
  const input = page.getByTestId(testId);
  await poll(() => input.isEnabled()).toBe(true);
  await input.click();
  await input.pressSequentially(typed, { delay: 20 });
  await page
    .getByRole("option", { name: new RegExp(`^${expected}`) })
    .first()
    .waitFor();
  await input.press("ArrowDown");
  await input.press("Enter");
  await poll(() => input.inputValue()).toContain(expected);
}

/** Chooses a value of a field shown as chips. */
async function chip(page: Page, field: string, value: string): Promise<void> {
  await page.getByTestId(`field-${field}`).locator(`[data-value="${value}"] label`).click();
}

/** Chooses an option of a select by its visible name. */
async function select(page: Page, testId: string, name: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole("listbox").getByRole("option", { name, exact: true }).click();
}

const stepTitle = (page: Page) => () => page.getByTestId("step-title").textContent();

/** The error text an input is described by (Mantine links the text under a field to its input). */
async function fieldError(page: Page, testId: string): Promise<string | null> {
  const described = (await page.getByTestId(testId).getAttribute("aria-describedby")) ?? "";
  const errorId = described.split(" ").find((id) => id.endsWith("-error"));
  return errorId ? page.locator(`[id="${errorId}"]`).textContent() : null;
}

async function next(page: Page, expectedTitle: string): Promise<void> {
  await page.getByTestId("step-next").click();
  await poll(stepTitle(page)).toBe(expectedTitle);
}

/** Real JPEG files, one colour each, as the file picker hands them over. */
function photoFiles(colors: string[]) {
  return Promise.all(
    colors.map(async (color, index) => ({
      name: `photo-${index + 1}.jpg`,
      mimeType: "image/jpeg",
      buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
        .jpeg()
        .toBuffer(),
    })),
  );
}

const photoIds = (page: Page) => () =>
  page.getByTestId("photo-item").evaluateAll((items) => items.map((item) => Number(item.dataset.photoId)));

async function fetchAd(server: SharedServer, id: number): Promise<{ status: number; ad: Ad }> {
  const response = await fetch(`${server.url}/api/ads/${id}`);
  return { status: response.status, ad: (await response.json()) as Ad };
}

const toastTexts = (page: Page) => () => page.getByTestId("toast").allTextContents();

describe("publishing a car ad", () => {
  test("[S2.7] the chooser leads to the car form, whose steps publish an ad with 3 reordered photos", async ({
    page,
    server,
    createUser,
    signIn,
    visit,
  }) => {
    const errors = consoleErrors(page);
    await signIn(await createUser("seller"));
    await visit("/create");
    await page.locator('a[href="/create/car"]').click();
    await page.waitForURL(`${server.url}/create/car`);
    await poll(stepTitle(page)).toBe("Автомобиль");

    await pick(page, "catalog-picker-mark", "тойота", "Toyota");
    await pick(page, "catalog-picker-model", "кам", "Camry");
    await pick(page, "catalog-picker-generation", "xv70", "XV70");
    await pick(page, "catalog-picker-complectation", "2.5", "2.5 AT");
    await page.getByTestId("field-year").fill("2019");
    await next(page, "Характеристики");

    // The chosen version filled what the catalogue knows.
    await poll(() => page.getByTestId("field-body").inputValue()).toBe("Седан");
    expect(await page.getByTestId("field-engineVolume").inputValue()).toBe("2,5");
    for (const [field, value] of [
      ["steering", "left"],
      ["color", "white"],
      ["condition", "good"],
      ["customs", "cleared"],
      ["registration", "kg"],
      ["availability", "in-stock"],
    ] as const) {
      await chip(page, field, value);
    }
    // [S5.2][S5.4] the number mask groups thousands; [S5.1] the VIN mask takes letters and digits, upper-cased.
    await page.getByTestId("field-mileage").fill("85000");
    expect(await page.getByTestId("field-mileage").inputValue()).toBe("85\u202f000");
    await page.getByTestId("field-vin").fill("jtnb11hk-1k3012345");
    expect(await page.getByTestId("field-vin").inputValue()).toBe("JTNB11HK1K3012345");
    await next(page, "Фото");

    await page.getByTestId("photo-input").setInputFiles(await photoFiles(["#c0392b", "#2980b9", "#27ae60"]));
    await poll(() => page.getByTestId("photo-item").count()).toBe(3);
    const uploaded = await photoIds(page)();
    // The keyboard moves the third photo to the front: it becomes the cover.
    await page.getByTestId("photo-handle").nth(2).focus();
    // One key at a time, as a person presses them: each move settles before the next.
    for (const key of ["Space", "ArrowLeft", "ArrowLeft", "Space"]) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
    const reordered = [uploaded[2], uploaded[0], uploaded[1]];
    await poll(photoIds(page)).toEqual(reordered);
    expect(await page.getByTestId("photo-item").first().getByTestId("photo-cover").count()).toBe(1);
    await next(page, "Цена и контакты");

    await page.getByTestId("field-price").fill("1850000");
    expect(await page.getByTestId("field-price").inputValue()).toBe("1\u202f850\u202f000");
    await select(page, "field-regionId", "Бишкек");
    await next(page, "Описание");
    await page.getByTestId("field-description").fill("Один хозяин, обслуживалась у дилера.");
    await next(page, "Проверка");
    expect(await page.getByTestId("preview-title").textContent()).toBe("Toyota Camry XV70, 2019");
    expect(await page.getByTestId("ad-preview").getByTestId("ad-card-price").textContent()).toBe(
      "1\u202f850\u202f000\u00a0сом",
    );

    const promote = page.getByTestId("toast").getByRole("link", { name: "Поднять и выделить объявление" });
    await page.getByTestId("publish").click();
    // Toasts close by themselves after 2 s: watched while the page changes.
    const [promoteHref] = await Promise.all([promote.getAttribute("href"), page.waitForURL(/\/car\/\d+$/)]);
    const id = Number(new URL(page.url()).pathname.split("/").at(-1));
    expect(promoteHref).toBe(`/services/car/${id}`);
    expect(await page.getByTestId("toast").first().textContent()).toContain("Объявление опубликовано");

    const { status, ad } = await fetchAd(server, id);
    expect(status).toBe(200);
    expect(ad.status).toBe("active");
    expect(ad.title).toBe("Toyota Camry XV70, 2019");
    expect(ad.photos.map((photo) => photo.id)).toEqual(reordered);
    expect(ad.fields).toMatchObject({ mileage: 85_000, body: "sedan" });
    expect(errors).toEqual([]);
  });

  test("finds the ad by its mark in the list and by text, and opens it", async ({
    page,
    server,
    createUser,
    signIn,
    visit,
  }) => {
    const seller = await createUser("seller");
    const { ad: carAd } = await fetchAd(server, (await publishedCamry(server, seller.accessToken)).id);
    const errors = consoleErrors(page);
    await signIn(seller);
    const card = page.locator(`[data-testid="ad-card"][data-ad-id="${carAd.id}"]`);
    await visit(`/car?mark=${carAd.fields.mark}`);
    await poll(() => card.count()).toBe(1);
    await visit("/car?q=camry");
    await poll(() => card.count()).toBe(1);
    await card.getByTestId("ad-card-title").click();
    await page.waitForURL(`${server.url}/car/${carAd.id}`);
    await poll(() => page.locator("h1").first().textContent()).toBe("Toyota Camry XV70, 2019");
    expect(errors).toEqual([]);
  });

  test("[S2.7] the edit page is its owner's: a guest is sent to sign in, another user gets 404", async ({
    browser,
    server,
    createUser,
    signIn,
  }) => {
    const seller = await createUser("seller");
    const carAd = await publishedCamry(server, seller.accessToken);
    const guest = await browser.newPage();
    await guest.goto(`${server.url}/car/${carAd.id}/edit`);
    await guest.waitForURL(`${server.url}/login?redirect=${encodeURIComponent(`/car/${carAd.id}/edit`)}`);
    const other = await browser.newPage();
    await signIn(await createUser("other"), other);
    const response = await other.goto(`${server.url}/car/${carAd.id}/edit`);
    expect(response?.status()).toBe(404);
    await guest.close();
    await other.close();
  });

  test("edits the price lower: the ad page shows the old price crossed out", async ({
    page,
    server,
    createUser,
    signIn,
    visit,
  }) => {
    const seller = await createUser("seller");
    const carAd = await publishedCamry(server, seller.accessToken);
    const errors = consoleErrors(page);
    await signIn(seller);
    await visit(`/car/${carAd.id}/edit`);
    // The pickers fill in once their catalogue lists arrive.
    await poll(() => page.getByTestId("catalog-picker-mark").inputValue()).toBe("Toyota");
    expect(await page.getByTestId("field-year").inputValue()).toBe("2019");
    await page.getByTestId("step-price").click();
    await poll(stepTitle(page)).toBe("Цена и контакты");
    await page.getByTestId("field-price").fill("1700000");
    await page.getByTestId("save-now").click();
    await Promise.all([
      poll(toastTexts(page)).toContainEqual(expect.stringContaining("Изменения сохранены")),
      page.waitForURL(`${server.url}/car/${carAd.id}`),
    ]);
    await poll(() => page.getByTestId("ad-price").textContent()).toContain("1\u202f700\u202f000");
    expect(await page.getByTestId("ad-old-price").textContent()).toContain("1\u202f850\u202f000");
    expect(errors).toEqual([]);
  });

  test("archives the ad in My ads: the row changes in place and the ad leaves the site", async ({
    page,
    server,
    createUser,
    signIn,
    visit,
  }) => {
    const seller = await createUser("seller");
    const carAd = await publishedCamry(server, seller.accessToken);
    const errors = consoleErrors(page);
    await signIn(seller);
    await visit("/settings/adds");
    const row = page.locator(`[data-testid="my-ad"][data-ad-id="${carAd.id}"]`);
    await poll(() => row.count()).toBe(1);
    expect(await row.getByTestId("my-ad-status").textContent()).toBe("Активно");
    await row.getByTestId("my-ad-more").click();
    await page.getByTestId("my-ad-archive").click();
    await poll(toastTexts(page)).toContainEqual(expect.stringContaining("Объявление снято с публикации"));
    expect(await row.getByTestId("my-ad-status").textContent()).toBe("В архиве");
    expect(await page.getByTestId("my-ads-tab-archived").textContent()).toContain("1");
    expect((await fetchAd(server, carAd.id)).status).toBe(404);
    // Archived ads may be published again from their row.
    expect(await row.getByTestId("my-ad-publish").textContent()).toBe("Опубликовать снова");
    expect(errors).toEqual([]);
  });

  test("My ads on a phone: the status tabs fade at the edge while more lie beyond, not at the end", async ({
    browser,
    server,
    createUser,
    signIn,
    visit,
  }) => {
    const seller = await createUser("seller");
    await publishedCamry(server, seller.accessToken);
    await withPage(browser, { viewport: { width: 390, height: 844 } }, async (page) => {
      await signIn(seller, page);
      await visit("/ky/settings/adds", page);
      const strip = page.getByTestId("my-ads-tabs");
      await poll(() => strip.getAttribute("data-more")).toBe("true");
      await page.getByTestId("my-ads-tab-sold").scrollIntoViewIfNeeded();
      await poll(() => strip.getAttribute("data-more")).toBeNull();
    });
  });

  test("keeps the unfinished form across a reload, and starts over on request", async ({
    page,
    createUser,
    signIn,
    visit,
  }) => {
    const errors = consoleErrors(page);
    await signIn(await createUser("seller"));
    await visit("/create/car");
    await pick(page, "catalog-picker-mark", "honda", "Honda");
    await page.getByTestId("field-year").fill("2015");
    await page.getByTestId("step-next").click();
    // The model is still missing: the first step stays, its error in Russian beside the picker.
    await poll(() => fieldError(page, "catalog-picker-model")).toBe("Выберите вариант");
    await pick(page, "catalog-picker-model", "civic", "Civic");
    await next(page, "Характеристики");
    await chip(page, "fuel", "diesel");
    await page.waitForTimeout(600); // the draft is written after a short pause in typing

    await page.reload({ waitUntil: "networkidle" });
    await poll(() => page.getByTestId("draft-restored").count()).toBe(1);
    expect(await stepTitle(page)()).toBe("Характеристики");
    expect(await page.getByTestId("field-fuel").locator('[data-value="diesel"] input').isChecked()).toBe(
      true,
    );
    await page.getByTestId("step-back").click();
    await poll(stepTitle(page)).toBe("Автомобиль");
    expect(await page.getByTestId("catalog-picker-model").inputValue()).toBe("Civic");
    expect(await page.getByTestId("field-year").inputValue()).toBe("2015");

    await page.getByTestId("draft-start-over").click();
    await poll(() => page.getByTestId("field-year").inputValue()).toBe("");
    expect(await page.getByTestId("catalog-picker-mark").inputValue()).toBe("");
    await page.reload({ waitUntil: "networkidle" });
    expect(await page.getByTestId("draft-restored").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test("[S5.1] bad input shows translated errors beside the fields of the step that holds them", async ({
    page,
    createUser,
    signIn,
    visit,
  }) => {
    const errors = consoleErrors(page);
    await signIn(await createUser("seller"));
    await visit("/create/car");
    await page.getByTestId("step-next").click();
    await poll(() => fieldError(page, "catalog-picker-mark")).toBe("Выберите вариант");
    expect(await fieldError(page, "field-year")).toBe("Заполните это поле");
    await page.getByTestId("field-year").fill("1900");
    await poll(() => fieldError(page, "field-year")).toBe("Не меньше 1950");
    await pick(page, "catalog-picker-mark", "тойота", "Toyota");
    await pick(page, "catalog-picker-model", "кам", "Camry");
    await page.getByTestId("field-year").fill("2012");
    await next(page, "Характеристики");
    await page.getByTestId("field-vin").fill("JTNB11HK1K30O2345");
    await page.getByTestId("step-next").click();
    await poll(() => fieldError(page, "field-vin")).toBe("VIN — 17 латинских букв и цифр, без I, O и Q");
    expect(await stepTitle(page)()).toBe("Характеристики");
    expect(await page.getByText("Заполните это поле").count()).toBeGreaterThan(0);
    // Each language has its texts. The draft of this form is dropped (after leaving it, so it is not
    // written again) and the next forms start empty.
    await visit("/");
    await page.evaluate(() => localStorage.clear());

    await visit("/en/create/car");
    await page.getByTestId("step-next").click();
    await poll(() => fieldError(page, "catalog-picker-mark")).toBe("Choose an option");
    expect(await fieldError(page, "field-year")).toBe("Fill in this field");
    await visit("/ky/create/car");
    await page.getByTestId("step-next").click();
    await poll(() => fieldError(page, "catalog-picker-mark")).toBe("Вариантты тандаңыз");
    expect(await fieldError(page, "field-year")).toBe("Бул талааны толтуруңуз");
    expect(errors).toEqual([]);
  });
});

describe("publishing a services ad on a phone", () => {
  test("title, type and price unit; the API's field error lands on its step; published and listed", async ({
    page,
    server,
    createUser,
    signIn,
    visit,
  }) => {
    const errors = consoleErrors(page);
    await signIn(await createUser("provider"));
    await page.setViewportSize({ width: 390, height: 844 });
    await visit("/create/uslugi");
    expect(await page.getByText("Шаг 1 из 6").count()).toBe(1);
    await chip(page, "category", "tow-truck");
    await next(page, "Характеристики");
    await page.getByTestId("field-address").fill("Бишкек, ул. Ахунбаева 1");
    await next(page, "Фото");
    await page.getByTestId("photo-input").setInputFiles(await photoFiles(["#f39c12"]));
    await poll(() => page.getByTestId("photo-item").count()).toBe(1);
    await next(page, "Цена и контакты");
    await page.getByTestId("field-price").fill("1500");
    await chip(page, "priceUnit", "per-km");
    await select(page, "field-regionId", "Бишкек");
    await next(page, "Описание");
    await page.getByTestId("step-next").click();
    await poll(() => page.getByTestId("field-title").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("Заполните это поле").count()).toBe(1);
    await page.getByTestId("field-title").fill("Эвакуатор по Бишкеку 24/7");
    await next(page, "Проверка");

    // The API refuses the town: its message shows under the town, on the price step.
    await page.route("**/api/ads", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({
              code: "AD_LOCATION_INVALID",
              message: "invalid townId",
              errors: [{ path: "townId", code: "AD_LOCATION_INVALID", message: "invalid townId" }],
            }),
          })
        : route.continue(),
    );
    await page.getByTestId("publish").click();
    await poll(stepTitle(page)).toBe("Цена и контакты");
    expect(await fieldError(page, "field-townId")).toBe("Выберите регион и город из списка");
    await page.unroute("**/api/ads");
    // The message stays until the town changes.
    await page.getByTestId("field-townId").click();
    await page.getByRole("listbox").getByRole("option").first().click();
    expect(await fieldError(page, "field-townId")).toBeNull();

    await next(page, "Описание");
    await next(page, "Проверка");
    await page.getByTestId("publish").click();
    await page.waitForURL(/\/uslugi\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").at(-1));
    await poll(() => page.locator("h1").first().textContent()).toBe("Эвакуатор по Бишкеку 24/7");
    const { ad } = await fetchAd(server, id);
    expect(ad).toMatchObject({ status: "active", price: 1500, title: "Эвакуатор по Бишкеку 24/7" });
    expect(ad.fields).toMatchObject({ category: "tow-truck", priceUnit: "per-km" });

    await visit("/uslugi/tow-truck/all");
    await poll(() => page.locator(`[data-testid="ad-card"][data-ad-id="${id}"]`).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
