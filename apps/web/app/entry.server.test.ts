import { createHash } from "node:crypto";
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
    expect(csp).toContain("connect-src 'self' ws: wss: https://mc.example.org");
    expect(externalScriptOrigins('<script src="/assets/a.js"></script>')).toEqual([]);
  });
});
