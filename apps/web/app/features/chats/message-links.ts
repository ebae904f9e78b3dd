/**
 * Links in chat messages (issue 14: "links shown but not clickable unless on our own domain"). A
 * message is cut into text and links; only addresses on the site's own origin become links, every
 * other address stays plain text, so a payment or phishing page is never one tap away.
 */

export type MessagePart =
  | { kind: "text"; text: string }
  /** `href` is the full address on our origin; `text` is what was written. */
  | { kind: "link"; text: string; href: string };

/** http(s) addresses, `www.` ones, and bare addresses of the given host (`unaa.kg/car/5`). */
function addressPattern(host: string): RegExp {
  const escapedHost = host.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:https?:\\/\\/|www\\.|\\b${escapedHost}(?=[/?#]|$|\\s))[^\\s<>"]*`, "gi");
}

/** Punctuation that ends a sentence rather than the address before it. */
const trailing = /[.,;:!?)\]}'»"]+$/;

/** The address written, as a URL on `origin`, or null when it leads anywhere else. */
export function ownSiteUrl(written: string, origin: string): URL | null {
  const site = new URL(origin);
  const absolute = /^https?:\/\//i.test(written) ? written : `${site.protocol}//${written}`;
  let url: URL;
  try {
    url = new URL(absolute);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\./i, "").toLowerCase();
  if (host !== site.hostname.replace(/^www\./i, "").toLowerCase()) return null;
  if (url.port !== site.port || url.username || url.password) return null;
  return url;
}

/**
 * Cuts a message into parts. A link's `href` is the path on our site (`/car/5?x=1#y`), so it opens
 * in the app whatever address form was written.
 */
export function splitMessageText(text: string, origin: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let rest = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const last = parts.at(-1);
    if (last?.kind === "text") last.text += value;
    else parts.push({ kind: "text", text: value });
  };
  for (const match of text.matchAll(addressPattern(new URL(origin).hostname))) {
    const raw = match[0];
    const written = raw.replace(trailing, "");
    const start = match.index;
    const url = written.length > 0 ? ownSiteUrl(written, origin) : null;
    pushText(text.slice(rest, start));
    if (url) parts.push({ kind: "link", text: written, href: `${url.pathname}${url.search}${url.hash}` });
    else pushText(written);
    rest = start + written.length;
  }
  pushText(text.slice(rest));
  return parts;
}
