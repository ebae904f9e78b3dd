import { type AdRef, carAdBody, pickCamry, publishAd } from "./ad-seed.ts";
import { describe, expect, poll, test, waitForHydration } from "./fixtures.ts";

describe("paid services", () => {
  test("[P6.2][P6.3] a seller tops up through the sandbox, buys VIP for 3 days and the ad heads its list", async ({
    page,
    server,
    createUser,
    signIn,
    visit,
  }) => {
    const seller = await createUser("promo");
    const ad: AdRef = await publishAd(
      server,
      seller.accessToken,
      carAdBody(await pickCamry(server), [], { price: 1_234_000 }),
    );
    expect(ad.status).toBe("active");

    // The page is the owner's: a guest, and the owner under another vertical, get the 404 page.
    expect((await fetch(`${server.url}/en/services/car/${ad.id}`)).status).toBe(404);
    await signIn(seller);
    expect((await visit(`/en/services/moto/${ad.id}`))?.status()).toBe(404);

    // The services page's top-up link, the sandbox checkout, and back to the services page.
    expect((await visit(`/en/services/car/${ad.id}`))?.status()).toBe(200);
    await waitForHydration(page);
    await poll(() => page.getByTestId("services-balance").textContent()).toBe("0\u00a0som");
    await page.getByTestId("services-top-up").click();
    await poll(() => page.url()).toMatch(/\/en\/settings\/balance$/);
    await page.getByTestId("top-up-amount").fill("1000");
    await page.getByTestId("top-up-submit").click();
    await poll(() => page.url()).toMatch(/\/en\/sandbox-pay\/[0-9a-f-]{36}$/);
    await page.getByTestId("sandbox-pay").click();
    await poll(() => page.getByTestId("payment-result").getAttribute("data-status")).toBe("paid");
    await page.getByTestId("payment-back-to-services").click();
    await poll(() => page.url()).toMatch(new RegExp(`/en/services/car/${ad.id}$`));

    // Promote: VIP for 3 days, confirmed.
    await poll(() => page.getByTestId("services-balance").textContent()).toBe("1\u202f000\u00a0som");
    const vip = page.getByTestId("service-vip");
    await vip.getByText("3 days", { exact: true }).click();
    await poll(() => vip.getByTestId("service-price").textContent()).toBe("500\u00a0som");
    await vip.getByTestId("service-buy").click();
    const confirm = page.getByTestId("service-confirm");
    await poll(() => confirm.textContent()).toContain("VIP · For 3 days");
    await confirm.getByTestId("service-confirm-pay").click();
    await poll(() => page.getByTestId("toast").first().textContent()).toContain("VIP is on");
    await poll(() => page.getByTestId("services-balance").textContent()).toBe("500\u00a0som");
    await poll(() => page.getByTestId("active-vip").count()).toBe(1);

    // The balance page shows the new balance and the purchase in the ledger.
    await visit("/en/settings/balance");
    await waitForHydration(page);
    await poll(() => page.getByTestId("wallet-balance").textContent()).toBe("500\u00a0som");
    const entries = page.getByTestId("ledger-entry");
    await poll(() => entries.count()).toBe(2);
    expect(await entries.first().textContent()).toContain("Purchase");
    expect(await page.getByTestId("ledger-amount").first().textContent()).toContain("500\u00a0som");

    // The ad is in the promoted block of its list.
    await visit("/en/car/toyota/camry");
    await poll(() =>
      page.getByTestId("ads-promoted").locator(`a[href="/en/car/${ad.id}"]`).count(),
    ).toBeGreaterThan(0);
  });
});
