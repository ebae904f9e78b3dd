import { serverContext } from "#server-context";
import { AppInstall } from "../features/content/app-install.tsx";
import { StaticPage } from "../features/content/static-page.tsx";
import { localeFromPath, requireTexts } from "../lib/i18n.ts";
import { pageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/mobile-app.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("content");

export const handle = pageHandle("mobileApp");

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const { contentService } = context.get(serverContext).services;
  const [text, storeLinks] = await Promise.all([
    contentService.pageText("mobile-app", locale),
    contentService.storeLinks(),
  ]);
  return { text, storeLinks };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <StaticPage text={loaderData.text}>
      <AppInstall storeLinks={loaderData.storeLinks} />
    </StaticPage>
  );
}
