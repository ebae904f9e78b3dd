import { serverContext } from "#server-context";
import { TitledPage } from "../components/titled-page.tsx";
import { FaqList } from "../features/content/faq-list.tsx";
import { localeFromPath, requireTexts } from "../lib/i18n.ts";
import { pageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/faq.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("content");

export const handle = pageHandle("faq");

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  return { topics: await context.get(serverContext).services.contentService.faq(locale) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <TitledPage>
      <FaqList topics={loaderData.topics} />
    </TitledPage>
  );
}
