import { serverContext } from "#server-context";
import { StaticPage } from "../features/content/static-page.tsx";
import { localeFromPath } from "../lib/i18n.ts";
import { pageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/about.ts";

export const handle = pageHandle("about");

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  return { text: await context.get(serverContext).services.contentService.pageText("about", locale) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StaticPage text={loaderData.text} />;
}
