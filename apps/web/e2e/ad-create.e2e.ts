/**
 * Publishing ads in Chromium against the production server (issue 5, "Done when"): a signed-in user
 * publishes a car ad with three real photos through the step form, reorders the photos, finds the
 * ad by filter and by text, opens it, lowers its price (the old one shows crossed out) and archives
 * it in My ads; an unfinished form survives a reload; bad input and the API's field errors show
 * translated on the step that holds the field; the same journey for a services ad on a phone.
 *
 * The user signs up by phone with the code the outbox sender logs (CODE_DELIVERY=outbox), so the
 * phone is confirmed and ads go live at once (moderation "auto").
 */
import type { Ad } from "@unaa/contracts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectConsoleErrors } from "./browser.ts";
import { connectBrowser, sharedServer } from "./fixtures.ts";

// A fresh database per run, but numbers unlikely to collide with demo data.
const phoneDigits = `70${String(Date.now() % 10_000_000).padStart(7, "0")}`;
const PHONE = `+996${phoneDigits}`;
const OTHER_PHONE = `+99655${phoneDigits.slice(-7)}`;

const server = sharedServer();
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
/** The car ad published by the first journey, used by the ones after it. */
let carAd: Ad;

// The 400 answers these journeys provoke (and the mocked one) are logged by the browser.
const allowedConsole = [/Failed to load resource: the server responded with a status of 4\d\d/];

function poll<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 15_000 });
}

/** The newest code the outbox sender logged for this phone. */
async function codeFromOutbox(to: string): Promise<string> {
  let code: string | undefined;
  await poll(() => {
    for (const line of [...server.logs].reverse()) {
      try {
        const outbox = (JSON.parse(line) as { outbox?: { to: string; code: string } }).outbox;
        if (outbox?.to === to) {
          code = outbox.code;
          break;
        }
      } catch {
        // Not a JSON log line.
      }
    }
    return code;
  }).toMatch(/^\d{6}$/);
  return code ?? "";
}

/**
 * Signs up in the page itself (the accounts journeys test the forms): the cookies land in the
 * browser. Codes are limited to one a minute per address, so a second user comes from another one
 * (the test server trusts X-Forwarded-For).
 */
async function signUp(target: Page, phone: string, address = "203.0.113.10"): Promise<void> {
  await target.goto(`${server.url}/`);
  const headers = { "Content-Type": "application/json", "X-Forwarded-For": address };
  await target.evaluate(
    async ([login, sent]) => {
      await fetch("/api/auth/sign-request", {
        method: "POST",
        headers: sent,
        body: JSON.stringify({ purpose: "sign-up", login }),
      });
    },
    [phone, headers] as const,
  );
  const code = await codeFromOutbox(phone);
  const status = await target.evaluate(
    async ([login, oneTimeCode, username, sent]) => {
      const response = await fetch("/api/auth/sign-up", {
        method: "POST",
        headers: sent,
        body: JSON.stringify({
          login,
          code: oneTimeCode,
          username,
          password: "Kara-Balta 2026!",
          device: { type: "desktop", label: "Linux Web Desktop" },
          source: navigator.userAgent,
        }),
      });
      return response.status;
    },
    [phone, code, `seller_${phone.slice(-9)}`, headers] as const,
  );
  expect(status).toBe(200);
}

/** Opens a page and waits until it is hydrated and idle, so clicks and keys reach React. */
async function visit(path: string): Promise<void> {
  await page.goto(server.url + path, { waitUntil: "networkidle" });
}

