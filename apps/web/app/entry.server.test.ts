import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, pageContentSecurityPolicy } from "./entry.server.tsx";

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
});
