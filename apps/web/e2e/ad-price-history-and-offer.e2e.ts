import { type AdRef, apiCall, carAdBody, pickCamry, publishAd, servicesAdBody } from "./ad-seed.ts";
import { collectConsoleErrors } from "./browser.ts";
import { describe, expect, type SharedServer, test, waitForHydration } from "./fixtures.ts";

/** A car ad whose price was lowered, then raised a little: two changes after the first price. */
async function carWithPriceChanges(server: SharedServer, token: string): Promise<AdRef> {
  const pick = await pickCamry(server);
  const car = await publishAd(server, token, carAdBody(pick, []));
  for (const price of [1_700_000, 1_750_000]) {
    await apiCall(server, "PUT", `/api/ads/${car.id}`, carAdBody(pick, [], { price }), token);
  }
  return car;
}

describe("price history and another vertical's offer", () => {
  test("[P4] the ad page lists the price changes, newest first, in both currencies", async ({
    page,
    server,
    createUser,
    visit,
  }) => {
    const seller = await createUser("price_e2e");
    const car = await carWithPriceChanges(server, seller.accessToken);
    const unchanged = await publishAd(
      server,
      seller.accessToken,
      carAdBody(await pickCamry(server), [], { price: 990_000 }),
    );
    await page.setViewportSize({ width: 390, height: 900 });
    const errors = collectConsoleErrors(page);
    await visit(`/car/${car.id}`);
    await waitForHydration(page);
    const rows = page.getByTestId("ad-price-history").getByTestId("ad-price-change");
    expect(await rows.count()).toBe(3);
    const texts = await rows.allTextContents();
    expect(texts[0]).toMatch(
      /^сегодня, \d\d:\d\d1\u202f750\u202f000\u00a0сом≈ \$\d{1,3}\u202f\d{3}Выросла на 50\u202f000\u00a0сом$/,
    );
    expect(texts[1]).toContain("Снижена на 150\u202f000\u00a0сом");
    expect(texts[2]).toContain("1\u202f850\u202f000\u00a0сом");
    // An ad whose price never changed shows no history.
    await visit(`/car/${unchanged.id}`);
    await waitForHydration(page);
    expect(await page.getByTestId("ad-price").textContent()).toBe("990\u202f000\u00a0сом");
    expect(await page.getByTestId("ad-price-history").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test("[P5] a services word on the cars tab offers the services, where it finds the ad", async ({
    page,
    server,
    createUser,
    visit,
  }) => {
    const seller = await createUser("offer_e2e");
    const towTruck = await publishAd(server, seller.accessToken, servicesAdBody(await pickCamry(server), []));
    const errors = collectConsoleErrors(page);
    await visit(`/car?q=${encodeURIComponent("эвакуатор")}`);
    await waitForHydration(page);
    expect(await page.getByTestId("ads-empty").count()).toBe(1);
    // The run's server is shared: other files' tow-truck ads count too, so the offer must name
    // exactly what the services search holds now.
    const services = await fetch(
      `${server.url}/api/ads?vertical=uslugi&q=${encodeURIComponent("эвакуатор")}`,
    ).then((answer) => answer.json() as Promise<{ total: number }>);
    expect(services.total).toBeGreaterThanOrEqual(1);
    const offer = page.getByTestId("other-vertical-uslugi");
    expect(await offer.textContent()).toBe(`Найдено в разделе «Услуги»: ${services.total}`);
    await offer.click();
    await page.waitForURL(`${server.url}/uslugi?q=${encodeURIComponent("эвакуатор")}`);
    await expect
      .poll(() => page.getByTestId("ads-list").locator(`a[href="/uslugi/${towTruck.id}"]`).count())
      .toBeGreaterThan(0);
    expect(await page.getByTestId("other-verticals").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
