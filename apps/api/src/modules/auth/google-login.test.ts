import { createServer, type Server } from "node:http";
import { authResultSchema, REFRESH_COOKIE } from "@unaa/contracts";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  desktop,
  listenOnFreePort,
  newClient,
  nextEmail,
  readSetCookies,
  signUpUser,
} from "./auth-test-kit.ts";

const CLIENT_ID = "unaa-test.apps.googleusercontent.com";
const KID = "test-key-1";

let harness: TestApp;
let jwksServer: Server;
let jwksRequests = 0;
let googleKey: CryptoKey;
let strangerKey: CryptoKey;
let sequence = 0;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  googleKey = pair.privateKey;
  strangerKey = (await generateKeyPair("RS256")).privateKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: "RS256", use: "sig" };
  // A stand-in for https://www.googleapis.com/oauth2/v3/certs.
  jwksServer = createServer((request, response) => {
    jwksRequests += 1;
    if (request.url !== "/oauth2/v3/certs") {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ keys: [publicJwk] }));
  });
  const port = await listenOnFreePort(jwksServer);
  harness = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs`,
  });
});
afterAll(async () => {
  await harness.close();
  await new Promise((resolve) => jwksServer.close(resolve));
});

interface TokenOptions {
  claims?: JWTPayload;
  key?: CryptoKey;
  audience?: string;
  issuer?: string;
  expiresAt?: number;
}

function googleIdToken(options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  sequence += 1;
  return new SignJWT({ email_verified: true, name: "Aida Test", ...options.claims })
    .setProtectedHeader({ alg: "RS256", kid: KID, typ: "JWT" })
    .setIssuer(options.issuer ?? "https://accounts.google.com")
    .setAudience(options.audience ?? CLIENT_ID)
    .setSubject(String(options.claims?.sub ?? `10${Date.now()}${sequence}`))
    .setIssuedAt(now - 10)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(options.key ?? googleKey);
}

const googleLogin = (idToken: string) =>
  harness.app.inject({
    method: "POST",
    url: "/api/auth/google-login",
    remoteAddress: newClient().ip,
    payload: { idToken, device: desktop, source: "Mozilla/5.0" },
  });

describe("POST /api/auth/google-login", () => {
  it("[S7.18] signs a new Google user up: confirmed email, no password, cookies set", async () => {
    const email = nextEmail();
    const response = await googleLogin(await googleIdToken({ claims: { email, sub: "google-new-1" } }));
    expect(response.statusCode, response.body).toBe(200);
    const body = authResultSchema.parse(response.json());
    expect(body.user).toMatchObject({ email, emailConfirmed: true, hasPassword: false, phones: [] });
    expect(body.user.username).toMatch(/^Aida\.Test/);
    expect(readSetCookies(response)[REFRESH_COOKIE]?.value).toBeTruthy();
    expect(jwksRequests).toBeGreaterThan(0);

    const again = await googleLogin(await googleIdToken({ claims: { email, sub: "google-new-1" } }));
    expect(again.json().user.id).toBe(body.user.id);
  });

  it("[S7.18] links to the existing account with the same confirmed email", async () => {
    const user = await signUpUser(harness, { login: nextEmail() });
    const response = await googleLogin(
      await googleIdToken({ claims: { email: user.login, sub: "google-link-1" } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.userId, hasPassword: true });
  });

  it("does not link by an email Google has not verified", async () => {
    const user = await signUpUser(harness, { login: nextEmail() });
    const response = await googleLogin(
      await googleIdToken({
        claims: { email: user.login, email_verified: false, sub: "google-unverified-1" },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).not.toBe(user.userId);
    expect(response.json().user.email).toBeNull();
  });

  it("accepts the issuer without the scheme too (accounts.google.com)", async () => {
    const response = await googleLogin(
      await googleIdToken({ issuer: "accounts.google.com", claims: { email: nextEmail() } }),
    );
    expect(response.statusCode).toBe(200);
  });

  it("refuses an expired token, a wrong audience, a bad signature and a wrong issuer (401 GOOGLE_TOKEN_INVALID)", async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: Record<string, string> = {
      expired: await googleIdToken({ expiresAt: now - 60 }),
      "wrong audience": await googleIdToken({ audience: "someone-else.apps.googleusercontent.com" }),
      "bad signature": await googleIdToken({ key: strangerKey }),
      "wrong issuer": await googleIdToken({ issuer: "https://evil.example" }),
      garbage: "not.a.jwt",
    };
    const [, payload] = (await googleIdToken()).split(".");
    const unsigned = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT", kid: KID })).toString("base64url");
    cases["alg none"] = `${unsigned}.${payload}.`;
    for (const [name, token] of Object.entries(cases)) {
      const response = await googleLogin(token);
      expect(response.statusCode, name).toBe(401);
      expect(response.json().code, name).toBe("GOOGLE_TOKEN_INVALID");
    }
    const empty = await googleLogin("");
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "idToken" }] });
  });

  it("refuses a blocked Google user with 403", async () => {
    const response = await googleLogin(
      await googleIdToken({ claims: { sub: "google-blocked-1", email: nextEmail() } }),
    );
    const user = response.json().user;
    await harness.app.accounts.users.blockUser(user.id);
    const again = await googleLogin(await googleIdToken({ claims: { sub: "google-blocked-1" } }));
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe("BLOCKED");
    const me = await harness.app.inject({
      url: "/api/user/me",
      headers: { authorization: `Bearer ${response.json().accessToken}` },
    });
    expect(me.statusCode).toBe(403);
  });

  it("is off without GOOGLE_CLIENT_ID", async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({
        method: "POST",
        url: "/api/auth/google-login",
        payload: { idToken: await googleIdToken(), device: desktop, source: "x" },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("GOOGLE_TOKEN_INVALID");
    } finally {
      await plain.close();
    }
  });
});
