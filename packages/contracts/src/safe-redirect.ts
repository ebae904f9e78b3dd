/** An origin no address of ours can have: what a target resolves against to tell where it leads. */
const PROBE_ORIGIN = "http://same-origin.invalid";

/**
 * The one check for every redirect the site makes from input (a `redirect=` query, a sign-in
 * target, a language switch): `target` when it is a path on this site, else `fallback`.
 *
 * Refused: anything but a single leading "/" (`//host`, schemes), any backslash, and any control
 * character (TAB, CR, LF, NUL… — browsers drop TAB and newlines, so `/\t/evil.example` would
 * become `//evil.example`). What passes comes back in the URL parser's percent-encoded form, so a
 * non-ASCII or odd character can never make an invalid `Location` header.
 */
export function safeRedirectPath(target: string | null | undefined, fallback: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point.
  if (!target?.startsWith("/") || target.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(target)) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
