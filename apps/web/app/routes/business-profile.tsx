import { TitledPage } from "../components/titled-page.tsx";
import { notFound } from "../lib/not-found.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/business-profile.ts";

const BUSINESS_LINK = /^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/i;

export function loader({ request, params }: Route.LoaderArgs) {
  if (!BUSINESS_LINK.test(params.link)) notFound(request);
  return null;
}

export const handle: PageHandle = {
  breadcrumbs: (params) => [{ key: "page.business.title", to: "/business" }, { text: params.link ?? "" }],
};

export default function BusinessProfile() {
  return <TitledPage />;
}
