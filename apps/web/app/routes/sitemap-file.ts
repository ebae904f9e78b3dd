import { verticals } from "@unaa/contracts";
import { serverContext } from "#server-context";
import { type SitemapPage, urlsetXml, xmlHeaders } from "../lib/sitemap-xml.ts";
import type { Route } from "./+types/sitemap-file.ts";

/** The public pages that are not data: the `pages` file of the index. */
const staticPages: SitemapPage[] = [
  "/",
  ...verticals.map((vertical) => `/${vertical}`),
  "/catalog",
  "/urgent",
  "/business",
  "/reviews",
  "/about",
  "/accessibility",
  "/advert",
  "/agreement-policy",
  "/contact",
  "/faq",
  "/mobile-app",
].map((path) => ({ path }));

/** `/sitemaps/<name>.xml`: one file of the sitemap index (routes/sitemap.ts); others are not found. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { configService, sitemapService } = context.get(serverContext).services;
  const name = /^([a-z0-9-]{1,40})\.xml$/.exec(params.file)?.[1];
  const pages = name === "pages" ? staticPages : name ? await sitemapService.entries(name) : null;
  if (!pages) return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain" } });
  const { publicOrigin } = await configService.getPublicConfig();
  return new Response(urlsetXml(publicOrigin, pages), { headers: xmlHeaders });
}
