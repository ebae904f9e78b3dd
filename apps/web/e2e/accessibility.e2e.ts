/**
 * WCAG 2.2 A/AA with axe-core (issue 13): every public page and the signed-in pages, in ru, ky and
 * en, light and dark, at 390 and 1280 px (which language at which width and scheme: `locales`),
 * must have no violation. Each page is opened once per
 * locale; the colour scheme (the OS preference: with no stored choice the site follows it, live)
 * and the viewport are then switched in place, each switch checked before axe runs again.
 *
 * The dark runs check only the rules that read colours (`colourRules`): the scheme changes CSS
 * variables, not the document, so the other rules would repeat the light run's answer.
 */

import { type Ad, verticals } from "@unaa/contracts";
import type { Browser, Page } from "playwright-core";
import { draftKey } from "../app/features/ads/ad-form/ad-draft.ts";
import { valuesOfAd } from "../app/features/ads/ad-form/ad-form-values.ts";
import { GUEST_FAVORITES_KEY } from "../app/lib/client-state.ts";
import {
  type AdRef,
  apiCall,
  carAdBody,
  commercialAdBody,
  drawPhoto,
  motoAdBody,
  pickCamry,
  pickTruck,
  publishAd,
  type SeededUser,
  servicesAdBody,
  signInAgain,
  signUpByPhone,
  uploadPhoto,
} from "./ad-seed.ts";
import { axeViolations, withoutTransitions } from "./axe.ts";
import { describe, expect, poll, type SharedServer, test, uniqueName, waitForHydration } from "./fixtures.ts";

/** The rules of those tags whose answer depends on colours. */
const colourRules = ["color-contrast", "link-in-text-block"];
/**
 * Kyrgyz (the longest words) is checked on the phone and English on the laptop, in the light scheme
 * with every rule; Russian on the laptop with every rule and in the dark scheme at both widths with
 * the colour rules. So every width is checked with every rule and in both schemes, and in two
 * languages: the other languages change the words, not the colours or the layout's rules.
 */
const locales = [
  { locale: "ru", prefix: "", width: 1280 },
  { locale: "ky", prefix: "/ky", width: 390 },
  { locale: "en", prefix: "/en", width: 1280 },
] as const;

interface Seeded {
  seller: SeededUser;
  ads: Record<(typeof verticals)[number], AdRef>;
  carAd: Ad;
}

async function seed(server: SharedServer): Promise<Seeded> {
  const seller = await signUpByPhone(server, uniqueName("a11y"));
  const token = seller.accessToken;
  const pick = await pickCamry(server);
  const photos = [
    await uploadPhoto(server, token, await drawPhoto("1", 200)),
    await uploadPhoto(server, token, await drawPhoto("2", 20)),
  ];
  const car = await publishAd(
    server,
    token,
    carAdBody(
      pick,
      photos.map((photo) => photo.id),
    ),
  );
  const commercial = await publishAd(server, token, commercialAdBody(pick, await pickTruck(server), []));
  const moto = await publishAd(server, token, motoAdBody(pick, []));
  const uslugi = await publishAd(server, token, servicesAdBody(pick, []));
  const carAd = await apiCall<Ad>(server, "GET", `/api/ads/${car.id}`);
  return { seller, ads: { car, commercial, moto, uslugi }, carAd };
}

async function runAxe(page: Page, rules: "all" | "colours", where: string): Promise<string[]> {
  // From the top of the page, as a visitor arrives: a step change or a focused field may have left
  // the page scrolled so that links sit half under the sticky header, which axe counts as obscured
  // targets of that moment, not of the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  return axeViolations(page, where, rules === "all" ? undefined : colourRules);
}

/** The scheme the site shows, as Mantine sets it on <html>. */
function scheme(page: Page): Promise<string | null> {
  return page.locator("html").getAttribute("data-mantine-color-scheme");
}

/**
 * Checks the page as it is now, starting with the width and scheme it has (no switch wasted): every
 * rule in the light scheme, the colour rules in the dark one. Russian is checked in three of the four
 * modes (the phone's light scheme is Kyrgyz's); the other languages at their own width in the light
 * scheme (see `locales`). Returns the findings, each naming the page, locale, mode and width.
 */
