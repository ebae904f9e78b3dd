import { serverContext } from "#server-context";
import { sitemapIndexXml, xmlHeaders } from "../lib/sitemap-xml.ts";
import type { Route } from "./+types/sitemap.ts";

/**
 * `/sitemap.xml`: a sitemap index (decision 062) — the static pages, the catalogue, the car lists by
 * model and the active ads in files of at most 50,000 addresses (routes/sitemap-file.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { configService, sitemapService } = context.get(serverContext).services;
  // The configured origin, never the request's Host header.
  const [{ publicOrigin }, files] = await Promise.all([
    configService.getPublicConfig(),
    sitemapService.files(),
  ]);
  return new Response(sitemapIndexXml(publicOrigin, [{ name: "pages" }, ...files]), { headers: xmlHeaders });
}
