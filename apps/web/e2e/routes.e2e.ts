/**
 * The route table of spec section 2 against the real production server: every route in its four
 * variants (no prefix, /ru, /ky, /en) over plain HTTP, then one page of each kind in Chromium.
 */
import type { Browser, Page, Response } from "playwright-core";
import { beforeAll } from "vitest";
import { apiCall, carAdBody, pickCamry, publishAd, signUpByPhone } from "./ad-seed.ts";
import {
  collectConsoleErrors,
  describe,
  expect,
  poll,
  type SharedServer,
  sharedServer,
  test,
  uniqueName,
  withPage,
} from "./fixtures.ts";

const ORIGIN = "https://unaa.example";
const SITE_NAME = "Unaa";

type Locale = "ru" | "ky" | "en";
const variants: { prefix: string; locale: Locale }[] = [
  { prefix: "", locale: "ru" },
  { prefix: "/ru", locale: "ru" },
  { prefix: "/ky", locale: "ky" },
  { prefix: "/en", locale: "en" },
];
const locales: Locale[] = ["ru", "ky", "en"];

/** `/about` under a prefix: "/about", "/ru/about", …; the index is "/", "/ru", … */
function withPrefix(prefix: string, path: string): string {
  if (path === "/") return prefix || "/";
  return `${prefix}${path}`;
}

/** The canonical address of a page in a locale: Russian without prefix (spec S1.4). */
function localized(locale: Locale, path: string): string {
  return locale === "ru" ? path : withPrefix(`/${locale}`, path);
}

const publicPages = [
  "/",
  "/about",
  "/advert",
  "/agreement-policy",
  "/business",
  "/business/avtoplaza",
  "/catalog",
  "/catalog/toyota",
  "/catalog/toyota/camry",
  "/catalog/toyota/camry/xv70",
  "/catalog/toyota/camry/xv70/2-5-at",
  "/commercial",
  "/commercial/truck/all",
  "/contact",
  "/faq",
  "/favorites",
  "/mobile-app",
  "/moto",
  "/moto/scooter/all",
  "/reviews",
  "/urgent",
  "/uslugi",
  "/uslugi/repair/all",
  "/car",
  "/car/toyota",
  "/car/toyota/camry/xv70",
  "/profile/{user}",
  "/profile/{user}/adds",
  "/profile/{user}/uslugi",
];

/** A profile is a page only for a live account: one is signed up the first time a path names `{user}`. */
let profileUserId: Promise<number> | undefined;
async function resolvePath(server: SharedServer, path: string): Promise<string> {
  if (!path.includes("{user}")) return path;
  profileUserId ??= signUpByPhone(server, uniqueName("routes")).then((user) => user.userId);
  return path.replace("{user}", String(await profileUserId));
}

const guestPages = ["/login", "/reset-password"];

const authPages = [
  "/create",
  "/create/car",
  "/create/commercial",
  "/create/moto",
  "/create/uslugi",
  "/settings",
  "/settings/adds",
  "/settings/balance",
  "/settings/chats",
  "/settings/profile",
  "/settings/sessions",
  "/settings/subscribe",
  "/car/1/edit",
  "/commercial/1/edit",
  "/moto/1/edit",
  "/uslugi/1/edit",
  // The sandbox payment provider's checkout (decision 061).
  "/sandbox-pay/00000000-0000-4000-8000-000000000000",
];

const dashboardSections = [
  "adds",
  "advertising",
  "catalogue",
  "code-access",
  "codes",
  "complaints",
  "history",
  "notification",
  "payments",
  "photos",
  "regions",
  "services",
  "settings",
  "stats",
  "subscribes",
  "users",
];
const dashboardPages = ["/dashboard", ...dashboardSections.map((section) => `/dashboard/${section}`)];

/** Paths no route accepts, with the clause that says so. */
const notFoundPaths: { path: string; clause: string }[] = [
  { path: "/no-such-page", clause: "S2.10" },
  { path: "/about/extra/segments", clause: "S2.10" },
  { path: "/car/a/b/c/d", clause: "S2.4" },
  { path: "/services/bike/1", clause: "S2.3" },
  { path: "/services/foo/1", clause: "S2.3" },
  { path: "/commercial/not-a-category/all", clause: "S8.3" },
  { path: "/commercial/abc", clause: "S8.3" },
  // Ad pages of ids no ad has (far beyond what the files sharing the server create; valid ids all
  // the same, so the API is asked); ad-page.e2e.ts opens real ones.
  { path: "/commercial/2000000123", clause: "S8.3" },
  { path: "/moto/2000000005", clause: "S8.3" },
  { path: "/uslugi/2000000077", clause: "S8.3" },
  { path: "/car/2000012345", clause: "S8.3" },
  { path: "/create/boat", clause: "S2.10" },
  // A profile of an id no account has, and an id that is none.
  { path: "/profile/999999", clause: "S2.5" },
  { path: "/profile/abc/adds", clause: "S2.5" },
  // A business link nobody holds (business.e2e.ts opens real ones), and one no link can be.
  { path: "/business/no-such-link", clause: "S1.3" },
  { path: "/business/Not_A.Link", clause: "S1.3" },
];