async function checkEveryMode(page: Page, label: string): Promise<string[]> {
  const found: string[] = [];
  const width = await page.evaluate(() => window.innerWidth);
  const mode = (await scheme(page)) === "dark" ? "dark" : "light";
  const russian = (await page.locator("html").getAttribute("lang")) === "ru";
  const other = { light: "dark", dark: "light" } as const;
  const order = (
    [
      [width, mode],
      [width, other[mode]],
      [width === 390 ? 1280 : 390, other[mode]],
      [width === 390 ? 1280 : 390, mode],
    ] as [number, "light" | "dark"][]
  ).filter(([nextWidth, nextMode]) =>
    russian ? !(nextWidth === 390 && nextMode === "light") : nextWidth === width && nextMode === "light",
  );
  for (const [nextWidth, nextMode] of order) {
    if ((await page.evaluate(() => window.innerWidth)) !== nextWidth) {
      await page.setViewportSize({ width: nextWidth, height: nextWidth === 390 ? 844 : 900 });
      await poll(() => page.evaluate(() => window.innerWidth)).toBe(nextWidth);
    }
    await page.emulateMedia({ colorScheme: nextMode });
    await poll(() => scheme(page)).toBe(nextMode);
    // Two frames: React has answered the resize and the new styles are applied.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    found.push(
      ...(await runAxe(
        page,
        nextMode === "light" ? "all" : "colours",
        `${label} ${nextMode} ${nextWidth}px`,
      )),
    );
  }
  return found;
}

interface PageCheck {
  /** The path without the locale prefix. */
  path: string;
  /** Waits until the page shows what is to be checked. */
  ready?: (page: Page) => Promise<unknown>;
  /** Further states of the same page (form steps), checked after the page as opened. */
  more?: (page: Page, label: string) => Promise<string[]>;
}

/** Resolves once no request of the page has been in flight for 300 ms (after a client navigation). */
function networkQuiet(page: Page): () => Promise<void> {
  let inFlight = 0;
  let changed = Date.now();
  const count = (delta: number) => () => {
    inFlight += delta;
    changed = Date.now();
  };
  page.on("request", count(1));
  page.on("requestfinished", count(-1));
  page.on("requestfailed", count(-1));
  return () => poll(() => inFlight === 0 && Date.now() - changed >= 300).toBe(true);
}

/**
 * Checks `checks` in every locale at once, a browser context each. The first page is loaded from
 * the server; the next ones are reached by the app's own (client-side) navigation, the way a
 * visitor goes on, so axe, injected once, stays warm. Hydration matches the server's HTML (the
 * other browser tests check it), so a page looks the same either way.
 */
async function checkPages(
  browser: Browser,
  server: SharedServer,
  checks: PageCheck[],
  options: { user?: SeededUser; initScript?: { name: string; value: string } } = {},
): Promise<string[]> {
  const found = await Promise.all(
    locales.map(async ({ locale, prefix, width }) => {
      const context = await browser.newContext({
        viewport: { width, height: width === 390 ? 844 : 900 },
        colorScheme: "light",
      });
      try {
        if (options.user) {
          const { hostname } = new URL(server.url);
          const cookies = await signInAgain(server, options.user);
          await context.addCookies(cookies.map((cookie) => ({ ...cookie, domain: hostname })));
        }
        await withoutTransitions(context);
        if (options.initScript) {
          await context.addInitScript(({ name, value }) => {
            try {
              if (!localStorage.getItem(name)) localStorage.setItem(name, value);
            } catch {
              // A document without storage (about:blank) is not the site.
            }
          }, options.initScript);
        }
        const page = await context.newPage();
        const quiet = networkQuiet(page);
        const results: string[] = [];
        for (const [index, check] of checks.entries()) {
          const path = `${prefix}${check.path}` || "/";
          if (index === 0) {
            await page.goto(server.url + path, { waitUntil: "networkidle" });
            await waitForHydration(page);
          } else {
            await page.evaluate((to) => {
              const router = (
                window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }
              ).__reactRouterDataRouter;
              router.navigate(to);
            }, path);
            await poll(() => page.evaluate(() => window.location.pathname + window.location.search)).toBe(
              path,
            );
            await quiet();
          }
          expect(await page.locator("html").getAttribute("lang")).toBe(locale);
          await check.ready?.(page);
          const label = `${path} (${locale})`;
          results.push(...(await checkEveryMode(page, label)));
          if (check.more) results.push(...(await check.more(page, label)));
        }
        return results;
      } finally {
        await context.close();
      }
    }),
  );
  return found.flat();
}

