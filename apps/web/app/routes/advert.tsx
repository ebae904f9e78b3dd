import { serverContext } from "#server-context";
import { ContactForm } from "../features/content/contact-form.tsx";
import { StaticPage } from "../features/content/static-page.tsx";
import { localeFromPath, requireTexts } from "../lib/i18n.ts";
import { pageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/advert.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("content");

export const handle = pageHandle("advert");

/** What an advertising request is about: advertising in general or one of the banner slots. */
const advertTopics = ["advertising", "home-top", "list-sidebar", "ad-page"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  return { text: await context.get(serverContext).services.contentService.pageText("advert", locale) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <StaticPage text={loaderData.text}>
      <ContactForm topics={advertTopics} />
    </StaticPage>
  );
}
