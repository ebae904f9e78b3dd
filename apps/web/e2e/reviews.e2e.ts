/**
 * Reviews in the browser (issue 15, item 3): a buyer who chatted with a seller (both wrote) reviews
 * them on the seller's profile; the seller replies there; both show on `/reviews` and on the profile.
 */
import type { Page } from "playwright-core";
import { apiCall, carAdBody, pickCamry, publishAd } from "./ad-seed.ts";
import { describe, expect, poll, test, waitForHydration, withPage } from "./fixtures.ts";

const REVIEW = "Продавец честный: показал все документы, машина как на фото. Рекомендую!";
const REPLY = "Спасибо за отзыв, удачи на дорогах!";

const reviewTexts = (page: Page) => page.getByTestId("review-text-shown").allTextContents();

describe("reviews", () => {
  test("[S1.3] [P8.4] [P8.5] a buyer who chatted with the seller reviews them; the seller replies; both on the profile and /reviews", {
    timeout: 180_000,
  }, async ({ page, browser, server, createUser, signIn, visit }) => {
    const seller = await createUser("seller");
    const buyer = await createUser("buyer");
    const ad = await publishAd(server, seller.accessToken, carAdBody(await pickCamry(server), []));

    // The chat, over the API: the buyer asks about the ad, the seller answers.
    const chat = await apiCall<{ id: number }>(
      server,
      "POST",
      "/api/chats",
      { adId: ad.id },
      buyer.accessToken,
    );
    await apiCall(
      server,
      "POST",
      `/api/chats/${chat.id}/messages`,
      { text: "Ещё продаётся?" },
      buyer.accessToken,
    );

    // The buyer opens the seller's profile: only one side wrote, so no review yet, and it says why.
    await signIn(buyer);
    await visit(`/profile/${seller.userId}`);
    await waitForHydration(page);
    const section = page.getByTestId("seller-reviews");
    await poll(() => section.getByTestId("review-refusal").count()).toBe(1);
    expect(await section.getByTestId("review-write").count()).toBe(0);
    expect(await section.getByTestId("reviews-empty").count()).toBe(1);

    await apiCall(
      server,
      "POST",
      `/api/chats/${chat.id}/messages`,
      { text: "Да, приезжайте" },
      seller.accessToken,
    );
    await page.reload();
    await waitForHydration(page);

    // Now "Write a review": stars, text, publish.
    await section.getByTestId("review-write").click();
    const form = section.getByTestId("review-form");
    // Too short first: the form says so and nothing is sent.
    await form.getByTestId("review-text").fill("Хорошо");
    await form.getByTestId("review-submit").click();
    await poll(() => form.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    // The fourth star, clicked as a visitor does (its radio is visually hidden behind the star).
    const fourth = await form.getByRole("radio", { name: /^4/ }).getAttribute("id");
    await form.locator(`label[for="${fourth}"]`).click();
    await form.getByTestId("review-text").fill(REVIEW);
    await form.getByTestId("review-submit").click();
    await poll(() => reviewTexts(page)).toEqual([REVIEW]);
    expect(await section.getByTestId("review-write").count()).toBe(0);
    await poll(() => section.getByTestId("review-refusal").textContent()).toBeTruthy();
    // The rating reads as one phrase.
    expect(await section.getByTestId("rating-stars").getAttribute("aria-label")).toBe("4,0 из 5, 1 отзыв");
    const card = section.getByTestId("review");
    expect(await card.getByTestId("review-ad").getAttribute("href")).toBe(`/car/${ad.id}`);

    // The seller replies on their own profile.
    await withPage(browser, { viewport: { width: 390, height: 844 } }, async (sellerPage) => {
      await signIn(seller, sellerPage);
      await visit(`/profile/${seller.userId}`, sellerPage);
      await waitForHydration(sellerPage);
      const own = sellerPage.getByTestId("seller-reviews");
      await poll(() => own.getByTestId("review").count()).toBe(1);
      expect(await own.getByTestId("review-write").count()).toBe(0);
      await own.getByTestId("review-reply-button").click();
      await own.getByTestId("reply-text").fill(REPLY);
      await own.getByTestId("reply-submit").click();
      await poll(() => own.getByTestId("review-reply").textContent()).toContain(REPLY);
      // Once: the button now offers to change the reply.
      expect(await own.getByTestId("review-reply-button").textContent()).toMatch(/Изменить ответ/);
    });

    // The buyer sees the reply on the profile, and both on /reviews, linked to the seller and the ad.
    await page.reload();
    await poll(() => section.getByTestId("review-reply").textContent()).toContain(REPLY);
    await visit("/reviews");
    await waitForHydration(page);
    const listed = page.locator(`[data-testid="review"]`).filter({ hasText: REVIEW });
    await poll(() => listed.count()).toBe(1);
    expect(await listed.getByTestId("review-reply").textContent()).toContain(REPLY);
    expect(await listed.getByTestId("review-seller").getAttribute("href")).toBe(`/profile/${seller.userId}`);
    expect(await listed.getByTestId("review-ad").getAttribute("href")).toBe(`/car/${ad.id}`);

    // The rating filter: 4 stars keeps it, 1 star leaves it out (the address carries the filter).
    await visit("/reviews?rating=4");
    await poll(() => page.locator('[data-testid="review"]').filter({ hasText: REVIEW }).count()).toBe(1);
    await visit("/reviews?rating=1");
    await poll(() => page.locator('[data-testid="review"]').filter({ hasText: REVIEW }).count()).toBe(0);
  });
});
