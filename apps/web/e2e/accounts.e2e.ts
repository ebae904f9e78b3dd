import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll } from "vitest";
import { deriveAuthKeys, signAccessToken } from "../../api/src/lib/tokens.ts";
import { apiCall, nextPhoneDigits, type SeededUser, signInStaff } from "./ad-seed.ts";
import { collectConsoleErrors } from "./browser.ts";
import { describe, expect, poll, type SharedServer, startOwnServer, test, uniqueName } from "./fixtures.ts";
import type { ServerLog, TestServer } from "./test-server.ts";

const DESKTOP_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE_AGENT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const PASSWORD = "Kara-Balta 2026!";
const NEW_PASSWORD = "Issyk-Kul shore 77";

// Expected console noise: the browser's own lines for the 4xx answers these journeys provoke.
const allowedConsole = [/Failed to load resource: the server responded with a status of 40[0134]/];

interface Device {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function openDevice(
  browser: Browser,
  userAgent: string,
  width: number,
  extraHTTPHeaders?: Record<string, string>,
): Promise<Device> {
  const context = await browser.newContext({ userAgent, viewport: { width, height: 900 }, extraHTTPHeaders });
  const page = await context.newPage();
  return { context, page, errors: collectConsoleErrors(page, allowedConsole) };
}

/** A user signed up over the API whose API session has ended: the devices' sessions are its only ones. */
async function accountWithoutSessions(
  server: SharedServer,
  createUser: (prefix?: string) => Promise<SeededUser>,
): Promise<SeededUser> {
  const user = await createUser("e2e");
  await apiCall(server, "POST", "/api/auth/logout", undefined, user.accessToken);
  return user;
}

interface OutboxEntry {
  to: string;
  purpose: string;
  code: string;
}

/** The newest code the outbox sender logged for this destination and purpose. */
async function codeFromOutbox(
  to: string,
  purpose: string,
  after: number,
  from: ServerLog | undefined,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const entries = (from?.logs ?? []).slice(after).flatMap((line) => {
          try {
            const outbox = (JSON.parse(line) as { outbox?: OutboxEntry }).outbox;
            return outbox ? [outbox] : [];
          } catch {
            return [];
          }
        });
        found = entries.filter((entry) => entry.to === to && entry.purpose === purpose).at(-1)?.code;
        return found;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return found ?? "";
}

/**
 * Opens a page with a sign-in form and waits until React runs it: the forms keep their submit
 * buttons disabled until hydration, and a value typed before it would be lost.
 */
async function openSignInPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page
    .locator('[data-testid="sign-in-submit"]:not([disabled]), [data-testid="reset-submit"]:not([disabled])')
    .first()
    .waitFor();
}

async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByTestId("code-input").locator("input").first().click();
  await page.keyboard.type(code);
}

async function signInWithPassword(page: Page, user: SeededUser, password = user.password): Promise<void> {
  await page.getByTestId("login-phone").fill(user.phone.slice(4));
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("sign-in-submit").click();
}

function sessionRows(page: Page) {
  return page.getByTestId("session-row");
}

/** Signs the device in through the form and waits for the redirect target. */
async function signInDevice(server: SharedServer, device: Device, user: SeededUser, target: string) {
  await openSignInPage(device.page, `${server.url}/login?redirect=${encodeURIComponent(target)}`);
  await signInWithPassword(device.page, user);
  await device.page.waitForURL(server.url + target);
}

/**
 * A desktop and a phone both signed in to one account, in that order, each on its sessions page
 * with both sessions listed.
 */
async function twoSignedInDevices(
  server: SharedServer,
  browser: Browser,
  user: SeededUser,
): Promise<{ desktop: Device; phone: Device }> {
  const desktop = await openDevice(browser, DESKTOP_AGENT, 1280);
  const phone = await openDevice(browser, PHONE_AGENT, 390);
  await signInDevice(server, desktop, user, "/settings/sessions");
  await poll(() => sessionRows(desktop.page).count()).toBe(1);
  await signInDevice(server, phone, user, "/settings/sessions");
  await poll(() => sessionRows(phone.page).count()).toBe(2);
  await desktop.page.reload();
  await poll(() => sessionRows(desktop.page).count()).toBe(2);
  return { desktop, phone };
}

