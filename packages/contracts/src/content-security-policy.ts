/**
 * The Content-Security-Policy, in one place: every response carries it as it is (the API's
 * plugins/http-hardening.ts), and pages add the hashes of their inline scripts and the origin of a
 * configured analytics tag (apps/web/app/entry.server.tsx). Here because both apps import
 * contracts and nothing of each other; only the renderer knows a page's inline scripts.
 */
export const contentSecurityDirectives = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  // No inline event handlers (onclick="…") anywhere; inline scripts only by hash, on pages.
  "script-src-attr": ["'none'"],
  // 'unsafe-inline': Mantine writes inline `style` attributes, which no nonce can cover (decision 044).
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:"],
  // The site's own origin only: in CSP Level 3 'self' also matches ws:/wss: to the same host
  // (/api/socket), so no other host can be reached by a socket.
  "connect-src": ["'self'"],
  // The ad pages' video player, mounted on request (features/ads/ad-page-video.tsx).
  "frame-src": ["https://www.youtube-nocookie.com"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "frame-ancestors": ["'none'"],
  "form-action": ["'self'"],
} as const satisfies Record<string, readonly string[]>;

export type ContentSecurityDirective = keyof typeof contentSecurityDirectives;

/** What a rendered page adds to the shared directives. */
export interface PageScriptSources {
  /** `'sha256-…'` of each inline script the page carries. */
  inlineScriptHashes?: readonly string[];
  /** Origins of the page's third-party scripts (the analytics tag), which also load images and send beacons. */
  thirdPartyOrigins?: readonly string[];
  /** Origins images may also come from (the configured map tiles). */
  imageOrigins?: readonly string[];
}

/** The origin of a map tile template for `img-src`: `https://{s}.tile.example.org/…` → `https://*.tile.example.org`. */
export function tileOrigin(tileUrl: string): string | null {
  const found = /^https:\/\/[^/]+/.exec(tileUrl);
  return found ? found[0].replace(/\{[a-z]\}/g, "*") : null;
}

/** The policy header's value: the shared directives, plus a page's own script sources when given. */
export function contentSecurityPolicy({
  inlineScriptHashes = [],
  thirdPartyOrigins = [],
  imageOrigins = [],
}: PageScriptSources = {}): string {
  const added: Partial<Record<ContentSecurityDirective, readonly string[]>> = {
    "script-src": [...thirdPartyOrigins, ...inlineScriptHashes],
    "img-src": [...imageOrigins, ...thirdPartyOrigins],
    "connect-src": thirdPartyOrigins,
  };
  return Object.entries(contentSecurityDirectives)
    .map(([name, sources]) =>
      [name, ...sources, ...(added[name as ContentSecurityDirective] ?? [])].join(" "),
    )
    .join("; ");
}
