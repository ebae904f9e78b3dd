import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { ACCESS_TOKEN_TTL_SECONDS, type Role } from "@unaa/contracts";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { AppError } from "../errors.ts";

/**
 * Keys for each use, derived from the one server secret (HMAC-SHA256 with a label), so a value
 * made for one purpose can never be replayed as another.
 */
export interface AuthKeys {
  accessToken: KeyObject;
  /** The secret @fastify/cookie signs the `unaa_session` cookie with (it takes raw bytes). */
  sessionCookie: Buffer;
  oneTimeCode: KeyObject;
  /** Derives each refresh token's successor (`successorRefreshToken`). */
  refreshSuccessor: KeyObject;
  /** The sandbox payment provider's notice key when SANDBOX_WEBHOOK_SECRET is unset (decision 061). */
  sandboxWebhook: string;
}

/** Key objects, made once: turning raw bytes into a key on every HMAC costs more than the HMAC. */
export function deriveAuthKeys(secret: string): AuthKeys {
  const derive = (label: string) => createHmac("sha256", secret).update(`unaa:${label}`).digest();
  return {
    accessToken: createSecretKey(derive("access-token")),
    sessionCookie: derive("session-cookie"),
    oneTimeCode: createSecretKey(derive("one-time-code")),
    refreshSuccessor: createSecretKey(derive("refresh-successor")),
    sandboxWebhook: derive("sandbox-webhook").toString("hex"),
  };
}

export interface AccessClaims {
  userId: number;
  sessionId: string;
  roles: Role[];
}

const ISSUER = "unaa";

/**
 * The access token: HS256 JWT, 15 minutes, claims `sub` (user id), `sid` (session id), `roles` and a
 * random `jti`, so two tokens issued in the same second (a refresh right after sign-in) still differ.
 */
export function signAccessToken(key: KeyObject, claims: AccessClaims, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ sid: claims.sessionId, roles: claims.roles })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setJti(randomBytes(9).toString("base64url"))
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key);
}

/**
 * The token's claims and when it expires (ms since the epoch). Throws `TOKEN_EXPIRED` for an expired
 * token and `UNAUTHORIZED` for anything else wrong.
 */
export async function verifyAccessToken(
  key: KeyObject,
  token: string,
): Promise<AccessClaims & { expiresAt: number }> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      requiredClaims: ["sub", "exp"],
    });
    const userId = Number(payload.sub);
    const sessionId = payload.sid;
    if (!Number.isSafeInteger(userId) || typeof sessionId !== "string") throw new AppError("UNAUTHORIZED");
    const roles = Array.isArray(payload.roles) ? (payload.roles as Role[]) : [];
    return { userId, sessionId, roles, expiresAt: Number(payload.exp) * 1000 };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AppError("TOKEN_EXPIRED");
    if (error instanceof AppError) throw error;
    throw new AppError("UNAUTHORIZED");
  }
}

export type AccessTokenVerifier = (token: string) => Promise<AccessClaims & { expiresAt: number }>;

/**
 * `verifyAccessToken` that remembers the tokens it accepted (up to `size`, the least recently used
 * forgotten first): an API client sends the same token with every call for 15 minutes, and its
 * signature check (an HMAC through WebCrypto) is most of the CPU of a small authenticated call.
 * The same string is the same signature, so a remembered token needs only its expiry checked again;
 * a refused one is never remembered. Sessions are still read on every call (an ended one stops at once).
 */
export function createAccessTokenVerifier(
  key: KeyObject,
  options: { size?: number; now?: () => number } = {},
): AccessTokenVerifier {
  const size = options.size ?? 5000;
  const now = options.now ?? Date.now;
  const accepted = new Map<string, AccessClaims & { expiresAt: number }>();
  return async (token) => {
    let claims = accepted.get(token);
    if (claims) accepted.delete(token);
    else claims = await verifyAccessToken(key, token);
    if (claims.expiresAt <= now()) throw new AppError("TOKEN_EXPIRED");
    accepted.set(token, claims);
    if (accepted.size > size) accepted.delete(accepted.keys().next().value as string);
    return claims;
  };
}

/** A refresh token: 32 random bytes. Only its SHA-256 is stored. */
export function createRefreshToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The token a refresh token is rotated to: derived from it with a server key (as random as a new
 * one to anyone without the key), so that a refresh asked again with the same token — its answer
 * lost to a navigation or a dropped connection, or a second tab's — gets the same successor
 * instead of ending the session (decision 082).
 */
export function successorRefreshToken(key: KeyObject, token: string): string {
  return createHmac("sha256", key).update(token).digest("base64url");
}

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** HMAC of a one-time code, bound to where it was sent and why. */
export function hashOneTimeCode(key: KeyObject, destination: string, purpose: string, code: string): string {
  return createHmac("sha256", key).update(`${purpose}\n${destination}\n${code}`).digest("base64url");
}

export function isSameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
