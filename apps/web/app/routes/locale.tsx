import { isLocale } from "@unaa/contracts";
import { data, Outlet } from "react-router";
import { serverContext } from "#server-context";
import { ensureLocale, localeCookie, readLocaleCookie } from "../lib/i18n.ts";
import { notFound } from "../lib/not-found.ts";
import type { Route } from "./+types/locale.ts";

/**
 * The optional locale prefix: none (Russian), /ru, /ky or /en; any other first segment is 404.
 * An address with a prefix is a choice of language: the locale cookie remembers it (S4.18, S9.1),
 * so the next visit to "/" goes there. An address without one changes nothing (it is the default
 * address that links and search engines share, not a choice).
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.lang === undefined) return null;
  if (!isLocale(params.lang)) notFound(request);
  if (readLocaleCookie(context.get(serverContext).cookies) === params.lang) return null;
  return data(null, { headers: { "Set-Cookie": localeCookie(params.lang) } });
}

/** In the browser a language change loads that locale's texts first (a failure is logged, S4.18). */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  if (params.lang !== undefined && !isLocale(params.lang)) notFound(request);
  await ensureLocale(params.lang ?? "ru");
  return null;
}

export default function LocaleRoute() {
  return <Outlet />;
}
