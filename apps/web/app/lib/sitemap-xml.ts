import { type Locale, locales } from "@unaa/contracts";
import { localizePath } from "./i18n.ts";

/** One address of a sitemap file: a path without a locale prefix and when it last changed. */
export interface SitemapPage {
  path: string;
  lastmod?: Date;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

const lastmodTag = (date: Date | undefined) => (date ? `<lastmod>${date.toISOString()}</lastmod>` : "");

/** A `<urlset>`: each page once per language, each entry naming all its language alternates. */
export function urlsetXml(origin: string, pages: readonly SitemapPage[]): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const page of pages) {
    const addresses = locales.map((locale: Locale) => escapeXml(origin + localizePath(page.path, locale)));
    const alternates = locales
      .map((locale, index) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${addresses[index]}"/>`)
      .join("");
    const lastmod = lastmodTag(page.lastmod);
    for (const address of addresses) parts.push(`<url><loc>${address}</loc>${lastmod}${alternates}</url>`);
  }
  parts.push("</urlset>\n");
  return parts.join("");
}

/** A `<sitemapindex>` of files served at `/sitemaps/<name>.xml`. */
export function sitemapIndexXml(origin: string, files: readonly { name: string; lastmod?: Date }[]): string {
  const entries = files.map(
    (file) =>
      `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${file.name}.xml`)}</loc>${lastmodTag(file.lastmod)}</sitemap>`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join("")}</sitemapindex>\n`
  );
}

export const xmlHeaders = {
  "content-type": "application/xml; charset=utf-8",
  "cache-control": "public, max-age=3600",
};
