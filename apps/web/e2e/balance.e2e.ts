import { describe, expect, poll, test, waitForHydration } from "./fixtures.ts";

describe("balance", () => {
  test("[P6.1] a seller tops up through the sandbox checkout and sees the new balance and the ledger entry", async ({
    page,
    createUser,
    signIn,
    visit,
  }) => {
    const seller = await createUser("wallet");
    await signIn(seller);
    await visit("/en/settings/balance");
    await waitForHydration(page);
    await poll(() => page.getByTestId("wallet-balance").textContent()).toBe("0\u00a0som");
    await poll(() => page.getByTestId("ledger-empty").count()).toBe(1);

    // A custom amount, the first provider (the sandbox) chosen by default.
    const amount = page.getByTestId("top-up-amount");
    await amount.fill("750");
    await page.getByTestId("top-up-submit").click();

    // The provider's checkout: pay.
    await poll(() => page.url()).toMatch(/\/en\/sandbox-pay\/[0-9a-f-]{36}$/);
    await poll(() => page.getByTestId("sandbox-amount").textContent()).toBe("750\u00a0som");
    await page.getByTestId("sandbox-pay").click();

    // Back on the balance page, which waits for the signed notice the job queue delivers.
    await poll(() => page.url()).toMatch(/\/en\/settings\/balance\?payment=[0-9a-f-]{36}$/);
    const result = page.getByTestId("payment-result");
    await poll(() => result.getAttribute("data-status")).toBe("paid");
    expect(await result.textContent()).toContain("750");
    await poll(() => page.getByTestId("wallet-balance").textContent()).toBe("750\u00a0som");
    const entries = page.getByTestId("ledger-entry");
    await poll(() => entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain("Top-up");
    expect(await page.getByTestId("ledger-amount").first().textContent()).toBe("+750\u00a0som");
    await poll(() => page.getByTestId("payment-row").first().textContent()).toContain("Paid");
  });
});