describe("accounts in the browser", () => {
  test("[S7.13][S7.15][S6.2] signs up with a phone and the code from the outbox, then returns to the redirect target", async ({
    browser,
    server,
  }) => {
    const phoneDigits = nextPhoneDigits();
    const phone = `+996${phoneDigits}`;
    const username = uniqueName("e2e");
    // An address of its own: codes are limited per address, and other tests ask for codes too.
    const forwardedFor = `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.7`;
    const desktop = await openDevice(browser, DESKTOP_AGENT, 1280, { "X-Forwarded-For": forwardedFor });
    const { page } = desktop;
    await openSignInPage(page, `${server.url}/settings/sessions`);
    expect(page.url()).toBe(`${server.url}/login?redirect=${encodeURIComponent("/settings/sessions")}`);
    // No Google client id configured on this server: no Google button.
    expect(await page.getByTestId("google-sign-in").count()).toBe(0);
    await page.getByTestId("tab-sign-up").click();
    await page.getByTestId("login-phone").fill(phoneDigits);
    expect(await page.getByTestId("login-phone").inputValue()).toBe(
      `+996 ${phoneDigits.slice(0, 3)} ${phoneDigits.slice(3, 6)} ${phoneDigits.slice(6)}`,
    );
    const logMark = server.logs.length;
    await page.getByTestId("sign-up-submit").click();
    await poll(() => page.getByTestId("code-sent-to").count()).toBe(1);
    expect(await page.getByTestId("code-resend-timer").textContent()).toMatch(/[01]:\d\d/);
    const code = await codeFromOutbox(phone, "sign-up", logMark, server);

    // A wrong code first: the API's error appears beside the code boxes, in Russian.
    await typeCode(page, code === "000000" ? "111111" : "000000");
    await page.getByTestId("sign-up-username").fill(username);
    await page.getByTestId("sign-up-password").fill(PASSWORD);
    await page.getByTestId("sign-up-submit").click();
    await poll(() => page.getByTestId("code-error").textContent()).toBe("Неверный код");

    await page.getByTestId("code-input").locator("input").first().click();
    for (let i = 0; i < 6; i++) await page.keyboard.press("Backspace");
    await typeCode(page, code);
    await page.getByTestId("sign-up-submit").click();
    await page.waitForURL(`${server.url}/settings/sessions`);
    await poll(() => sessionRows(page).count()).toBe(1);
    expect(await page.getByTestId("session-label").textContent()).toBe("Windows Web Desktop");
    expect(await page.getByTestId("session-current").count()).toBe(1);
    await page.getByTestId("user-menu").click();
    expect(await page.getByTestId("user-menu-name").textContent()).toBe(username);
    await page.keyboard.press("Escape");
    expect(desktop.errors).toEqual([]);
    await desktop.context.close();
  });

  test("[S3.6][S7.10] a second device signs in; both sessions are listed, the current one marked", async ({
    browser,
    server,
    createUser,
  }) => {
    const user = await accountWithoutSessions(server, createUser);
    const desktop = await openDevice(browser, DESKTOP_AGENT, 1280);
    const phone = await openDevice(browser, PHONE_AGENT, 390);
    await signInDevice(server, desktop, user, "/settings/sessions");
    await poll(() => sessionRows(desktop.page).count()).toBe(1);

    await openSignInPage(phone.page, `${server.url}/login`);
    await signInWithPassword(phone.page, user);
    // No redirect target: home. The header now shows the user's avatar instead of "Sign in".
    await phone.page.waitForURL(`${server.url}/`);
    await poll(() => phone.page.getByTestId("user-menu").count()).toBe(1);

    await phone.page.goto(`${server.url}/settings/sessions`);
    await poll(() => sessionRows(phone.page).count()).toBe(2);
    const current = phone.page.locator('[data-testid="session-row"][data-current="true"]');
    expect(await current.getByTestId("session-label").textContent()).toBe("iPhone Web Mobile");

    await desktop.page.reload();
    await poll(() => sessionRows(desktop.page).count()).toBe(2);
    const labels = await desktop.page.getByTestId("session-label").allTextContents();
    expect(labels).toEqual(["Windows Web Desktop", "iPhone Web Mobile"]);
    const desktopCurrent = desktop.page.locator('[data-testid="session-row"][data-current="true"]');
    expect(await desktopCurrent.getByTestId("session-label").textContent()).toBe("Windows Web Desktop");
    // The source is the user agent of each device.
    expect(await desktopCurrent.textContent()).toContain(DESKTOP_AGENT);
    const desktopOther = desktop.page.locator('[data-testid="session-row"][data-current="false"]');
    expect(await desktopOther.textContent()).toContain(PHONE_AGENT);
    expect(desktop.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await Promise.all([desktop.context.close(), phone.context.close()]);
  });

  test("[S7.12][S4.5] ending the other session signs that device out on its next call", async ({
    browser,
    server,
    createUser,
  }) => {
    const user = await accountWithoutSessions(server, createUser);
    const { desktop, phone } = await twoSignedInDevices(server, browser, user);
    const other = desktop.page.locator('[data-testid="session-row"][data-current="false"]');
    await other.getByTestId("session-end").click();
    await poll(() => sessionRows(desktop.page).count()).toBe(1);

    // The phone still holds an access token; its next API call (the profile page asks for the
    // user) is refused, the refresh answers 403, and the phone is signed out to the login page.
    await phone.page.getByRole("link", { name: "Профиль" }).first().click();
    await phone.page.waitForURL(`${server.url}/login?redirect=${encodeURIComponent("/settings/profile")}`);
    expect(await phone.page.getByTestId("user-menu").count()).toBe(0);
    expect(desktop.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await Promise.all([desktop.context.close(), phone.context.close()]);
  });

  test("[S7.14] changes the password: the old one stops working, the new one signs in", async ({
    browser,
    server,
    createUser,
  }) => {
    const user = await accountWithoutSessions(server, createUser);
    const desktop = await openDevice(browser, DESKTOP_AGENT, 1280);
    const phone = await openDevice(browser, PHONE_AGENT, 390);
    await signInDevice(server, desktop, user, "/settings");
    await openSignInPage(
      phone.page,
      `${server.url}/login?redirect=${encodeURIComponent("/settings/profile")}`,
    );
    const { page } = desktop;
    await page.goto(`${server.url}/settings/profile`);
    await page.getByTestId("password-current").fill("not the password");
    await page.getByTestId("password-new").fill(NEW_PASSWORD);
    await page.getByTestId("password-save").click();
    await poll(() => page.getByTestId("password-section").getByText("Неверный текущий пароль").count()).toBe(
      1,
    );

    await page.getByTestId("password-current").fill(user.password);
    await page.getByTestId("password-save").click();
    await poll(() => page.getByTestId("toast").first().textContent()).toContain("Пароль изменён");

    await signInWithPassword(phone.page, user);
    await poll(() => phone.page.getByText("Неверный логин или пароль").count()).toBe(1);
    await phone.page.getByTestId("login-password").fill(NEW_PASSWORD);
    await phone.page.getByTestId("sign-in-submit").click();
    await phone.page.waitForURL(`${server.url}/settings/profile`);
    expect(desktop.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await Promise.all([desktop.context.close(), phone.context.close()]);
  });

  test("[S4.2][S7.5] a request with an expired access token is refreshed once and retried", async ({
    browser,
    server,
    createUser,
  }) => {
    const user = await accountWithoutSessions(server, createUser);
    const desktop = await openDevice(browser, DESKTOP_AGENT, 1280);
    // The realtime socket would meet the same expired token and refresh on its own (S4.11,
    // realtime.e2e.ts): here it talks to a stand-in that says nothing, so only HTTP calls refresh.
    await desktop.page.routeWebSocket(/\/api\/socket/, () => {});
    await signInDevice(server, desktop, user, "/settings/sessions");
    await poll(() => sessionRows(desktop.page).count()).toBe(1);
    const { page } = desktop;
    // The session restore at page load gets a token that expired 5 minutes ago, signed with the
    // server's real key for this very session: the next call meets a genuine TOKEN_EXPIRED.
    // Only the first refresh (the restore at load): the refresh after a 401 must get a good token.
    let restoredExpired = false;
    await page.route("**/api/auth/refresh", async (route) => {
      if (restoredExpired) return route.continue();
      restoredExpired = true;
      const response = await route.fetch();
      const body = (await response.json()) as { user: unknown; accessToken: string };
      const claims = JSON.parse(
        Buffer.from(body.accessToken.split(".")[1] ?? "", "base64url").toString(),
      ) as {
        sub: string;
        sid: string;
        roles: [];
      };
      const expired = await signAccessToken(
        deriveAuthKeys(server.authSecret).accessToken,
        { userId: Number(claims.sub), sessionId: claims.sid, roles: claims.roles },
        Date.now() - 20 * 60_000,
      );
      await route.fulfill({ response, json: { ...body, accessToken: expired } });
    });
    // Every API answer from here: the page's own calls at load (settings sections, the header's
    // counters) meet the expired token as much as the click on Sessions does.
    const calls: string[] = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith("/api/")) calls.push(`${url.pathname} ${response.status()}`);
    });
    await page.goto(`${server.url}/settings`);
    await poll(() => page.getByTestId("settings-username").count()).toBe(1);
    await page.unroute("**/api/auth/refresh");
    await page.getByTestId("settings-card-sessions").click();
    await poll(() => sessionRows(page).count()).toBeGreaterThan(0);
    await poll(() => calls.includes("/api/auth/token 200")).toBe(true);
    // Every call refused with the expired token comes back answered (a loaded machine may still be
    // sending the retries when the sessions show).
    const retriedAll = () => {
      const refreshed = calls.lastIndexOf("/api/auth/refresh 200");
      return calls
        .filter((call) => call.endsWith(" 401"))
        .every((call) => calls.slice(refreshed + 1).includes(call.replace(/ 401$/, " 200")));
    };
    await poll(retriedAll).toBe(true);

    // The restore at load (answered the expired token), then ONE refresh for every call that met it
    // (S4.3: concurrent ones share it), each such call retried with the new token.
    const refreshes = calls.flatMap((call, index) => (call === "/api/auth/refresh 200" ? [index] : []));
    expect(refreshes).toHaveLength(2);
    const [restored = 0, refreshed = 0] = refreshes;
    const refused = calls.slice(restored + 1, refreshed).filter((call) => call.endsWith(" 401"));
    expect(refused.length).toBeGreaterThan(0);
    expect(calls.slice(refreshed + 1).filter((call) => call.endsWith(" 401"))).toEqual([]);
    for (const call of refused) expect(calls.slice(refreshed + 1)).toContain(call.replace(/ 401$/, " 200"));
    expect(await page.getByTestId("toast").count()).toBe(0);
    expect(desktop.errors).toEqual([]);
    await desktop.context.close();
  });

  test("[S4.7] signing out from the user menu ends the session here and on the server", async ({
    browser,
    server,
    createUser,
  }) => {
    const user = await accountWithoutSessions(server, createUser);
    const desktop = await openDevice(browser, DESKTOP_AGENT, 1280);
    await signInDevice(server, desktop, user, "/settings/sessions");
    await poll(() => sessionRows(desktop.page).count()).toBe(1);
    const { page } = desktop;
    await page.getByTestId("user-menu").click();
    await page.getByTestId("sign-out").click();
    await page.waitForURL(`${server.url}/`);
    await poll(() => page.getByTestId("sign-in").count()).toBe(1);
    // The cookies are gone too: the next visit to a private page is a guest's.
    await page.goto(`${server.url}/settings`);
    expect(page.url()).toBe(`${server.url}/login?redirect=${encodeURIComponent("/settings")}`);
    expect(desktop.errors).toEqual([]);
    await desktop.context.close();
  });
});

