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
  sessionCookie: KeyObject;
  oneTimeCode: KeyObject;
}

/** Key objects, made once: turning raw bytes into a key on every HMAC costs more than the HMAC. */
export function deriveAuthKeys(secret: string): AuthKeys {
  const derive = (label: string) =>
    createSecretKey(createHmac("sha256", secret).update(`unaa:${label}`).digest());
  return {
    accessToken: derive("access-token"),
    sessionCookie: derive("session-cookie"),
    oneTimeCode: derive("one-time-code"),
  };
}

export interface AccessClaims {
  userId: number;
  sessionId: string;
  roles: Role[];
}

const ISSUER = "unaa";

/** The access token: HS256 JWT, 15 minutes, claims `sub` (user id), `sid` (session id), `roles`. */
export function signAccessToken(key: KeyObject, claims: AccessClaims, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ sid: claims.sessionId, roles: claims.roles })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key);
}

/** Throws `TOKEN_EXPIRED` for an expired token and `UNAUTHORIZED` for anything else wrong. */
export async function verifyAccessToken(key: KeyObject, token: string): Promise<AccessClaims> {
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
    return { userId, sessionId, roles };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AppError("TOKEN_EXPIRED");
    if (error instanceof AppError) throw error;
    throw new AppError("UNAUTHORIZED");
  }
}

/** A refresh token: 32 random bytes. Only its SHA-256 is stored. */
export function createRefreshToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

function sign(key: KeyObject, value: string): string {
  return createHmac("sha256", key).update(value).digest("base64url");
}

/** `unaa_session` cookie value: `<sessionId>.<HMAC>`. It tells SSR who is there, nothing more. */
export function signSessionCookie(key: KeyObject, sessionId: string): string {
  return `${sessionId}.${sign(key, sessionId)}`;
}

/** The session id of a genuine cookie value, else null. */
export function readSessionCookie(key: KeyObject, value: string | undefined): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return null;
  const sessionId = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(key, sessionId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? sessionId : null;
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

/** One cookie's value from a `Cookie` header (for SSR, which has no parsed cookies). */
export function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}
