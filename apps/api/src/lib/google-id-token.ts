import { createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";
import { AppError } from "../errors.ts";

export interface GoogleIdentity {
  /** Google's stable account id. */
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface GoogleVerifierOptions {
  clientId: string | undefined;
  jwksUrl: string;
  issuers: string[];
}

export type GoogleIdTokenVerifier = (idToken: string) => Promise<GoogleIdentity>;

/**
 * Checks a Google ID token: RS256 signature against Google's keys (fetched from the JWKS URL and
 * cached by jose), audience = our client id, issuer accounts.google.com, not expired. Anything
 * wrong, or no client id configured, is `GOOGLE_TOKEN_INVALID`.
 */
export function createGoogleVerifier(options: GoogleVerifierOptions): GoogleIdTokenVerifier {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  return async (idToken) => {
    if (!options.clientId) throw new AppError("GOOGLE_TOKEN_INVALID");
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        algorithms: ["RS256"],
        audience: options.clientId,
        issuer: options.issuers,
        requiredClaims: ["sub", "exp", "iat"],
        clockTolerance: 5,
      }));
    } catch (error) {
      throw new AppError("GOOGLE_TOKEN_INVALID", { cause: error });
    }
    const email = typeof payload.email === "string" ? payload.email.toLowerCase() : null;
    return {
      sub: String(payload.sub),
      email,
      emailVerified: payload.email_verified === true || payload.email_verified === "true",
      name: typeof payload.name === "string" ? payload.name : null,
    };
  };
}
