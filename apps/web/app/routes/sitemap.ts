import { locales, verticals } from "@unaa/contracts";
import { serverContext } from "#server-context";
import { localizePath } from "../lib/i18n.ts";
import type { Route } from "./+types/sitemap.ts";

const staticPaths = [
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
];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** `/sitemap.xml`: every public page in each language, with its language alternates. */
export async function loader({ context }: Route.LoaderArgs) {
  const config = await context.get(serverContext).services.configService.getPublicConfig();
  // The configured origin, never the request's Host header.
  const origin = config.publicOrigin;
  const urls = staticPaths.flatMap((path) =>
    locales.map((locale) => {
      const alternates = locales
        .map(
          (other) =>
            `<xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(origin + localizePath(path, other))}"/>`,
        )
        .join("");
      return `<url><loc>${escapeXml(origin + localizePath(path, locale))}</loc>${alternates}</url>`;
    }),
  );
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">' +
    `${urls.join("")}</urlset>\n`;
  return new Response(xml, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