/**
 * A moderator blocks an account (the dashboard's API; its page is proven in dashboard-users.e2e.ts)
 * while the user's page is open on the settings.
 */
describe("a blocked user", () => {
  test("[S4.6][S6.4] is signed out and sees the blocked page on the next call, and cannot sign in again", async ({
    browser,
    server,
    createUser,
  }) => {
    const user = await createUser("blocked");
    const device = await openDevice(browser, DESKTOP_AGENT, 1280);
    const { page } = device;
    await openSignInPage(page, `${server.url}/login?redirect=${encodeURIComponent("/settings")}`);
    await page.getByTestId("login-phone").fill(user.phone.slice(4));
    await page.getByTestId("login-password").fill(user.password);
    await page.getByTestId("sign-in-submit").click();
    await page.waitForURL(`${server.url}/settings`);
    await poll(() => page.getByTestId("settings-username").count()).toBe(1);

    const moderator = await signInStaff(server, "moderator");
    await apiCall(
      server,
      "POST",
      `/api/dashboard/users/${user.userId}/block`,
      { reason: "Объявления с чужими фото" },
      moderator.accessToken,
    );

    // The page still holds its access token; its next call answers 403 BLOCKED.
    await page.getByTestId("settings-card-sessions").click();
    await poll(() => page.getByTestId("error-status").count()).toBe(1);
    expect(await page.getByTestId("error-status").textContent()).toBe("403");
    expect(await page.getByTestId("error-message").textContent()).toBe(
      "Вы были заблокированы, обратитесь к администрации сайта.",
    );
    expect(await page.getByTestId("user-menu").count()).toBe(0);

    // A fresh visit is a guest's, and signing in again meets the same page.
    await openSignInPage(page, `${server.url}/login`);
    await page.getByTestId("login-phone").fill(user.phone.slice(4));
    await page.getByTestId("login-password").fill(user.password);
    await page.getByTestId("sign-in-submit").click();
    await poll(() => page.getByTestId("error-status").count()).toBe(1);
    expect(await page.getByTestId("error-status").textContent()).toBe("403");
    // Besides the 403s, nothing.
    expect(device.errors.filter((error) => !/status of 403/.test(error))).toEqual([]);
    await device.context.close();
  });
});

