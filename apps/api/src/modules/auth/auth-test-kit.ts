// Helpers for the accounts API tests: simulated clients (each with its own IP), codes read from the
// outbox, and sign-up / sign-in shortcuts. Not a test file itself.
import { randomInt } from "node:crypto";
import { type AuthResult, REFRESH_COOKIE, SESSION_COOKIE } from "@unaa/contracts";
import { desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { vi } from "vitest";
import { outboxMessages } from "../../db/schema/index.ts";
import type { TestApp } from "../../test/test-app.ts";

export const desktop = { type: "desktop", label: "Windows Web Desktop" } as const;
export const mobile = { type: "mobile", label: "iPhone Web Mobile" } as const;
export const chromeAgent =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
export const GOOD_PASSWORD = "steppe-horse-42";

// Random per file, so runs against a shared Redis never meet old counts.
let ipSerial = randomInt(1, 60_000);
/**
 * A new client address: the code limits count per IP and per network (/24), so every simulated
 * person gets an address in a network of their own.
 */
export function nextIp(): string {
  ipSerial += 1;
  return `10.${(ipSerial >> 8) & 255}.${ipSerial & 255}.${1 + (ipSerial % 250)}`;
}

let phoneSerial = randomInt(0, 900_000);
/** A new valid Kyrgyz mobile number, E.164. */
export function nextPhone(): string {
  phoneSerial = (phoneSerial + 1) % 1_000_000;
  return `+996700${String(phoneSerial).padStart(6, "0")}`;
}

let nameSerial = randomInt(0, 1_000_000);
export function nextUsername(prefix = "user"): string {
  nameSerial += 1;
  return `${prefix}_${nameSerial}`;
}

export function nextEmail(): string {
  nameSerial += 1;
  return `person${nameSerial}@mail.kg`;
}

/** The cookies a response sets, by name, with their attributes. */
export function readSetCookies(response: LightMyRequestResponse) {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
}

export async function readLatestCode(harness: TestApp, destination: string): Promise<string> {
  const [message] = await harness.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.destination, destination))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${destination}`);
  return code;
}

/** One simulated browser: its IP, and the cookies the API gave it. */
export interface TestClient {
  ip: string;
  refreshToken: string | undefined;
  sessionCookie: string | undefined;
  accessToken: string;
  userId: number;
}

export function newClient(): TestClient {
  return { ip: nextIp(), refreshToken: undefined, sessionCookie: undefined, accessToken: "", userId: 0 };
}

/** Keeps the tokens of a sign-in answer in the client. */
export function absorb(client: TestClient, response: LightMyRequestResponse): AuthResult {
  const body = response.json() as AuthResult;
  const cookies = readSetCookies(response);
  client.refreshToken = cookies[REFRESH_COOKIE]?.value ?? client.refreshToken;
  client.sessionCookie = cookies[SESSION_COOKIE]?.value ?? client.sessionCookie;
  client.accessToken = body.accessToken;
  client.userId = body.user.id;
  return body;
}

export function bearer(client: TestClient) {
  return { authorization: `Bearer ${client.accessToken}` };
}

export async function requestCode(harness: TestApp, client: TestClient, purpose: string, login: string) {
  return harness.app.inject({
    method: "POST",
    url: "/api/auth/sign-request",
    remoteAddress: client.ip,
    payload: { purpose, login },
  });
}

/** Signs a new account up through the API (code from the outbox) and returns its client. */
export async function signUpUser(
  harness: TestApp,
  options: { login?: string; username?: string; password?: string; client?: TestClient } = {},
): Promise<TestClient & { login: string; username: string; password: string }> {
  const client = options.client ?? newClient();
  const login = options.login ?? nextPhone();
  const username = options.username ?? nextUsername();
  const password = options.password ?? GOOD_PASSWORD;
  const sent = await requestCode(harness, client, "sign-up", login);
  if (sent.statusCode !== 200) throw new Error(`sign-request failed: ${sent.body}`);
  const destination = login.includes("@") ? login.toLowerCase() : login;
  const code = await readLatestCode(harness, destination);
  const response = await harness.app.inject({
    method: "POST",
    url: "/api/auth/sign-up",
    remoteAddress: client.ip,
    payload: { login, code, username, password, device: desktop, source: chromeAgent },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  absorb(client, response);
  return Object.assign(client, { login, username, password });
}

export async function signInWithPassword(
  harness: TestApp,
  login: string,
  password: string,
  client = newClient(),
) {
  const response = await harness.app.inject({
    method: "POST",
    url: "/api/auth/sign-in",
    remoteAddress: client.ip,
    payload: { login, password, device: mobile, source: "Mozilla/5.0 (iPhone)" },
  });
  if (response.statusCode === 200) absorb(client, response);
  return { client, response };
}

export async function refresh(harness: TestApp, client: TestClient, token = client.refreshToken) {
  const response = await harness.app.inject({
    method: "POST",
    url: "/api/auth/refresh",
    remoteAddress: client.ip,
    cookies: token ? { [REFRESH_COOKIE]: token } : {},
  });
  if (response.statusCode === 200) absorb(client, response);
  return response;
}

/** Moves the clock past the 1-a-minute resend limit (Date only; the test's afterEach restores it). */
export function waitOutResendLimit(): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + 61_000);
}

/**
 * Listens on a free port in 3500–3599 (the range for this work's servers). Several test files,
 * and the PGlite and PostgreSQL runs, start servers at once, so the start is random.
 */
export async function listenOnFreePort(server: import("node:net").Server): Promise<number> {
  const first = 3500 + randomInt(0, 100);
  for (let offset = 0; offset < 100; offset += 1) {
    const port = 3500 + ((first - 3500 + offset) % 100);
    const isListening = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.once("error", onError);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", onError);
        resolve(true);
      });
    });
    if (isListening) return port;
  }
  throw new Error("no free port in 3500–3599");
}
