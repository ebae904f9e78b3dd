import { describe, expect, poll, test, waitForHydration } from "./fixtures.ts";

describe("plans", () => {
  test("[P6.4] a seller tops up through the sandbox, buys a plan from the balance, sees it current, and turns renewal off", async ({
    page,
    createUser,
    signIn,
    visit,
  }) => {
    const seller = await createUser("planner");
    await signIn(seller);

    // Top up 500 som through the sandbox checkout.
    await visit("/en/settings/balance");
    await waitForHydration(page);
    await page.getByTestId("top-up-amount").fill("500");
    await page.getByTestId("top-up-submit").click();
    await poll(() => page.url()).toMatch(/\/en\/sandbox-pay\/[0-9a-f-]{36}$/);
    await page.getByTestId("sandbox-pay").click();
    await poll(() => page.getByTestId("wallet-balance").textContent()).toBe("500\u00a0som");

    // No plan yet: the free limits.
    await visit("/en/settings/subscribe");
    await waitForHydration(page);
    await poll(() => page.getByTestId("current-plan").getAttribute("data-plan")).toBe("");
    await poll(() => page.getByTestId("limit-car").textContent()).toContain("0 of 3");

    // Buy Start (300 som) after the confirmation shows the balance.
    await page.getByTestId("plan-choose-start").click();
    await poll(() => page.getByTestId("plan-confirm-balance").textContent()).toBe("500\u00a0som");
    expect(await page.getByTestId("plan-confirm-short").count()).toBe(0);
    await page.getByTestId("plan-confirm-submit").click();
    await poll(() => page.getByTestId("current-plan").getAttribute("data-plan")).toBe("start");
    expect(await page.getByTestId("current-plan-renewal").textContent()).toContain("300\u00a0som");
    await poll(() => page.getByTestId("limit-car").textContent()).toContain("0 of 10");

    // A dearer plan than the balance allows: the confirmation says how much is missing.
    await page.getByTestId("plan-choose-business").click();
    await poll(() => page.getByTestId("plan-confirm-short").count()).toBe(1);
    expect(await page.getByTestId("plan-confirm-submit").isDisabled()).toBe(true);
    await page.keyboard.press("Escape");

    // Renewal off: the plan stays to the end of the paid month.
    await page.getByTestId("plan-cancel").click();
    await poll(() => page.getByTestId("current-plan-renewal").textContent()).toContain("Renewal is off");
    expect(await page.getByTestId("current-plan").getAttribute("data-plan")).toBe("start");
    await page.getByTestId("plan-resume").click();
    await poll(() => page.getByTestId("current-plan-renewal").textContent()).toContain("Renews on");
  });
});
