// SMS pumping (issue 12, defect 3): codes are limited per IP network, per account, per destination
// country and by one hourly SMS budget for the site, besides the per-address limits.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { bearer, nextIp, nextPhone, requestCode, signUpUser, type TestClient } from "./auth-test-kit.ts";

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => harness?.close());

/** A client on its own address: one of many a pumping script rotates through. */
const at = (ip: string): TestClient => ({
  ip,
  refreshToken: undefined,
  sessionCookie: undefined,
  accessToken: "",
  userId: 0,
});

let foreignSerial = Math.floor(Math.random() * 9000);
/** A valid Kazakh mobile number, E.164: a destination abroad. */
function nextForeignPhone(): string {
  foreignSerial += 1;
  return `+7701${String(10_000_000 + foreignSerial).slice(1)}`;
}

describe("SMS code limits", () => {
  it("one account adding phones from many addresses gets 5 codes an hour, not 20", async () => {
    const user = await signUpUser(harness);
    const statuses: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const response = await harness.app.inject({
        method: "POST",
        url: "/api/user/request-phone",
        remoteAddress: nextIp(),
        headers: bearer(user),
        payload: { phone: nextPhone() },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
  });

  it("sign-request from 20 addresses of one /24 network sends 20 codes at most, then 429", async () => {
    const network = nextIp().split(".").slice(0, 3).join(".");
    const statuses: number[] = [];
    for (let host = 1; host <= 25; host += 1) {
      const response = await requestCode(harness, at(`${network}.${host}`), "sign-up", nextPhone());
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it("an IPv6 /64 counts as one network, whatever the interface ids", async () => {
    const prefix = `2001:db8:${(Math.floor(Math.random() * 0xffff)).toString(16)}:1`;
    const statuses: number[] = [];
    for (let host = 1; host <= 21; host += 1) {
      const response = await requestCode(
        harness,
        at(`${prefix}::${host.toString(16)}`),
        "sign-up",
        nextPhone(),
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
  });

  it("SMS to one foreign country: 20 an hour from any number of networks", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 22; index += 1) {
      const response = await requestCode(harness, at(nextIp()), "sign-up", nextForeignPhone());
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429]);
    // Home numbers are not held back by it.
    expect((await requestCode(harness, at(nextIp()), "sign-up", nextPhone())).statusCode).toBe(200);
  });
});

describe("the SMS budget", () => {
  let budgetHarness: TestApp;
  beforeAll(async () => {
    budgetHarness = await createTestApp({ SMS_HOURLY_BUDGET: "3" });
  });
  afterAll(async () => budgetHarness?.close());

  it("the site's hourly SMS budget stops every SMS once spent, with a warning in the log (once)", async () => {
    const warn = vi.spyOn(budgetHarness.app.log, "warn");
    const statuses: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      statuses.push((await requestCode(budgetHarness, at(nextIp()), "sign-up", nextPhone())).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const warnings = warn.mock.calls.filter(([, message]) => String(message).includes("SMS budget"));
    expect(warnings).toHaveLength(1);
    // Email codes are not SMS: they still go out.
    const email = `budget${Date.now()}@mail.kg`;
    expect((await requestCode(budgetHarness, at(nextIp()), "sign-up", email)).statusCode).toBe(200);
  });
});
