import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import cookie from "@fastify/cookie";
import { LOCALE_COOKIE, SESSION_COOKIE } from "@unaa/contracts";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isPhoneRequest, pageCookies, pageResponses } from "./page-responses.ts";

/** A page route as the server has it: the page names the viewer it was rendered for. */
async function pageServer(options: { setCookie?: boolean; rendered?: Promise<void> } = {}) {
  let clock = 1_000;
  let renders = 0;
  const app = Fastify();
  await app.register(cookie);
  app.get("*", pageResponses({ ttlMs: 5_000, maxPages: 10, now: () => clock }), async (request, reply) => {
    renders++;
    await options.rendered;
    const viewer = request.cookies[SESSION_COOKIE] ? `user ${request.cookies[SESSION_COOKIE]}` : "guest";
    if (options.setCookie) reply.header("set-cookie", "i18n_redirected=en; Path=/");
    reply.type("text/html; charset=utf-8");
    return `<html><body>${request.url} for ${viewer}${".".repeat(2000)}</body></html>`;
  });
  return {
    app,
    renders: () => renders,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const session = (id: string) => ({ cookie: `${SESSION_COOKIE}=${id}` });

let server: Awaited<ReturnType<typeof pageServer>>;
let app: FastifyInstance;
beforeEach(async () => {
  server = await pageServer();
  app = server.app;
});
afterEach(async () => {
  await app.close();
});

describe("guests' page cache", () => {
  it("renders a guest's page once for the same address within the cache time, then again", async () => {
    expect((await app.inject({ url: "/car?page=2" })).body).toContain("/car?page=2 for guest");
    expect((await app.inject({ url: "/car?page=2" })).body).toContain("/car?page=2 for guest");
    expect(server.renders()).toBe(1);
    await app.inject({ url: "/car?page=3" });
    expect(server.renders()).toBe(2);
    server.advance(5_001);
    await app.inject({ url: "/car?page=2" });
    expect(server.renders()).toBe(3);
  });

  it("never serves a guest's page to a signed-in viewer", async () => {
    await app.inject({ url: "/" });
    const signedIn = await app.inject({ url: "/", headers: session("7") });
    expect(signedIn.body).toContain("/ for user 7");
    expect(server.renders()).toBe(2);
  });

  it("never serves a signed-in viewer's page to a guest or to another viewer", async () => {
    expect((await app.inject({ url: "/", headers: session("7") })).body).toContain("for user 7");
    expect((await app.inject({ url: "/", headers: session("8") })).body).toContain("for user 8");
    expect((await app.inject({ url: "/" })).body).toContain("/ for guest");
    expect(server.renders()).toBe(3);
  });

  it("keys pages by the locale cookie and the host", async () => {
    await app.inject({ url: "/" });
    await app.inject({ url: "/", headers: { cookie: `${LOCALE_COOKIE}=en` } });
    await app.inject({ url: "/", headers: { host: "other.example" } });
    expect(server.renders()).toBe(3);
    // Cookies no page reads share the guest's page.
    await app.inject({ url: "/", headers: { cookie: "_ym_uid=123" } });
    expect(server.renders()).toBe(3);
  });

  it("keys pages by the kind of device: a phone's page is not a wide screen's", async () => {
    const phone = {
      "user-agent":
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36",
    };
    const iphone = {
      "user-agent":
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
    };
    const tablet = {
      "user-agent": "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/131.0 Safari/537.36",
    };
    await app.inject({ url: "/car" });
    await app.inject({ url: "/car", headers: phone });
    expect(server.renders()).toBe(2);
    await app.inject({ url: "/car", headers: iphone });
    await app.inject({ url: "/car", headers: tablet });
    expect(server.renders()).toBe(2);
  });

  it("renders a page once for requests that ask while it is being rendered", async () => {
    await app.close();
    let finish = () => {};
    server = await pageServer({ rendered: new Promise((resolve) => (finish = resolve)) });
    app = server.app;
    const answers = Promise.all([1, 2, 3, 4, 5].map(() => app.inject({ url: "/car?page=4" })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    finish();
    for (const answer of await answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain("/car?page=4 for guest");
    }
    expect(server.renders()).toBe(1);
  });

  it("lets requests that waited for an answer it does not keep render their own", async () => {
    await app.close();
    let finish = () => {};
    server = await pageServer({ setCookie: true, rendered: new Promise((resolve) => (finish = resolve)) });
    app = server.app;
    const answers = Promise.all([1, 2, 3].map(() => app.inject({ url: "/en" })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    finish();
    expect((await answers).map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(server.renders()).toBe(3);
  });

  it("never keeps an answer that sets a cookie", async () => {
    await app.close();
    server = await pageServer({ setCookie: true });
    app = server.app;
    await app.inject({ url: "/en" });
    await app.inject({ url: "/en" });
    expect(server.renders()).toBe(2);
  });

  it("compresses a page once per encoding, and answers each browser in the encoding it accepts", async () => {
    // Chromium's and Firefox's header: Zstandard, the cheapest to make (decision 090).
    const zstd = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(zstd.headers["content-encoding"]).toBe("zstd");
    expect(zstd.headers.vary).toBe("accept-encoding, user-agent");
    expect(zstdDecompressSync(zstd.rawPayload).toString()).toContain("/ for guest");
    // Safari's.
    const br = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("/ for guest");
    const gzip = await app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toContain("/ for guest");
    const plain = await app.inject({ url: "/" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(server.renders()).toBe(1);
  });
});

describe("page cookies", () => {
  it("pass only the cookies that key the cache", () => {
    expect(pageCookies({ [LOCALE_COOKIE]: "ky", [SESSION_COOKIE]: "s", _ym_uid: "1" })).toEqual({
      [LOCALE_COOKIE]: "ky",
    });
  });
});

describe("phones", () => {
  it("are told by their user agents; tablets and desktops are not phones", () => {
    const phones = [
      "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      "Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0",
    ];
    const others = [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
      "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    ];
    for (const userAgent of phones) expect(isPhoneRequest({ "user-agent": userAgent }), userAgent).toBe(true);
    for (const userAgent of others)
      expect(isPhoneRequest({ "user-agent": userAgent }), userAgent).toBe(false);
    expect(isPhoneRequest({})).toBe(false);
  });
});
