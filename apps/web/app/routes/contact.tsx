import { serverContext } from "#server-context";
import { ContactDetailsCard } from "../features/content/contact-details.tsx";
import { ContactForm } from "../features/content/contact-form.tsx";
import { StaticPage } from "../features/content/static-page.tsx";
import { localeFromPath, requireTexts } from "../lib/i18n.ts";
import { pageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/contact.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("content");

export const handle = pageHandle("contact");

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const { contentService } = context.get(serverContext).services;
  const [text, details] = await Promise.all([
    contentService.pageText("contact", locale),
    contentService.contactDetails(),
  ]);
  return { text, details };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <StaticPage text={loaderData.text}>
      <ContactDetailsCard details={loaderData.details} />
      <ContactForm />
    </StaticPage>
  );
}
