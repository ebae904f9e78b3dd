import type { PublicConfig } from "@unaa/contracts";

/**
 * The web-analytics tag of spec section 7 (click map, link tracking and bounce tracking on; the
 * session recorder off). Rendered only when a counter is configured; the page CSP then allows the
 * tag's origin (see entry.server.tsx).
 */
export function AnalyticsTag({ analytics }: { analytics: PublicConfig["analytics"] }) {
  if (!analytics) return null;
  const counter = Number(analytics.siteId);
  const init =
    "window.ym=window.ym||function(){(window.ym.a=window.ym.a||[]).push(arguments)};window.ym.l=Date.now();" +
    `ym(${counter},"init",${JSON.stringify(analytics.options)});`;
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script built from numbers and booleans, allowed by its CSP hash. */}
      <script dangerouslySetInnerHTML={{ __html: init }} />
      <script async src={analytics.scriptUrl} />
    </>
  );
}
