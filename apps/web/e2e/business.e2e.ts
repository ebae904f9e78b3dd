/**
 * Business pages (issue 15, S1.3, product.md section 8): a user creates a business in Settings with
 * a logo, hours and a map point, posts an ad as the business, and the ad shows on its page;
 * `/business` finds it by text and kind; an unknown link is the 404 page.
 */
import type { OwnBusinessResponse } from "@unaa/contracts";
import { apiCall, carAdBody, drawPhoto, pickCamry, publishAd } from "./ad-seed.ts";
import { describe, expect, poll, test, uniqueName, waitForHydration } from "./fixtures.ts";

describe("[S1.3] business pages", () => {
  test("[S1.3] a user creates a business with a logo, hours and a map point; its ad shows on its page; the directory finds it", async ({
    page,
    server,
    createUser,
    signIn,
    visit,
  }) => {
    const owner = await createUser("biz");
    const marker = uniqueName("zq")
      .replace(/[^a-z0-9]/gi, "")
      .toLowerCase()
      .slice(0, 16);
    const link = `biz-${marker}`;
    await signIn(owner);
    await visit("/settings/business");
    await waitForHydration(page);

    await page.getByTestId("business-name").fill(`Сервис ${marker}`);
    await page.getByTestId("business-link").fill(link);
    await page.getByTestId("business-kind-input").click();
    await page.getByRole("option", { name: "СТО" }).click();
    await page.getByTestId("business-description-input").fill("Ремонт ходовой и диагностика");
    await page.getByTestId("business-region-input").click();
    await page.getByRole("option").first().click();
    await page.getByTestId("business-address-input").fill("ул. Киевская, 1");

    // The logo, through the photo pipeline.
    await page
      .getByTestId("business-logo-input")
      .setInputFiles({ name: "logo.jpg", mimeType: "image/jpeg", buffer: await drawPhoto("S", 160) });
    await poll(() => page.getByTestId("business-logo").locator("img").count()).toBe(1);

    // Monday with a lunch break; Saturday and Sunday stay days off.
    await page.getByTestId("business-hours-input").getByLabel("Перерыв").first().check();

    // The map point: a click on the map (tiles or not) places it.
    const map = page.getByTestId("business-map");
    await map.waitFor();
    await map.click({ position: { x: 120, y: 100 } });
    await poll(() => page.getByTestId("business-lat").inputValue()).not.toBe("");

    await page.getByTestId("business-save").click();
    await poll(() => page.getByTestId("business-view").count()).toBe(1);

    const { business } = await apiCall<OwnBusinessResponse>(
      server,
      "GET",
      "/api/businesses/mine",
      undefined,
      owner.accessToken,
    );
    expect(business).toMatchObject({ link, kind: "service_station" });
    expect(business?.logo).not.toBeNull();
    expect(business?.point).not.toBeNull();
    expect(business?.hours.mon?.breakStart).toBe("13:00");
    expect(business?.hours.sun).toBeNull();

    // An ad posted as the business shows on its page.
    const ad = await publishAd(server, owner.accessToken, {
      ...carAdBody(await pickCamry(server), []),
      businessId: business?.id,
    });
    const response = await visit(`/business/${link}`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await poll(() => page.getByTestId("business-ads").locator(`a[href*='/car/${ad.id}']`).count()).not.toBe(
      0,
    );
    expect(await page.getByTestId("business-open-now").count()).toBe(1);
    expect(await page.getByTestId("business-open-in-map").getAttribute("href")).toContain(
      "openstreetmap.org",
    );
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.some((text) => text.includes('"AutoRepair"'))).toBe(true);

    // The directory finds it by text, and by text and kind; another kind does not.
    await visit(`/business?q=${marker}`);
    await poll(() => page.getByTestId("business-card").count()).toBe(1);
    await visit(`/business?q=${marker}&kind=service_station`);
    await poll(() => page.getByTestId("business-card").count()).toBe(1);
    await visit(`/business?q=${marker}&kind=dealer`);
    await poll(() => page.getByTestId("business-empty").count()).toBe(1);

    // Typed into the search box, then a kind chosen.
    await visit("/business");
    await waitForHydration(page);
    await page.getByTestId("business-search").fill(marker);
    await page.getByTestId("business-search").press("Enter");
    await poll(() => page.getByTestId("business-card").count()).toBe(1);
    await page.getByTestId("business-card").getByRole("link").click();
    await poll(() => new URL(page.url()).pathname).toBe(`/business/${link}`);
  });

  test("[S1.3] an unknown link is the 404 page with HTTP 404", async ({ page, visit }) => {
    const response = await visit("/business/no-such-link");
    expect(response?.status()).toBe(404);
    expect(await page.locator("body").textContent()).toContain("404");
    expect((await visit("/business/NOT_A_LINK!"))?.status()).toBe(404);
  });
});