const it = test.extend<{ $file: { seeded: Seeded } }>({
  seeded: [
    async ({ server }, use) => {
      await use(await seed(server));
    },
    { scope: "file" },
  ],
});

/** Fails with every finding, one a line. */
function expectNone(found: string[]): void {
  expect(found, `${found.length} violations:\n${found.join("\n")}`).toEqual([]);
}

// Timeouts for a busy machine; on two idle cores the file takes well under its budget.
describe("accessibility: no WCAG 2.2 A/AA violation (axe-core)", () => {
  it("the public pages: home, lists, an ad of each vertical, catalogue, urgent, favorites, login, 404", {
    timeout: 600_000,
  }, async ({ browser, server, seeded }) => {
    const found = await checkPages(
      browser,
      server,
      [
        { path: "" },
        ...verticals.map((vertical) => ({ path: `/${vertical}` })),
        ...verticals.map((vertical) => ({ path: `/${vertical}/${seeded.ads[vertical].id}` })),
        { path: "/catalog" },
        { path: "/catalog/toyota" },
        { path: "/catalog/toyota/camry" },
        { path: "/catalog/toyota/camry/xv70" },
        { path: "/urgent" },
        {
          path: "/favorites",
          ready: (page) => poll(() => page.locator("main a[href*='/car/']").count()).not.toBe(0),
        },
        { path: "/no-such-page" },
        { path: "/login" },
      ],
      {
        // A guest with favorites: /favorites shows cards, and list cards show the filled heart.
        initScript: {
          name: GUEST_FAVORITES_KEY,
          value: JSON.stringify(verticals.map((vertical) => seeded.ads[vertical].id)),
        },
      },
    );
    expectNone(found);
  });

  it("the profile pages: a seller's tabs, and a closed account's neutral page", {
    timeout: 600_000,
  }, async ({ browser, server, seeded }) => {
    const closed = await signUpByPhone(server, uniqueName("a11y_closed"));
    await apiCall(server, "DELETE", "/api/user/me", { password: closed.password }, closed.accessToken);
    const found = await checkPages(browser, server, [
      { path: `/profile/${seeded.seller.userId}` },
      { path: `/profile/${seeded.seller.userId}/uslugi` },
      { path: `/profile/${closed.userId}` },
    ]);
    expectNone(found);
  });

  it("the signed-in pages: every step of the create form, an ad's paid services, the settings pages", {
    timeout: 600_000,
  }, async ({ browser, server, seeded }) => {
    // The car form opens on its last step from a saved draft (the seeded car); each step back is
    // another state of the same page.
    const draft = JSON.stringify({
      version: 1,
      savedAt: new Date().toISOString(),
      adId: null,
      step: "preview",
      values: valuesOfAd(seeded.carAd, {
        slugs: { mark: "toyota", model: "camry", generation: "xv70", complectation: null },
        names: { mark: "Toyota", model: "Camry", generation: "XV70" },
      }),
    });
    const stepBack = async (page: Page, label: string): Promise<string[]> => {
      const results: string[] = [];
      const title = page.getByTestId("step-title");
      for (let step = 0; step < 5; step++) {
        const before = await title.textContent();
        await page.getByTestId("step-back").click();
        await poll(() => title.textContent()).not.toBe(before);
        results.push(...(await checkEveryMode(page, `${label}, step "${await title.textContent()}"`)));
      }
      return results;
    };
    // The sandbox provider's checkout of a top-up of the seller's.
    const topUp = await apiCall<{ payment: { id: string } }>(
      server,
      "POST",
      "/api/payments",
      { amount: 50_000, provider: "sandbox" },
      seeded.seller.accessToken,
    );
    const found = await checkPages(
      browser,
      server,
      [
        { path: "/create" },
        {
          path: `/sandbox-pay/${topUp.payment.id}`,
          ready: (page) => poll(() => page.getByTestId("sandbox-pay").count()).toBe(1),
        },
        // The paid services of the seller's car ad (decision 063).
        {
          path: `/services/car/${seeded.ads.car.id}`,
          ready: (page) => poll(() => page.getByTestId("service-raise").count()).toBe(1),
        },
        {
          path: "/create/car",
          ready: (page) => poll(() => page.getByTestId("draft-restored").count()).toBe(1),
          more: stepBack,
        },
        ...["", "/adds", "/balance", "/chats", "/notifications", "/profile", "/sessions", "/subscribe"].map(
          (path) => ({
            path: `/settings${path}`,
          }),
        ),
      ],
      { user: seeded.seller, initScript: { name: draftKey(seeded.seller.userId, "car"), value: draft } },
    );
    expectNone(found);
  });

  it("the reviews: /reviews, and a seller's reviews with a reply, to a guest and to the buyer who may review", {
    timeout: 600_000,
  }, async ({ browser, server }) => {
    const seller = await signUpByPhone(server, uniqueName("a11y_reviewed"));
    const adId = (await publishAd(server, seller.accessToken, carAdBody(await pickCamry(server), []))).id;
    const reviewer = await signUpByPhone(server, uniqueName("a11y_reviewer"));
    const buyer = await signUpByPhone(server, uniqueName("a11y_may_review"));
    for (const client of [reviewer, buyer]) {
      const chat = await apiCall<{ id: number }>(server, "POST", "/api/chats", { adId }, client.accessToken);
      await apiCall(
        server,
        "POST",
        `/api/chats/${chat.id}/messages`,
        { text: "Ещё продаётся?" },
        client.accessToken,
      );
      await apiCall(server, "POST", `/api/chats/${chat.id}/messages`, { text: "Да" }, seller.accessToken);
    }
    const review = await apiCall<{ id: number }>(
      server,
      "POST",
      "/api/reviews",
      { sellerId: seller.userId, stars: 4, text: "Честный продавец, всё как в объявлении. Рекомендую." },
      reviewer.accessToken,
    );
    await apiCall(
      server,
      "POST",
      `/api/reviews/${review.id}/reply`,
      { text: "Спасибо!" },
      seller.accessToken,
    );
    const sellerPage = {
      path: `/profile/${seller.userId}`,
      ready: (page: Page) => poll(() => page.getByTestId("review-reply").count()).toBe(1),
    };
    const found = [
      ...(await checkPages(browser, server, [
        { path: "/reviews" },
        { path: "/reviews?rating=1" },
        sellerPage,
      ])),
      ...(await checkPages(
        browser,
        server,
        [{ ...sellerPage, ready: (page: Page) => page.getByTestId("review-write").waitFor() }],
        { user: buyer },
      )),
    ];
    expectNone(found);
  });

  it("the business pages: the directory, a business page, the business settings form", {
    timeout: 600_000,
  }, async ({ browser, server, seeded }) => {
    const link = uniqueName("a11y-biz")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-");
    const business = await apiCall<{ id: number }>(
      server,
      "POST",
      "/api/businesses",
      {
        link,
        name: "A11y Motors",
        kind: "dealer",
        description: "Cars with a warranty",
        regionId: seeded.carAd.regionId,
        address: "Chui avenue 1",
        point: { lat: 42.8746, lng: 74.5698 },
        hours: { mon: { open: "09:00", close: "18:00", breakStart: "13:00", breakEnd: "14:00" } },
        website: "https://a11y-motors.kg",
        socials: { instagram: "a11y.motors" },
      },
      seeded.seller.accessToken,
    );
    await publishAd(server, seeded.seller.accessToken, {
      ...carAdBody(await pickCamry(server), []),
      businessId: business.id,
    });
    const found = [
      ...(await checkPages(browser, server, [
        { path: "/business", ready: (page) => page.getByTestId("business-list").waitFor() },
        { path: `/business/${link}`, ready: (page) => page.getByTestId("business-ads").waitFor() },
      ])),
      ...(await checkPages(
        browser,
        server,
        [{ path: "/settings/business", ready: (page) => page.getByTestId("business-form").waitFor() }],
        { user: seeded.seller },
      )),
    ];
    expectNone(found);
  });

  it("the inbox: empty, and a conversation with a photo, read receipts and a safety warning", {
    timeout: 600_000,
  }, async ({ browser, server, seeded }) => {
    const buyer = await signUpByPhone(server, uniqueName("a11y_buyer"));
    const chat = await apiCall<{ id: number }>(
      server,
      "POST",
      "/api/chats",
      { adId: seeded.ads.car.id },
      buyer.accessToken,
    );
    const question = await apiCall<{ id: number }>(
      server,
      "POST",
      `/api/chats/${chat.id}/messages`,
      { text: "Здравствуйте! Машина ещё продаётся? unaa.example/car/1" },
      buyer.accessToken,
    );
    const photo = await uploadPhoto(server, seeded.seller.accessToken, await drawPhoto("C", 90), "chat");
    await apiCall(
      server,
      "POST",
      `/api/chats/${chat.id}/messages`,
      { text: "Да. Машина в Оше, внесите предоплату 20 000 сом и я её пригоню", photoIds: [photo.id] },
      seeded.seller.accessToken,
    );
    await apiCall(
      server,
      "POST",
      `/api/chats/${chat.id}/read`,
      { messageId: question.id },
      seeded.seller.accessToken,
    );
    const empty = await signUpByPhone(server, uniqueName("a11y_empty"));
    const found = [
      ...(await checkPages(
        browser,
        server,
        [{ path: "/settings/chats", ready: (page) => page.getByTestId("chat-inbox-empty").waitFor() }],
        { user: empty },
      )),
      ...(await checkPages(
        browser,
        server,
        [
          {
            path: `/settings/chats?chat=${chat.id}`,
            ready: (page) => poll(() => page.getByTestId("chat-warning").count()).toBe(1),
          },
        ],
        { user: buyer },
      )),
    ];
    expectNone(found);
  });

  it("the notification list with read and unread notifications, and the blocked users list", {
    timeout: 600_000,
  }, async ({ browser, server, seeded }) => {
    const reader = await signUpByPhone(server, uniqueName("a11y_reader"));
    const writer = await signUpByPhone(server, uniqueName("a11y_writer"));
    const ad = await publishAd(server, reader.accessToken, carAdBody(await pickCamry(server), []));
    const chat = await apiCall<{ id: number }>(
      server,
      "POST",
      "/api/chats",
      { adId: ad.id },
      writer.accessToken,
    );
    for (const text of ["Здравствуйте! Машина ещё продаётся?", "Можно посмотреть завтра?"]) {
      await apiCall(server, "POST", `/api/chats/${chat.id}/messages`, { text }, writer.accessToken);
    }
    const [newest] = (
      await apiCall<{ items: { id: number }[] }>(
        server,
        "GET",
        "/api/notifications",
        undefined,
        reader.accessToken,
      )
    ).items;
    await apiCall(server, "POST", `/api/notifications/${newest?.id}/read`, undefined, reader.accessToken);
    await apiCall(server, "PUT", `/api/chats/blocks/${seeded.seller.userId}`, undefined, reader.accessToken);
    const found = await checkPages(
      browser,
      server,
      [
        {
          path: "/settings/notifications",
          ready: (page) => poll(() => page.getByTestId("notification-row").count()).toBe(2),
        },
        {
          // The list, where "Blocked users" is (a phone shows one pane at a time).
          path: "/settings/chats",
          ready: async (page) => {
            await page.getByTestId("chat-blocked-open").click();
            await poll(() => page.getByTestId("chat-blocked-user").count()).toBe(1);
          },
        },
      ],
      { user: reader },
    );
    expectNone(found);
  });
});