/** The business page of the public pages' list: made once per server (the link is kept if it exists). */
beforeAll(async () => {
  const server = sharedServer();
  const existing = await fetch(`${server.url}/api/businesses/by-link/avtoplaza`);
  if (existing.status === 200) return;
  const owner = await signUpByPhone(server, uniqueName("avtoplaza"));
  const config = await apiCall<{ regions: { id: number }[] }>(server, "GET", "/api/configs");
  const body = { link: "avtoplaza", name: "Avtoplaza", kind: "dealer", regionId: config.regions[0]?.id };
  await apiCall(server, "POST", "/api/businesses", body, owner.accessToken);
}, 60_000);

interface Fetched {
  status: number;
  contentType: string;
  location: string | null;
  body: string;
}

async function get(
  server: SharedServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<Fetched> {
  const response = await fetch(server.url + path, { redirect: "manual", headers });
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    location: response.headers.get("location"),
    body: await response.text(),
  };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The attributes of every `<tag …>` in the HTML, names lower-cased. */
function tags(html: string, name: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  for (const match of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))) {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[1] ?? "").matchAll(/([\w:-]+)="([^"]*)"/g)) {
      attributes[(attribute[1] ?? "").toLowerCase()] = decodeEntities(attribute[2] ?? "");
    }
    found.push(attributes);
  }
  return found;
}

function htmlLang(html: string): string | undefined {
  return tags(html, "html")[0]?.lang;
}

function titleOf(html: string): string | undefined {
  const match = /<title>([^<]*)<\/title>/.exec(html);
  return match ? decodeEntities(match[1] ?? "") : undefined;
}

function layoutsOf(html: string): string[] {
  return [...html.matchAll(/data-layout="([a-z]+)"/g)].map((match) => match[1] ?? "");
}

function testIdText(html: string, testId: string): string | undefined {
  const match = new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html);
  return match ? decodeEntities(match[1] ?? "") : undefined;
}

function expectNotFoundPage(page: Fetched, path: string, locale: Locale): void {
  expect(page.status, `${path} status`).toBe(404);
  expect(page.contentType, `${path} content type`).toMatch(/^text\/html/);
  expect(htmlLang(page.body), `${path} lang`).toBe(locale);
  expect(layoutsOf(page.body), `${path} layout`).toEqual(["default"]);
  expect(page.body, `${path} error page`).toContain('data-testid="error-page"');
  expect(testIdText(page.body, "error-status"), `${path} status code shown`).toBe("404");
  expect(testIdText(page.body, "error-message"), `${path} message`).toBe(`Page Not Found: ${path}`);
}

