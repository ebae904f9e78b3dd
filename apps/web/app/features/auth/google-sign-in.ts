import { safeRedirectPath } from "@unaa/contracts";

/**
 * Google sign-in without Google's script: the browser goes to Google's OAuth page and comes back
 * to /login with an ID token in the URL fragment (OpenID Connect implicit flow,
 * `response_type=id_token`). This keeps the page CSP free of third-party scripts and frames. The
 * address `{origin}/login` must be listed as an authorised redirect URI of the client id.
 */

const STATE_KEY = "unaa-google-state";
const GOOGLE_AUTH_URL = "https://accounts.google.com/o/oauth2/v2/auth";

interface PendingGoogleSignIn {
  state: string;
  /** Where the visitor returns after signing in: the login page with its `redirect` query. */
  returnTo: string;
}

function randomToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function googleRedirectUri(origin: string): string {
  return `${origin}/login`;
}

/** Leaves for Google's sign-in page; `returnTo` is the login page address to come back to. */
export function startGoogleSignIn(clientId: string, returnTo: string): void {
  const pending: PendingGoogleSignIn = { state: randomToken(), returnTo };
  sessionStorage.setItem(STATE_KEY, JSON.stringify(pending));
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: googleRedirectUri(window.location.origin),
    response_type: "id_token",
    scope: "openid email profile",
    nonce: randomToken(),
    state: pending.state,
    prompt: "select_account",
  });
  window.location.assign(`${GOOGLE_AUTH_URL}?${params}`);
}

export type GoogleReturn =
  | { kind: "token"; idToken: string; returnTo: string }
  | { kind: "error"; returnTo: string }
  | null;

/**
 * Reads Google's answer from a URL fragment. Null when the fragment is not Google's answer; an
 * error when Google refused or the state does not match the one this tab sent (a forged return).
 */
export function readGoogleReturn(
  hash: string,
  storage: Pick<Storage, "getItem" | "removeItem">,
): GoogleReturn {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const state = params.get("state");
  if (!state || (!params.has("id_token") && !params.has("error"))) return null;
  let pending: PendingGoogleSignIn | null = null;
  try {
    pending = JSON.parse(storage.getItem(STATE_KEY) ?? "null") as PendingGoogleSignIn | null;
  } catch {
    pending = null;
  }
  storage.removeItem(STATE_KEY);
  const returnTo = safeRedirectPath(pending?.returnTo, "/login");
  const idToken = params.get("id_token");
  if (!pending || pending.state !== state || !idToken) return { kind: "error", returnTo };
  return { kind: "token", idToken, returnTo };
}
