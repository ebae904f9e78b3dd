import { serverContext } from "#server-context";
import { BusinessPage } from "../features/businesses/business-page.tsx";
import {
  type BusinessPageData,
  businessPageHead,
  loadBusinessPage,
} from "../features/businesses/business-page-data.ts";
import { requireTexts } from "../lib/i18n.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/business-profile.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("business", "profile", "reviews");

/** `/business/{link}`: an unknown link is the 404 page with HTTP 404. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadBusinessPage(request, context.get(serverContext), params.link);
}

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => [
    { key: "page.business.title", to: "/business" },
    { text: (data as BusinessPageData).business.name },
  ],
  head: (_params, data) => businessPageHead(data as BusinessPageData),
};

export default function BusinessProfile({ loaderData }: Route.ComponentProps) {
  return <BusinessPage key={loaderData.business.id} data={loaderData} />;
}