describe("public pages answer in every language variant (S2.1, S2.2, S2.14, S2.17)", () => {
  for (const template of publicPages) {
    test(`[S2.1][S2.2] ${template} in all four variants`, async ({ server }) => {
      const path = await resolvePath(server, template);
      for (const { prefix, locale } of variants) {
        const url = withPrefix(prefix, path);
        const page = await get(server, url);
        expect(page.status, `${url} status`).toBe(200);
        expect(page.contentType, `${url} content type`).toMatch(/^text\/html/);
        expect(htmlLang(page.body), `${url} lang`).toBe(locale);
        expect(layoutsOf(page.body), `${url} layout`).toEqual(["default"]);
        expect(page.body, `${url} is no error page`).not.toContain('data-testid="error-page"');
        // S2.14: "{page title} · {site name}" with a real page title in front.
        expect(titleOf(page.body), `${url} title`).toMatch(new RegExp(`^\\S.* · ${SITE_NAME}$`));
        // S2.17: header, main area, footer.
        expect(page.body, `${url} header`).toMatch(/<header\b/);
        expect(page.body, `${url} main`).toMatch(/<main\b[^>]*id="main"/);
        expect(page.body, `${url} footer`).toMatch(/<footer\b/);

        const links = tags(page.body, "link");
        const canonical = links.filter((link) => link.rel === "canonical").map((link) => link.href);
        expect(canonical, `${url} canonical`).toEqual([ORIGIN + localized(locale, path)]);
        for (const other of locales) {
          const alternates = links
            .filter((link) => link.rel === "alternate" && link.hreflang === other)
            .map((link) => link.href);
          expect(alternates, `${url} hreflang ${other}`).toEqual([ORIGIN + localized(other, path)]);
        }
      }
    });
  }

  test("[S2.14][S1.5] the page title is translated per language", async ({ server }) => {
    expect(titleOf((await get(server, "/about")).body)).toBe("О проекте · Unaa");
    expect(titleOf((await get(server, "/ru/about")).body)).toBe("О проекте · Unaa");
    expect(titleOf((await get(server, "/en/about")).body)).toBe("About · Unaa");
    expect(titleOf((await get(server, "/ky/about")).body)).toBe("Долбоор жөнүндө · Unaa");
    // An ad id no ad has: the error page's title, translated too.
    expect(titleOf((await get(server, "/en/car/2000012345")).body)).toBe("Error 404 · Unaa");
    expect(titleOf((await get(server, "/ky/car/2000012345")).body)).toBe("Ката 404 · Unaa");
  });

  test("[S2.15][S2.16] social defaults, favicon and site microdata; the images they name are served", async ({
    server,
  }) => {
    const { body } = await get(server, "/en/about");
    const metas = tags(body, "meta");
    const property = (name: string) => metas.find((meta) => meta.property === name)?.content;
    expect(property("og:type")).toBe("website");
    expect(property("og:site_name")).toBe(SITE_NAME);
    expect(property("og:description")).toBeTruthy();
    const image = property("og:image") ?? "";
    expect(image.startsWith(`${ORIGIN}/`), `og:image ${image} is on the public origin`).toBe(true);
    const icon = tags(body, "link").find((link) => link.rel === "icon");
    expect(icon?.href).toBeTruthy();
    expect(body).toMatch(/itemType="https:\/\/schema.org\/WebSite"/i);
    expect(metas.find((meta) => meta.itemprop === "url")?.content).toBe(`${ORIGIN}/`);
    expect(metas.find((meta) => meta.itemprop === "name")?.content).toBe(SITE_NAME);

    // The favicon and the sharing image must exist, or every shared link shows a broken image.
    const iconResponse = await fetch(new URL(icon?.href ?? "", server.url));
    expect(iconResponse.status, `favicon ${icon?.href}`).toBe(200);
    const imagePath = new URL(image).pathname;
    const imageResponse = await fetch(server.url + imagePath);
    expect(imageResponse.status, `og:image ${imagePath}`).toBe(200);
    expect(imageResponse.headers.get("content-type") ?? "").toMatch(/^image\//);
  });
});

describe("guest pages (S2.6, S2.9)", () => {
  for (const path of guestPages) {
    test(`[S2.6][S2.9] ${path} uses the simple layout in all four variants`, async ({ server }) => {
      for (const { prefix, locale } of variants) {
        const url = withPrefix(prefix, path);
        const page = await get(server, url);
        expect(page.status, `${url} status`).toBe(200);
        expect(htmlLang(page.body), `${url} lang`).toBe(locale);
        expect(layoutsOf(page.body), `${url} layout`).toEqual(["simple"]);
        expect(titleOf(page.body), `${url} title`).toMatch(new RegExp(`^\\S.* · ${SITE_NAME}$`));
      }
    });
  }
});

describe("authenticated pages send a guest to sign in (S2.7, S6.2)", () => {
  for (const path of authPages) {
    test(`[S2.7][S6.2] ${path} redirects a guest to /login?redirect=… in all four variants`, async ({
      server,
    }) => {
      for (const { prefix, locale } of variants) {
        const url = withPrefix(prefix, path);
        const page = await get(server, url);
        expect(page.status, `${url} status`).toBe(302);
        const target = new URL(page.location ?? "", server.url);
        // The sign-in page in the same language: /login for Russian (also accepted: /ru/login).
        const loginPaths = locale === "ru" ? ["/login", withPrefix(prefix, "/login")] : [`/${locale}/login`];
        expect(loginPaths, `${url} → ${page.location}`).toContain(target.pathname);
        expect(target.searchParams.get("redirect"), `${url} redirect parameter`).toBe(url);
      }
    });
  }

  test("[S6.2] the redirect target is a working sign-in page and keeps the query string", async ({
    server,
  }) => {
    const page = await get(server, "/ky/settings/profile?tab=2");
    expect(page.status).toBe(302);
    const target = new URL(page.location ?? "", server.url);
    expect(target.searchParams.get("redirect")).toBe("/ky/settings/profile?tab=2");
    const login = await get(server, target.pathname + target.search);
    expect(login.status).toBe(200);
    expect(htmlLang(login.body)).toBe("ky");
    expect(layoutsOf(login.body)).toEqual(["simple"]);
  });
});

describe("the dashboard is not found for a guest (S2.8, S6.2)", () => {
  for (const path of dashboardPages) {
    test(`[S2.8][S6.2] ${path} is 404 for a guest in all four variants`, async ({ server }) => {
      for (const { prefix, locale } of variants) {
        const url = withPrefix(prefix, path);
        expectNotFoundPage(await get(server, url), url, locale);
      }
    });
  }
});

describe("paths no route accepts are 404 with the error page (S2.10, S8.3)", () => {
  for (const { path, clause } of notFoundPaths) {
    const clauses = clause === "S8.3" ? "[S8.3]" : `[${clause}][S8.3]`;
    test(`${clauses} ${path} is not found in all four variants`, async ({ server }) => {
      for (const { prefix, locale } of variants) {
        const url = withPrefix(prefix, path);
        expectNotFoundPage(await get(server, url), url, locale);
      }
    });
  }

  test("[S2.4] /car accepts up to 3 segments, a fourth is not found", async ({ server }) => {
    expect((await get(server, "/car/toyota/camry/xv70")).status).toBe(200);
    expectNotFoundPage(
      await get(server, "/car/toyota/camry/xv70/extra"),
      "/car/toyota/camry/xv70/extra",
      "ru",
    );
  });

  // The four verticals' pages are their ads' owners' only (P6.3): services.e2e.ts shows an owner's.
  test("[S2.3] /services accepts exactly the four verticals as type; a guest gets the 404 page", async ({
    server,
  }) => {
    for (const type of ["car", "commercial", "moto", "uslugi", "bike", "cars", "CAR", "services"]) {
      expectNotFoundPage(await get(server, `/en/services/${type}/9`), `/en/services/${type}/9`, "en");
    }
  });

  test("[S1.4][S2.10] an unknown language prefix is not found", async ({ server }) => {
    expectNotFoundPage(await get(server, "/de/about"), "/de/about", "ru");
    expectNotFoundPage(await get(server, "/xx"), "/xx", "ru");
    expectNotFoundPage(await get(server, "/EN/about"), "/EN/about", "ru");
  });
});

describe("sitemap (S2.2, S1.3)", () => {
  const locsOf = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => decodeEntities(match[1] ?? ""));

  test("[S2.2] /sitemap.xml indexes files that list the public pages in all three languages", async ({
    server,
  }) => {
    const index = await get(server, "/sitemap.xml");
    expect(index.status).toBe(200);
    expect(index.contentType).toMatch(/^(application|text)\/xml/);
    expect(index.body).toContain("<sitemapindex");
    const files = locsOf(index.body);
    for (const name of ["pages", "catalog", "car-models"]) {
      expect(files).toContain(`${ORIGIN}/sitemaps/${name}.xml`);
    }
    // Every file of the index answers a urlset.
    for (const file of files) {
      const answer = await get(server, new URL(file).pathname);
      expect(answer.status, file).toBe(200);
      expect(answer.body, file).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    }
    const pages = await get(server, "/sitemaps/pages.xml");
    const locs = locsOf(pages.body);
    for (const path of ["/", "/about", "/catalog", "/car", "/commercial", "/moto", "/uslugi", "/faq"]) {
      for (const locale of locales) {
        expect(locs, `pages.xml lists ${localized(locale, path)}`).toContain(
          ORIGIN + localized(locale, path),
        );
      }
    }
    // Every listed page exists.
    for (const loc of locs.filter((loc) => !/^\/(ky|en)\b/.test(new URL(loc).pathname))) {
      const path = new URL(loc).pathname;
      expect((await get(server, path)).status, path).toBe(200);
    }
    expect((await get(server, "/sitemaps/nothing.xml")).status).toBe(404);
    expect((await get(server, "/sitemaps/ads-999999.xml")).status).toBe(404);
  });

  test("[S2.2] a published ad, its model's list and the catalogue are in the sitemap; robots.txt names it", async ({
    server,
  }) => {
    const seller = await signUpByPhone(server, uniqueName("sitemap"));
    const ad = await publishAd(server, seller.accessToken, carAdBody(await pickCamry(server), []));
    // Guests' answers may be kept a few seconds by the page cache: the new ad shows within them.
    const listedAds = async () => {
      const index = locsOf((await get(server, "/sitemap.xml")).body);
      const adFiles = index.filter((loc) => /\/sitemaps\/ads-\d+\.xml$/.test(loc));
      const files = await Promise.all(
        adFiles.map(async (file) => (await get(server, new URL(file).pathname)).body),
      );
      return files.flatMap(locsOf);
    };
    await poll(listedAds).toEqual(
      expect.arrayContaining(locales.map((locale) => ORIGIN + localized(locale, `/car/${ad.id}`))),
    );
    await poll(async () => locsOf((await get(server, "/sitemaps/car-models.xml")).body)).toContain(
      `${ORIGIN}/car/toyota/camry`,
    );
    const catalog = locsOf((await get(server, "/sitemaps/catalog.xml")).body);
    expect(catalog).toContain(`${ORIGIN}/en/catalog/toyota/camry/xv70`);

    const robots = await get(server, "/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robots.body).toMatch(/^Disallow: \/settings$/m);
  });
});

describe("one page of each kind in Chromium (S2.9, S2.10, S6.2)", () => {
  /** Opens `path` in a fresh 1280×800 context and runs `check` on it; the context is closed after. */
  function open(
    browser: Browser,
    server: SharedServer,
    path: string,
    check: (opened: { page: Page; errors: string[]; response: Response | null }) => Promise<void>,
  ): Promise<void> {
    return withPage(browser, { viewport: { width: 1280, height: 800 } }, async (page) => {
      const errors = collectConsoleErrors(page);
      const response = await page.goto(server.url + path, { waitUntil: "networkidle" });
      await check({ page, errors, response });
    });
  }

  test("[S2.2][S2.9] a public page: 200, default layout, hydrated without console errors", async ({
    browser,
    server,
  }) => {
    await open(browser, server, "/en/catalog/toyota", async ({ page, errors, response }) => {
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.locator('[data-layout="default"]').isVisible()).toBe(true);
      expect(await page.locator("html").getAttribute("lang")).toBe("en");
      expect(await page.title()).toMatch(/^Toyota\b.* · Unaa$/);
      expect(await page.locator("header").isVisible()).toBe(true);
      expect(await page.locator("footer").isVisible()).toBe(true);
      // Hydrated: a client-side navigation works without a document load.
      let documentLoads = 0;
      page.on("request", (request) => {
        if (request.resourceType() === "document") documentLoads++;
      });
      await page.locator('footer a[href="/en/faq"]').click();
      await page.waitForURL(`${server.url}/en/faq`);
      await expect.poll(() => page.locator("h1").textContent()).toBe("FAQ");
      expect(documentLoads).toBe(0);
      expect(errors).toEqual([]);
    });
  });

  test("[S2.6][S2.9] a guest page: 200, simple layout, no console errors", async ({ browser, server }) => {
    await open(browser, server, "/login", async ({ page, errors, response }) => {
      expect(response?.status()).toBe(200);
      expect(await page.locator('[data-layout="simple"]').isVisible()).toBe(true);
      expect(await page.locator('[data-layout="default"]').count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });

  test("[S2.7][S6.2] an auth page sends a guest to sign in, on load and on a client-side navigation", async ({
    browser,
    server,
  }) => {
    await open(browser, server, "/ky/settings/chats", async ({ page, errors, response }) => {
      expect(response?.status()).toBe(200);
      expect(response?.request().redirectedFrom()?.url()).toBe(`${server.url}/ky/settings/chats`);
      expect(page.url()).toBe(`${server.url}/ky/login?redirect=${encodeURIComponent("/ky/settings/chats")}`);
      expect(await page.locator('[data-layout="simple"]').isVisible()).toBe(true);

      // The header's "create an ad" button is a client-side link: the gate runs in the browser too.
      await page.goto(`${server.url}/about`, { waitUntil: "networkidle" });
      await page.locator('header a[href="/create"]').click();
      await page.waitForURL(`${server.url}/login?redirect=${encodeURIComponent("/create")}`);
      await expect.poll(() => page.locator('[data-layout="simple"]').isVisible()).toBe(true);
      expect(errors).toEqual([]);
    });
  });

  test("[S2.8][S2.10] a dashboard page and an unknown page show the 404 error page", async ({
    browser,
    server,
  }) => {
    for (const path of ["/dashboard/users", "/en/no-such-page"]) {
      await open(browser, server, path, async ({ page, errors, response }) => {
        expect(response?.status(), path).toBe(404);
        expect(await page.locator('[data-layout="default"]').isVisible(), path).toBe(true);
        expect(await page.getByTestId("error-page").isVisible(), path).toBe(true);
        expect(await page.getByTestId("error-status").textContent(), path).toBe("404");
        expect(await page.getByTestId("error-message").textContent(), path).toBe(`Page Not Found: ${path}`);
        expect(errors, path).toEqual([]);
      });
    }
  });
});
