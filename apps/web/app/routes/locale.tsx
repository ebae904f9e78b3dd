import { isLocale } from "@unaa/contracts";
import { Outlet } from "react-router";
import { ensureLocale } from "../lib/i18n.ts";
import { notFound } from "../lib/not-found.ts";
import type { Route } from "./+types/locale.ts";

/** The optional locale prefix: none (Russian), /ru, /ky or /en; any other first segment is 404. */
export function loader({ request, params }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isLocale(params.lang)) notFound(request);
  return null;
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