/**
 * Google sign-in with a configured client id. Google itself is played by the test: a local JWKS
 * server holds the key the API checks signatures with, and the browser's trip to
 * accounts.google.com is answered with the redirect Google would send, carrying a signed ID token.
 */
describe("Google sign-in", () => {
  const CLIENT_ID = "e2e-client.apps.googleusercontent.com";
  let googleServer: TestServer | undefined;
  let jwks: Server | undefined;

  afterAll(async () => {
    await googleServer?.stop();
    await new Promise((resolve) => (jwks ? jwks.close(resolve) : resolve(undefined)));
  });

  test("[S7.18] the Google button signs in through Google's redirect and returns to the target", async ({
    browser,
    server,
  }) => {
    const { publicKey, privateKey } = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "e2e", alg: "RS256", use: "sig" };
    const keyServer = createServer((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    jwks = keyServer;
    const jwksPort = await new Promise<number>((resolve) =>
      keyServer.listen(0, "127.0.0.1", () => resolve((keyServer.address() as AddressInfo).port)),
    );
    googleServer = await startOwnServer({
      AUTH_SECRET: server.authSecret,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: `http://127.0.0.1:${jwksPort}/certs`,
    });
    const origin = googleServer.url;
    const device = await openDevice(browser, PHONE_AGENT, 390);
    const { page } = device;
    const asked: URL[] = [];
    await page.route("https://accounts.google.com/**", async (route) => {
      const url = new URL(route.request().url());
      asked.push(url);
      const idToken = await new SignJWT({ email: "aida.e2e@gmail.com", email_verified: true, name: "Aida" })
        .setProtectedHeader({ alg: "RS256", kid: "e2e" })
        .setIssuer("https://accounts.google.com")
        .setAudience(CLIENT_ID)
        .setSubject("google-e2e-1")
        .setIssuedAt()
        .setExpirationTime("10m")
        .sign(privateKey);
      const back = `${url.searchParams.get("redirect_uri")}#state=${url.searchParams.get("state")}&id_token=${idToken}`;
      await route.fulfill({ status: 302, headers: { Location: back } });
    });

    await openSignInPage(page, `${origin}/en/login?redirect=${encodeURIComponent("/en/settings")}`);
    await page.getByTestId("google-sign-in").click();
    await page.waitForURL(`${origin}/en/settings`);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(asked[0]?.searchParams.get("redirect_uri")).toBe(`${origin}/login`);
    expect(asked[0]?.searchParams.get("response_type")).toBe("id_token");
    // Signed in, and the token did not stay in the address bar.
    await poll(() => page.getByTestId("settings-username").count()).toBe(1);
    expect(page.url()).not.toContain("id_token");
    // A Google account has no password yet: the profile offers to set one, without the current one.
    await page.goto(`${origin}/en/settings/profile`);
    await poll(() => page.getByTestId("password-section").count()).toBe(1);
    expect(await page.getByTestId("password-current").count()).toBe(0);
    expect(await page.getByTestId("password-section").getByRole("heading").textContent()).toBe(
      "Set a password",
    );
    expect(device.errors).toEqual([]);
    await device.context.close();
  });
});
