import { createHash } from "node:crypto";
import { contentSecurityDirectives, contentSecurityPolicy } from "@unaa/contracts";
import { describe, expect, it } from "vitest";
import { externalScriptOrigins, inlineScriptHashes, pageContentSecurityPolicy } from "./entry.server.tsx";

describe("page CSP", () => {
  it("allows exactly the page's inline scripts, by hash", () => {
    const inline = 'window.__x = {"a":1};';
    const html = `<head><script>${inline}</script><script type="module" src="/assets/a.js"></script><script type="module">import("/b.js")</script></head>`;
    const expected = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([expected(inline), expected('import("/b.js")')]);
    const csp = pageContentSecurityPolicy(html);
    expect(csp).toContain(`script-src 'self' ${expected(inline)}`);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp.split("; ").find((part) => part.startsWith("script-src"))).not.toContain("unsafe-inline");
  });

  it("[S7.31] allows the origin of a configured analytics tag, and nothing else", () => {
    const page =
      '<script async src="https://mc.example.org/tag.js"></script><script src="/assets/a.js"></script>';
    expect(externalScriptOrigins(page)).toEqual(["https://mc.example.org"]);
    const csp = pageContentSecurityPolicy(page);
    expect(csp).toContain("script-src 'self' https://mc.example.org");
    expect(csp).toContain("connect-src 'self' https://mc.example.org;");
    expect(externalScriptOrigins('<script src="/assets/a.js"></script>')).toEqual([]);
  });

  it("lets scripts connect only to the site's own origin (no ws: or wss: to any host)", () => {
    const connect = contentSecurityPolicy()
      .split("; ")
      .find((part) => part.startsWith("connect-src"));
    expect(connect).toBe("connect-src 'self'");
  });

  it("comes from the same directives as the API's policy, adding only the page's own script sources", () => {
    // A page without scripts gets exactly the policy every API response carries (http-hardening.ts).
    expect(pageContentSecurityPolicy("<p>no scripts</p>")).toBe(contentSecurityPolicy());
    const inline = "window.a = 1;";
    const hash = `'sha256-${createHash("sha256").update(inline).digest("base64")}'`;
    const origin = "https://mc.example.org";
    const policy = pageContentSecurityPolicy(
      `<script>${inline}</script><script src="${origin}/t.js"></script>`,
    );
    const page = new Map(policy.split("; ").map((part) => [part.split(" ")[0], part.split(" ").slice(1)]));
    const added: Record<string, string[]> = {
      "script-src": [origin, hash],
      "img-src": [origin],
      "connect-src": [origin],
    };
    expect([...page.keys()]).toEqual(Object.keys(contentSecurityDirectives));
    for (const [directive, shared] of Object.entries(contentSecurityDirectives)) {
      expect(page.get(directive), directive).toEqual([...shared, ...(added[directive] ?? [])]);
    }
  });
});
