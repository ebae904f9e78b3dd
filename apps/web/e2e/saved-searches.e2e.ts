import { carAdBody, pickCamry, publishAd } from "./ad-seed.ts";
import { describe, expect, poll, test, waitForHydration } from "./fixtures.ts";

describe("saved searches", () => {
  test("a guest's “Follow this search” leads to the login and back to the list", async ({ page, visit }) => {
    await visit("/car?yearFrom=2015");
    const follow = page.getByTestId("follow-search");
    const href = await follow.getAttribute("href");
    expect(href).toContain("/login?redirect=");
    expect(decodeURIComponent(href?.split("redirect=")[1] ?? "")).toBe("/car?yearFrom=2015");
  });

  test("following a list, its new ad counted in settings, opening it resets the count, deleting it", async ({
    page,
    server,
    createUser,
    signIn,
    visit,
  }) => {
    const follower = await createUser("follow");
    const seller = await createUser("follow_seller");
    const price = 1_000_000 + Math.floor(Math.random() * 8_000_000);
    await signIn(follower);
    await visit(`/car?priceFrom=${price}&priceTo=${price}`);
    await waitForHydration(page);
    const follow = page.getByTestId("follow-search");
    await poll(() => follow.getAttribute("data-following")).toBe("off");
    await follow.click();
    await poll(() => follow.getAttribute("data-following")).toBe("on");

    // The same filters in another order and with a sort: still followed.
    await visit(`/car?sort=cheap&priceTo=${price}&priceFrom=${price}`);
    await poll(() => page.getByTestId("follow-search").getAttribute("data-following")).toBe("on");

    // A matching ad goes live: the job counts it for the follower.
    await publishAd(server, seller.accessToken, carAdBody(await pickCamry(server), [], { price }));
    const row = page.getByTestId("saved-search");
    await poll(async () => {
      await visit("/settings");
      return page.getByTestId("saved-search-new").count();
    }).toBe(1);
    expect(await row.count()).toBe(1);

    await waitForHydration(page);
    await row.getByRole("link").click();
    await poll(() => page.url()).toContain(`priceFrom=${price}`);
    await visit("/settings");
    await poll(() => row.count()).toBe(1);
    expect(await page.getByTestId("saved-search-new").count()).toBe(0);

    await waitForHydration(page);
    await row.getByRole("button", { name: /Удалить|Delete|Өчүрүү/ }).click();
    await page.getByTestId("confirm-action").click();
    await poll(() => row.count()).toBe(0);
  });
});
