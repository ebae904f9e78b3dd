import { locales } from "@unaa/contracts";
import { serverContext } from "#server-context";
import type { Route } from "./+types/robots.ts";

/**
 * `/robots.txt`: crawlers may read every public page; account, staff and form pages are private or
 * empty for them, and the sitemap index names the rest.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { publicOrigin } = await context.get(serverContext).services.configService.getPublicConfig();
  const privatePaths = [
    "/api/",
    "/settings",
    "/dashboard",
    "/create",
    "/login",
    "/reset-password",
    "/services/",
  ];
  const lines = [
    "User-agent: *",
    ...privatePaths.flatMap((path) => [
      `Disallow: ${path}`,
      ...(path.startsWith("/api/") ? [] : locales.map((locale) => `Disallow: /${locale}${path}`)),
    ]),
    "Allow: /",
    "",
    `Sitemap: ${publicOrigin}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
