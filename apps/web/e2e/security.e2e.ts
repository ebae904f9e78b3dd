import { randomInt } from "node:crypto";
import { describe, expect, poll, test } from "./fixtures.ts";

/** A fresh client address per call: the server trusts one proxy hop, like production behind nginx. */
function someAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

describe("hardening as a visitor meets it", () => {
  test("when passwords are refused for too many failures (CODE_REQUIRED), the login form requests a code at once and asks for it, in the page's language", async ({
    page,
    server,
  }) => {
    // The server's side (ten wrong passwords answer CODE_REQUIRED) is proved by auth.test.ts; here
    // the password answer is that one, for a phone no code went to in the last minute.
    const phoneDigits = `77${String(randomInt(10_000_000)).padStart(7, "0")}`;
    const codeRequests: string[] = [];
    await page.route("**/api/auth/sign-in", (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/json",
        headers: { "Retry-After": "900" },
        body: JSON.stringify({ code: "CODE_REQUIRED", message: "Too many attempts" }),
      }),
    );
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/sign-request")) codeRequests.push(request.postData() ?? "");
    });
    await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": someAddress() });
    await page.goto(`${server.url}/ky/login`, { waitUntil: "networkidle" });
    await page.getByTestId("login-phone").fill(phoneDigits);
    await page.getByTestId("login-password").fill("a forgotten password");
    await page.getByTestId("sign-in-submit").click();

    await expect
      .poll(() => page.getByTestId("sign-in-form").textContent(), { timeout: 15_000 })
      .toContain("Кирүү аракеттери өтө көп. Коопсуздук үчүн бир жолку код менен кириңиз.");
    await expect.poll(() => page.getByTestId("code-input").count(), { timeout: 15_000 }).toBe(1);
    expect(codeRequests).toHaveLength(1);
    expect(JSON.parse(codeRequests[0] ?? "{}")).toMatchObject({
      purpose: "sign-in",
      login: `+996${phoneDigits}`,
    });
  });

  test("a signed-in visitor sent to /login?redirect=/%09/evil.example stays on the site", async ({
    page,
    server,
    createUser,
    signIn,
    visit,
  }) => {
    await signIn(await createUser("redirected"));
    await visit("/login?redirect=/%09/evil.example");
    const address = new URL(page.url());
    expect(address.origin).toBe(new URL(server.url).origin);
    expect(address.pathname).not.toContain("evil");
  });

  test("[S4.4] a page load whose session refresh lost its answer (a navigation cut it) leaves the visitor signed in on the next", async ({
    page,
    createUser,
    signIn,
    visit,
  }) => {
    await signIn(await createUser("lost_refresh"));
    const cookiesBefore = await page.context().cookies();
    await visit("/settings");
    await poll(() => page.getByTestId("user-menu").count()).toBe(1);
    // The server rotated the refresh token, but its Set-Cookie never reached the browser.
    await page.context().addCookies(cookiesBefore);
    const refreshed = page.waitForResponse((response) => response.url().endsWith("/api/auth/refresh"));
    await page.reload({ waitUntil: "networkidle" });
    expect((await refreshed).status()).toBe(200);
    await poll(() => page.getByTestId("user-menu").count()).toBe(1);
    expect(await page.getByTestId("settings-username").count()).toBe(1);
  });

  test("an address with a broken percent-encoding shows the site's 404 page in its language", async ({
    page,
    visit,
  }) => {
    const answer = await visit("/en/car/%ZZ");
    expect(answer?.status()).toBe(404);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.getByRole("link", { name: /home/i }).count()).toBeGreaterThan(0);
  });
});
