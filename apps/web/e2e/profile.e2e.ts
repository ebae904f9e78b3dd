/**
 * User profiles in the browser (issue 15, item 1): the tabs of `/profile/{id}` list the right ads
 * with "show more", unknown and closed accounts answer 404, the ad page's trust card leads to the
 * profile, and "Write" opens the chat with the user.
 */
import type { Page } from "playwright-core";
import {
  type AdRef,
  apiCall,
  carAdBody,
  commercialAdBody,
  motoAdBody,
  pickCamry,
  pickTruck,
  publishAd,
  type SeededUser,
  servicesAdBody,
  signUpByPhone,
} from "./ad-seed.ts";
import { describe, expect, poll, type SharedServer, test, uniqueName, waitForHydration } from "./fixtures.ts";

interface Seller {
  user: SeededUser;
  ads: Record<"car" | "commercial" | "moto" | "uslugi", AdRef[]>;
}

/** A seller with every vertical at its free limit: 3 cars, 3 trucks, 3 motorcycles, 5 services. */
async function seedSeller(server: SharedServer): Promise<Seller> {
  const user = await signUpByPhone(server, uniqueName("profile"));
  const place = await pickCamry(server);
  const truck = await pickTruck(server);
  const bodies = {
    car: () => carAdBody(place, []),
    commercial: () => commercialAdBody(place, truck, []),
    moto: () => motoAdBody(place, []),
    uslugi: () => servicesAdBody(place, []),
  };
  const counts = { car: 3, commercial: 3, moto: 3, uslugi: 5 } as const;
  const ads: Seller["ads"] = { car: [], commercial: [], moto: [], uslugi: [] };
  for (const vertical of ["car", "uslugi", "moto", "commercial"] as const) {
    for (let index = 0; index < counts[vertical]; index++) {
      const ad = await publishAd(server, user.accessToken, bodies[vertical]());
      expect(ad.status).toBe("active");
      ads[vertical].push(ad);
    }
  }
  return { user, ads };
}

const it = test.extend<{ $file: { seller: Seller } }>({
  seller: [
    async ({ server }, use) => {
      await use(await seedSeller(server));
    },
    { scope: "file" },
  ],
});

/** The ids of the ad cards the list shows, read from their links. */
async function listedIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .getByTestId("profile-ads")
    .locator("a[href]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const ids = hrefs.map((href) => Number(/\/(?:car|commercial|moto|uslugi)\/(\d+)$/.exec(href)?.[1]));
  return [...new Set(ids.filter((id) => Number.isInteger(id)))];
}

const idsOf = (...lists: AdRef[][]) =>
  lists
    .flat()
    .map((ad) => ad.id)
    .sort((a, b) => b - a);

describe("[S2.5] the profile page", () => {
  it("[S2.5][P8] shows the trust card and each tab's ads, with counts and show more", {
    timeout: 180_000,
  }, async ({ page, seller, server }) => {
    const { user, ads } = seller;
    const response = await page.goto(`${server.url}/profile/${user.userId}`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    expect(await page.title()).toContain(user.username);
    const card = page.getByTestId("trust-card");
    expect(await card.textContent()).toContain(user.username);
    expect(await card.getByTestId("trust-card-verified").count()).toBe(1);
    // No chats yet: no response rate or time rather than a made-up one.
    expect(await card.getByTestId("trust-card-response-rate").count()).toBe(0);
    expect(await page.getByTestId("profile-tab-count-default").textContent()).toBe("9");
    expect(await page.getByTestId("profile-tab-count-adds").textContent()).toBe("14");
    expect(await page.getByTestId("profile-tab-count-uslugi").textContent()).toBe("5");

    // The default tab: the vehicles, newest first, all on one page.
    expect(await listedIds(page)).toEqual(idsOf(ads.car, ads.commercial, ads.moto));
    expect(await page.getByTestId("ads-show-more").count()).toBe(0);

    // Services.
    await page.getByTestId("profile-tab-uslugi").click();
    await page.waitForURL(`${server.url}/profile/${user.userId}/uslugi`);
    await poll(() => listedIds(page)).toEqual(idsOf(ads.uslugi));

    // Every ad: twelve, then the rest by "show more".
    await page.getByTestId("profile-tab-adds").click();
    await page.waitForURL(`${server.url}/profile/${user.userId}/adds`);
    const all = idsOf(ads.car, ads.commercial, ads.moto, ads.uslugi);
    await poll(() => listedIds(page)).toEqual(all.slice(0, 12));
    await page.getByTestId("ads-show-more").click();
    await poll(() => listedIds(page)).toEqual(all);
    await poll(() => page.getByTestId("ads-show-more").count()).toBe(0);

    // The tab's address loads as such too (server-rendered).
    const direct = await page.goto(`${server.url}/en/profile/${user.userId}/uslugi`);
    expect(direct?.status()).toBe(200);
    expect(await listedIds(page)).toEqual(idsOf(ads.uslugi));
    expect(await page.title()).toBe(`${user.username} — services · Unaa`);
  });

  it("[S2.5] answers the 404 page for an unknown id, and a neutral 404 for a closed account", async ({
    page,
    server,
    createUser,
  }) => {
    const unknown = await page.goto(`${server.url}/profile/999999`);
    expect(unknown?.status()).toBe(404);
    expect(await page.getByTestId("error-status").textContent()).toBe("404");

    const closed = await createUser("closed");
    await apiCall(server, "DELETE", "/api/user/me", { password: closed.password }, closed.accessToken);
    const gone = await page.goto(`${server.url}/profile/${closed.userId}`);
    expect(gone?.status()).toBe(404);
    expect(await page.getByTestId("profile-unavailable").count()).toBe(1);
    const html = await page.content();
    expect(html).not.toContain(closed.username);
    expect(html).not.toContain(closed.phone.slice(-9));
  });

  it("[S2.5] the ad page's trust card links to the profile; Write opens the chat with the user", {
    timeout: 120_000,
  }, async ({ page, seller, server, createUser, signIn }) => {
    const { user, ads } = seller;
    const [car] = ads.car;
    await page.goto(`${server.url}/car/${car?.id}`);
    await waitForHydration(page);
    const card = page.getByTestId("ad-seller");
    expect(await card.getByTestId("trust-card-verified").count()).toBe(1);
    expect(await card.getByTestId("trust-card-other-ads").getAttribute("href")).toBe(
      `/profile/${user.userId}/adds`,
    );
    await card.getByTestId("trust-card-profile-link").click();
    await page.waitForURL(`${server.url}/profile/${user.userId}`);
    await page.getByTestId("profile-ads").waitFor();

    // A guest signs in first, and comes back to the chat.
    await page.getByTestId("profile-write").click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe(`/settings/chats?user=${user.userId}`);

    // Signed in: the profile chat opens, empty, ready to write.
    const buyer = await createUser("buyer");
    await signIn(buyer);
    await page.goto(`${server.url}/profile/${user.userId}`);
    await waitForHydration(page);
    await page.getByTestId("profile-write").click();
    await page.waitForURL(/\/settings\/chats\?chat=\d+$/);
    await page.getByTestId("chat-input").waitFor();
  });
});