/** Types into a catalogue picker and takes the option offered with the keyboard. */
async function pick(testId: string, typed: string, expected: string): Promise<void> {
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
async function chip(field: string, value: string): Promise<void> {
  await page.getByTestId(`field-${field}`).locator(`[data-value="${value}"] label`).click();
}

/** Chooses an option of a select by its visible name. */
async function select(testId: string, name: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole("listbox").getByRole("option", { name, exact: true }).click();
}

const stepTitle = () => page.getByTestId("step-title").textContent();

/** The error text an input is described by (Mantine links the text under a field to its input). */
async function fieldError(testId: string): Promise<string | null> {
  const described = (await page.getByTestId(testId).getAttribute("aria-describedby")) ?? "";
  const errorId = described.split(" ").find((id) => id.endsWith("-error"));
  return errorId ? page.locator(`[id="${errorId}"]`).textContent() : null;
}

async function next(expectedTitle: string): Promise<void> {
  await page.getByTestId("step-next").click();
  await poll(stepTitle).toBe(expectedTitle);
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

const photoIds = () =>
  page.getByTestId("photo-item").evaluateAll((items) => items.map((item) => Number(item.dataset.photoId)));

async function fetchAd(id: number): Promise<{ status: number; ad: Ad }> {
  const response = await fetch(`${server.url}/api/ads/${id}`);
  return { status: response.status, ad: (await response.json()) as Ad };
}

const toastTexts = () => page.getByTestId("toast").allTextContents();

beforeAll(async () => {
  browser = await connectBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  errors = collectConsoleErrors(page, allowedConsole);
});

afterAll(async () => {
  await browser?.close();
});

describe("publishing a car ad", () => {
  it("[S2.7] the chooser leads to the car form, whose steps publish an ad with 3 reordered photos", async () => {
    await signUp(page, PHONE);
    await visit("/create");
    await page.locator('a[href="/create/car"]').click();
    await page.waitForURL(`${server.url}/create/car`);
    await poll(stepTitle).toBe("Автомобиль");

    await pick("catalog-picker-mark", "тойота", "Toyota");
    await pick("catalog-picker-model", "кам", "Camry");
    await pick("catalog-picker-generation", "xv70", "XV70");
    await pick("catalog-picker-complectation", "2.5", "2.5 AT");
    await page.getByTestId("field-year").fill("2019");
    await next("Характеристики");

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
      await chip(field, value);
    }
    // [S5.2][S5.4] the number mask groups thousands; [S5.1] the VIN mask takes letters and digits, upper-cased.
    await page.getByTestId("field-mileage").fill("85000");
    expect(await page.getByTestId("field-mileage").inputValue()).toBe("85\u202f000");
    await page.getByTestId("field-vin").fill("jtnb11hk-1k3012345");
    expect(await page.getByTestId("field-vin").inputValue()).toBe("JTNB11HK1K3012345");
    await next("Фото");

    await page.getByTestId("photo-input").setInputFiles(await photoFiles(["#c0392b", "#2980b9", "#27ae60"]));
    await poll(() => page.getByTestId("photo-item").count()).toBe(3);
    const uploaded = await photoIds();
    // The keyboard moves the third photo to the front: it becomes the cover.
    await page.getByTestId("photo-handle").nth(2).focus();
    // One key at a time, as a person presses them: each move settles before the next.
    for (const key of ["Space", "ArrowLeft", "ArrowLeft", "Space"]) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
    const reordered = [uploaded[2], uploaded[0], uploaded[1]];
    await poll(photoIds).toEqual(reordered);
    expect(await page.getByTestId("photo-item").first().getByTestId("photo-cover").count()).toBe(1);
    await next("Цена и контакты");

    await page.getByTestId("field-price").fill("1850000");
    expect(await page.getByTestId("field-price").inputValue()).toBe("1\u202f850\u202f000");
    await select("field-regionId", "Бишкек");
    await next("Описание");
    await page.getByTestId("field-description").fill("Один хозяин, обслуживалась у дилера.");
    await next("Проверка");
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

    const { status, ad } = await fetchAd(id);
    expect(status).toBe(200);
    expect(ad.status).toBe("active");
    expect(ad.title).toBe("Toyota Camry XV70, 2019");
    expect(ad.photos.map((photo) => photo.id)).toEqual(reordered);
    expect(ad.fields).toMatchObject({ mileage: 85_000, body: "sedan" });
    carAd = ad;
  });

  it("finds the ad by its mark in the list and by text, and opens it", async () => {
    const card = page.locator(`[data-testid="ad-card"][data-ad-id="${carAd.id}"]`);
    await visit(`/car?mark=${carAd.fields.mark}`);
    await poll(() => card.count()).toBe(1);
    await visit("/car?q=camry");
    await poll(() => card.count()).toBe(1);
    await card.getByTestId("ad-card-title").click();
    await page.waitForURL(`${server.url}/car/${carAd.id}`);
    await poll(() => page.locator("h1").first().textContent()).toBe("Toyota Camry XV70, 2019");
  });

  it("[S2.7] the edit page is its owner's: a guest is sent to sign in, another user gets 404", async () => {
    const guest = await browser.newPage();
    await guest.goto(`${server.url}/car/${carAd.id}/edit`);
    await guest.waitForURL(`${server.url}/login?redirect=${encodeURIComponent(`/car/${carAd.id}/edit`)}`);
    const other = await browser.newPage();
    await signUp(other, OTHER_PHONE, "203.0.113.20");
    const response = await other.goto(`${server.url}/car/${carAd.id}/edit`);
    expect(response?.status()).toBe(404);
    await guest.close();
    await other.close();
  });

  it("edits the price lower: the ad page shows the old price crossed out", async () => {
    await visit(`/car/${carAd.id}/edit`);
    expect(await page.getByTestId("catalog-picker-mark").inputValue()).toBe("Toyota");
    expect(await page.getByTestId("field-year").inputValue()).toBe("2019");
    await page.getByTestId("step-price").click();
    await poll(stepTitle).toBe("Цена и контакты");
    await page.getByTestId("field-price").fill("1700000");
    await page.getByTestId("save-now").click();
    await Promise.all([
      poll(toastTexts).toContainEqual(expect.stringContaining("Изменения сохранены")),
      page.waitForURL(`${server.url}/car/${carAd.id}`),
    ]);
    await poll(() => page.getByTestId("ad-price").textContent()).toContain("1\u202f700\u202f000");
    expect(await page.getByTestId("ad-old-price").textContent()).toContain("1\u202f850\u202f000");
  });

  it("archives the ad in My ads: the row changes in place and the ad leaves the site", async () => {
    await visit("/settings/adds");
    const row = page.locator(`[data-testid="my-ad"][data-ad-id="${carAd.id}"]`);
    await poll(() => row.count()).toBe(1);
    expect(await row.getByTestId("my-ad-status").textContent()).toBe("Активно");
    await row.getByTestId("my-ad-more").click();
    await page.getByTestId("my-ad-archive").click();
    await poll(toastTexts).toContainEqual(expect.stringContaining("Объявление снято с публикации"));
    expect(await row.getByTestId("my-ad-status").textContent()).toBe("В архиве");
    expect(await page.getByTestId("my-ads-tab-archived").textContent()).toContain("1");
    expect((await fetchAd(carAd.id)).status).toBe(404);
    // Archived ads may be published again from their row.
    expect(await row.getByTestId("my-ad-publish").textContent()).toBe("Опубликовать снова");
  });

  it("keeps the unfinished form across a reload, and starts over on request", async () => {
    await page.evaluate(() => localStorage.clear());
    await visit("/create/car");
    await pick("catalog-picker-mark", "honda", "Honda");
    await page.getByTestId("field-year").fill("2015");
    await page.getByTestId("step-next").click();
    // The model is still missing: the first step stays, its error in Russian beside the picker.
    await poll(() => fieldError("catalog-picker-model")).toBe("Выберите вариант");
    await pick("catalog-picker-model", "civic", "Civic");
    await next("Характеристики");
    await chip("fuel", "diesel");
    await page.waitForTimeout(600); // the draft is written after a short pause in typing

    await page.reload({ waitUntil: "networkidle" });
    await poll(() => page.getByTestId("draft-restored").count()).toBe(1);
    expect(await stepTitle()).toBe("Характеристики");
    expect(await page.getByTestId("field-fuel").locator('[data-value="diesel"] input').isChecked()).toBe(
      true,
    );
    await page.getByTestId("step-back").click();
    await poll(stepTitle).toBe("Автомобиль");
    expect(await page.getByTestId("catalog-picker-model").inputValue()).toBe("Civic");
    expect(await page.getByTestId("field-year").inputValue()).toBe("2015");

    await page.getByTestId("draft-start-over").click();
    await poll(() => page.getByTestId("field-year").inputValue()).toBe("");
    expect(await page.getByTestId("catalog-picker-mark").inputValue()).toBe("");
    await page.reload({ waitUntil: "networkidle" });
    expect(await page.getByTestId("draft-restored").count()).toBe(0);
  });

  it("[S5.1] bad input shows translated errors beside the fields of the step that holds them", async () => {
    await visit("/create/car");
    await page.getByTestId("step-next").click();
    await poll(() => fieldError("catalog-picker-mark")).toBe("Выберите вариант");
    expect(await fieldError("field-year")).toBe("Заполните это поле");
    await page.getByTestId("field-year").fill("1900");
    await poll(() => fieldError("field-year")).toBe("Не меньше 1950");
    await pick("catalog-picker-mark", "тойота", "Toyota");
    await pick("catalog-picker-model", "кам", "Camry");
    await page.getByTestId("field-year").fill("2012");
    await next("Характеристики");
    await page.getByTestId("field-vin").fill("JTNB11HK1K30O2345");
    await page.getByTestId("step-next").click();
    await poll(() => fieldError("field-vin")).toBe("VIN — 17 латинских букв и цифр, без I, O и Q");
    expect(await stepTitle()).toBe("Характеристики");
    expect(await page.getByText("Заполните это поле").count()).toBeGreaterThan(0);
    // Each language has its texts. The draft of this form is dropped (after leaving it, so it is not
    // written again) and the next forms start empty.
    await visit("/");
    await page.evaluate(() => localStorage.clear());

    await visit("/en/create/car");
    await page.getByTestId("step-next").click();
    await poll(() => fieldError("catalog-picker-mark")).toBe("Choose an option");
    expect(await fieldError("field-year")).toBe("Fill in this field");
    await visit("/ky/create/car");
    await page.getByTestId("step-next").click();
    await poll(() => fieldError("catalog-picker-mark")).toBe("Вариантты тандаңыз");
    expect(await fieldError("field-year")).toBe("Бул талааны толтуруңуз");
  });
});

describe("publishing a services ad on a phone", () => {
  it("title, type and price unit; the API's field error lands on its step; published and listed", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit("/create/uslugi");
    expect(await page.getByText("Шаг 1 из 6").count()).toBe(1);
    await chip("category", "tow-truck");
    await next("Характеристики");
    await page.getByTestId("field-address").fill("Бишкек, ул. Ахунбаева 1");
    await next("Фото");
    await page.getByTestId("photo-input").setInputFiles(await photoFiles(["#f39c12"]));
    await poll(() => page.getByTestId("photo-item").count()).toBe(1);
    await next("Цена и контакты");
    await page.getByTestId("field-price").fill("1500");
    await chip("priceUnit", "per-km");
    await select("field-regionId", "Бишкек");
    await next("Описание");
    await page.getByTestId("step-next").click();
    await poll(() => page.getByTestId("field-title").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("Заполните это поле").count()).toBe(1);
    await page.getByTestId("field-title").fill("Эвакуатор по Бишкеку 24/7");
    await next("Проверка");

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
    await poll(stepTitle).toBe("Цена и контакты");
    expect(await fieldError("field-townId")).toBe("Выберите регион и город из списка");
    await page.unroute("**/api/ads");
    // The message stays until the town changes.
    await page.getByTestId("field-townId").click();
    await page.getByRole("listbox").getByRole("option").first().click();
    expect(await fieldError("field-townId")).toBeNull();

    await next("Описание");
    await next("Проверка");
    await page.getByTestId("publish").click();
    await page.waitForURL(/\/uslugi\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").at(-1));
    await poll(() => page.locator("h1").first().textContent()).toBe("Эвакуатор по Бишкеку 24/7");
    const { ad } = await fetchAd(id);
    expect(ad).toMatchObject({ status: "active", price: 1500, title: "Эвакуатор по Бишкеку 24/7" });
    expect(ad.fields).toMatchObject({ category: "tow-truck", priceUnit: "per-km" });

    await visit("/uslugi/tow-truck/all");
    await poll(() => page.locator(`[data-testid="ad-card"][data-ad-id="${id}"]`).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
